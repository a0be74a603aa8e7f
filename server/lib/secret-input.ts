import type { Readable, Writable } from 'node:stream';

/** A terminal's input as `promptSecret` needs it; `process.stdin` on a terminal is one. */
export interface TerminalInput extends Readable {
  isTTY?: boolean;
  setRawMode(mode: boolean): unknown;
}

/**
 * Everything on `input` until it ends, less one trailing line end: `printf '%s\n' "$PASSWORD" | ...` and
 * `... < file` give the secret without its newline, while a secret that ends in spaces keeps them.
 */
export async function readSecretFrom(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Asks for a secret on a terminal without echoing it: the terminal goes to raw mode, so nothing typed is shown and
 * Ctrl-C arrives as a character (it cancels, rejecting). Backspace deletes; other control keys are ignored. The
 * prompt goes to `output` (standard error), so standard output carries only the command's result.
 */
export function promptSecret(
  prompt: string,
  input: TerminalInput = process.stdin as TerminalInput,
  output: Writable = process.stderr,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      const text = String(chunk);
      // An arrow or function key: an escape sequence, not part of the secret.
      if (text.startsWith('\u001b')) return;
      for (const char of text) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || (char === '\u0004' && value === '')) return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    // Raw mode before the prompt: the terminal echoes what arrives before it, even typed ahead.
    input.setRawMode(true);
    output.write(prompt);
    // Decoded as a stream, so a character whose bytes arrive in two chunks stays whole.
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
