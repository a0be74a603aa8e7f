import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keptTickObject } from './tick-object.js';

const tickObjectModule = fileURLToPath(new URL('./tick-object.ts', import.meta.url));

/**
 * In a Node process of its own (V8's natives syntax and `gc()` on), the module imported first or not: ticks, a full
 * collection while no tick object is queued, ticks again, and then the feedback states V8 holds for the keys of the
 * tick object literal in `process.nextTick`, in order. V8 prints them to the process's stdout, a file here: through
 * a pipe the end of the print is lost when the process exits.
 */
async function literalStatesAfterCollection(keep: boolean): Promise<string[]> {
  const script = `
    const ticks = () => new Promise((resolve) => {
      for (let i = 0; i < 2000; i++) process.nextTick(() => {});
      setTimeout(resolve, 20);
    });
    ${keep ? `await import(${JSON.stringify(tickObjectModule)});` : ''}
    await ticks();
    gc();
    await ticks();
    eval('%DebugPrint(process.nextTick)');
  `;
  const dir = await mkdtemp(join(tmpdir(), 'tick-object-'));
  try {
    const out = await open(join(dir, 'stdout'), 'w');
    const child = spawn(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', script],
      { stdio: ['ignore', out.fd, 'inherit'] },
    );
    const [code] = (await once(child, 'exit')) as [number | null];
    await out.close();
    expect(code).toBe(0);
    const printed = await readFile(join(dir, 'stdout'), 'utf8');
    return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1]!);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("Node's tick objects keep their hidden class (decision 033)", () => {
  it('keeps a tick object: its two async ids and its callback', async () => {
    await new Promise((resolve) => process.nextTick(resolve));
    const kept = keptTickObject();
    expect(kept).toHaveProperty('callback');
    expect(Object.getOwnPropertySymbols(kept).map(String)).toEqual([
      'Symbol(async_id_symbol)',
      'Symbol(trigger_async_id_symbol)',
    ]);
  });

  // V8's print and the behaviour were measured on Node 20 (V8 11.3), the release of the development machines and CI;
  // on another release, measure again before trusting either half (decision 033).
  it.runIf(process.versions.node.startsWith('20.'))(
    "leaves nextTick's literal monomorphic across a full collection, which without it turns megamorphic",
    async () => {
      const [without, kept] = await Promise.all([
        literalStatesAfterCollection(false),
        literalStatesAfterCollection(true),
      ]);
      // What the module guards against. Should this fail, V8 no longer loses the class and the module may go.
      expect(without).toHaveLength(4);
      expect(without).toContain('MEGAMORPHIC');
      expect(kept).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
    },
  );
});
