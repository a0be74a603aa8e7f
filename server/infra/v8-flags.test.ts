import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { POLYMORPHIC_SHAPES } from './v8-flags.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const directory = await mkdtemp(path.join(tmpdir(), 'v8-flags-'));
afterAll(() => rm(directory, { recursive: true, force: true }));

/**
 * Runs one property access over `shapes` object shapes in a Node process of its own, with V8 logging each inline
 * cache's transitions (`--log-ic`), and returns the access's last state: P (polymorphic) or N (megamorphic).
 */
async function accessState(shapes: number, tuned: boolean): Promise<string> {
  const logfile = path.join(directory, `ic-${shapes}-${tuned}.log`);
  const script = [
    tuned
      ? `(await import(${JSON.stringify(pathToFileURL(path.join(here, 'v8-flags.ts')).href)})).tuneV8();`
      : '',
    `const objects = Array.from({ length: ${shapes} }, (_, i) => ({ ['own' + i]: i, probedField: i }));`,
    'const probe = (object) => object.probedField;',
    'for (let n = 0; n < 200; n++) probe(objects[n % objects.length]);',
  ].join('\n');
  await promisify(execFile)(process.execPath, [
    '--log-ic',
    `--logfile=${logfile}`,
    '--no-logfile-per-isolate',
    '--import',
    'tsx',
    '--input-type=module',
    '--eval',
    script,
  ]);
  const transitions = (await readFile(logfile, 'utf8'))
    .split('\n')
    .filter((line) => line.startsWith('LoadIC,') && line.includes(',probedField,'));
  // LoadIC,<pc>,<time>,<line>,<column>,<old state>,<new state>,<map>,<name>,...
  const last = transitions.at(-1)?.split(',');
  if (!last) throw new Error('the access left no LoadIC line in the log');
  return last[6]!;
}

describe('tuneV8', () => {
  it(`keeps an access over ${POLYMORPHIC_SHAPES} shapes polymorphic, where V8 alone turns it megamorphic`, async () => {
    expect(await accessState(POLYMORPHIC_SHAPES, false)).toBe('N');
    expect(await accessState(POLYMORPHIC_SHAPES, true)).toBe('P');
    // Past the limit it is megamorphic still: the flag sets a bound, not a switch.
    expect(await accessState(POLYMORPHIC_SHAPES + 1, true)).toBe('N');
  });

  it('is set by the server entry before it loads anything else', async () => {
    const entry = await readFile(path.join(here, '..', 'main.ts'), 'utf8');
    const code = entry.replace(/\/\*\*[\s\S]*?\*\/\n/, '');
    expect(code.startsWith("import { tuneV8 } from './infra/v8-flags.js';\n\ntuneV8();\n")).toBe(true);
  });
});
