import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { promptSecret, readSecretFrom, type TerminalInput } from './secret-input.js';

/** A terminal to type on: what is written to it goes to the prompt; raw mode is recorded. */
function terminal() {
  const input = new PassThrough() as PassThrough & TerminalInput;
  const modes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (mode: boolean) => modes.push(mode);
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  return { input, output, modes, shown: () => shown };
}

describe('readSecretFrom', () => {
  it('reads everything and drops one trailing line end, no more', async () => {
    expect(await readSecretFrom(Readable.from(['a long ', 'password\n']))).toBe('a long password');
    expect(await readSecretFrom(Readable.from(['pass\r\n']))).toBe('pass');
    expect(await readSecretFrom(Readable.from(['pass \n\n']))).toBe('pass \n');
    expect(await readSecretFrom(Readable.from([Buffer.from('pässwörd — ₹')]))).toBe('pässwörd — ₹');
    expect(await readSecretFrom(Readable.from([]))).toBe('');
  });
});

describe('promptSecret', () => {
  it('asks in raw mode, never shows what is typed, and honours backspace', async () => {
    const t = terminal();
    const answer = promptSecret('Password: ', t.input, t.output);
    t.input.write('secrex');
    t.input.write('\u007ft pässwörd');
    t.input.write('\u001b[A'); // an arrow key
    t.input.write('\r');
    expect(await answer).toBe('secret pässwörd');
    expect(t.shown()).toBe('Password: \n');
    expect(t.modes).toEqual([true, false]);
  });

  it('cancels on Ctrl-C, leaving raw mode', async () => {
    const t = terminal();
    const answer = promptSecret('Password: ', t.input, t.output);
    t.input.write('half\u0003');
    await expect(answer).rejects.toThrow('Cancelled.');
    expect(t.modes).toEqual([true, false]);
  });
});
