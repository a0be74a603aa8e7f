import { describe, expect, it } from 'vitest';
import { sendWhenReady } from './when-ready.js';

describe('sendWhenReady', () => {
  it('sends a value at hand at once and returns nothing, so the handler stays synchronous', () => {
    const sent: number[] = [];
    expect(sendWhenReady(7, (value) => sent.push(value))).toBeUndefined();
    expect(sent).toEqual([7]);
  });

  it('sends a promised value once it comes, and returns the promise the handler hands Fastify', async () => {
    const sent: number[] = [];
    const answered = sendWhenReady(Promise.resolve(8), (value) => sent.push(value));
    expect(answered).toBeInstanceOf(Promise);
    expect(sent).toEqual([]);
    await answered;
    expect(sent).toEqual([8]);
  });

  it('rejects when the load fails, and sends nothing', async () => {
    const sent: number[] = [];
    await expect(
      sendWhenReady(Promise.reject(new Error('database gone')), (value: number) => sent.push(value)),
    ).rejects.toThrow('database gone');
    expect(sent).toEqual([]);
  });
});
