// @ts-check
/**
 * The build of both targets, with a short summary instead of the tools' file-by-file listings (issue 23):
 *
 *   client  dist/client   2.4 MB, 610 KB brotli   12.1 s
 *   server  dist/server   2.1 MB                    9.8 s
 *
 * `npm run build` always builds both (`node scripts/build.mjs`); `npm start` (scripts/start.mjs) builds only the
 * targets whose inputs changed since their last build. A target's inputs are hashed by content (path and bytes of
 * every file, the lockfile, the configs) and the hash is written to dist/.build-stamp.json after a successful
 * build; a target is up to date when its stamp matches the hash and its output is there. Timestamps play no part:
 * a `git checkout`, a copy or an editor that keeps mtimes cannot fool it. Decision 021.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp.json');
const shared = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

/**
 * @typedef {{
 *   name: 'client' | 'server',
 *   out: string,
 *   inputs: string[],
 *   skip?: (relative: string) => boolean,
 *   output: string,
 *   command: string[],
 *   clean: string[],
 * }} Target
 */

/** @type {Target[]} */
export const targets = [
  {
    name: 'client',
    out: 'dist/client',
    // All of client/ (Tailwind reads class names from any file there), the contract it imports, its configs.
    inputs: ['client', 'contract', 'vite.config.ts', 'tsconfig.client.json', ...shared],
    output: 'dist/client/index.html',
    command: [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // vite empties dist/client itself.
    clean: [],
  },
  {
    name: 'server',
    out: 'dist/server',
    inputs: ['server', 'contract', 'tsconfig.build.json', 'tsconfig.server.json', ...shared],
    // What tsconfig.build.json leaves out cannot change the output.
    skip: (relative) => /\.test\.ts$/.test(relative) || relative.startsWith('server/test/'),
    output: 'dist/server/main.js',
    command: [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    // A source file removed since the last build must not live on in dist.
    clean: ['dist/server', 'dist/contract'],
  },
];

/** @param {string} relative @returns {Promise<string[]>} every file under `relative` (or itself), sorted */
async function listFiles(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!(await stat(absolute)).isDirectory()) return [relative];
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** @param {Target} target @returns {Promise<string>} a SHA-256 over the paths and contents of the target's inputs */
export async function inputHash(target) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node.split('.')[0]}\n`);
  for (const input of target.inputs) {
    for (const file of await listFiles(input)) {
      if (target.skip?.(file)) continue;
      hash.update(`${file}\n`);
      hash.update(await readFile(path.join(root, file)));
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}

/** @returns {Promise<Record<string, {hash: string, builtAt: string}>>} */
async function readStamp() {
  try {
    return JSON.parse(await readFile(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

/** Stamp updates one after another: the targets build side by side and each rewrites the whole file. */
let stampWrites = Promise.resolve();

function writeStampEntry(/** @type {string} */ name, /** @type {string | null} */ hash) {
  stampWrites = stampWrites.then(async () => {
    const stamp = await readStamp();
    if (hash) stamp[name] = { hash, builtAt: new Date().toISOString() };
    else delete stamp[name];
    await mkdir(path.dirname(stampFile), { recursive: true });
    await writeFile(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  });
  return stampWrites;
}

/** @param {Target} target @returns {Promise<{upToDate: boolean, hash: string}>} */
export async function checkTarget(target) {
  const [hash, stamp] = await Promise.all([inputHash(target), readStamp()]);
  const upToDate = stamp[target.name]?.hash === hash && existsSync(path.join(root, target.output));
  return { upToDate, hash };
}

/** @param {number} bytes */
function formatSize(bytes) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** @param {string} dir @returns {Promise<{raw: number, brotli: number}>} bytes of the served files, and their .br */
async function outputSize(dir) {
  let raw = 0;
  let brotli = 0;
  for (const file of await listFiles(dir)) {
    const size = (await stat(path.join(root, file))).size;
    if (file.endsWith('.br')) brotli += size;
    else if (!file.endsWith('.map') && !file.endsWith('.gz')) raw += size;
  }
  return { raw, brotli };
}

/** @param {Target} target @param {number} ms */
async function summary(target, ms) {
  const size = await outputSize(target.out);
  const sizes = size.brotli
    ? `${formatSize(size.raw)}, ${formatSize(size.brotli)} brotli`
    : formatSize(size.raw);
  return `${target.name.padEnd(7)} ${target.out.padEnd(13)} ${sizes.padEnd(22)} ${(ms / 1000).toFixed(1).padStart(5)} s`;
}

/**
 * Builds one target; its tool's output is shown only when it says something (warnings, errors).
 * @param {Target} target @param {string} [hash] the input hash, when already computed
 * @returns {Promise<string>} its summary line
 */
export async function buildTarget(target, hash) {
  const started = performance.now();
  await writeStampEntry(target.name, null);
  for (const dir of target.clean) await rm(path.join(root, dir), { recursive: true, force: true });
  const inputs = hash ?? (await inputHash(target));
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, target.command, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The tools' colours (errors, warnings) on a terminal; their stdout is a pipe here.
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(text);
      else {
        const error = new Error(`${target.name} build failed (${signal ?? `exit code ${code}`})`);
        Object.assign(error, { output: text });
        reject(error);
      }
    });
  });
  await writeStampEntry(target.name, inputs);
  const line = await summary(target, performance.now() - started);
  const said = String(output).trim();
  return said ? `${line}\n${indent(said)}` : line;
}

/** @param {string} text */
function indent(text) {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/**
 * Builds the given targets side by side, printing one line per target as each finishes; throws after printing
 * what a failed tool said.
 * @param {{target: Target, hash?: string}[]} jobs
 */
export async function build(jobs) {
  const results = await Promise.allSettled(
    jobs.map(async ({ target, hash }) => {
      const line = await buildTarget(target, hash);
      console.log(`build  ${line}`);
    }),
  );
  const failed = results.filter((result) => result.status === 'rejected');
  for (const failure of failed) {
    const error = /** @type {Error & {output?: string}} */ (failure.reason);
    console.error(`build  ${error.message}`);
    if (error.output) console.error(indent(error.output.trim()));
  }
  if (failed.length) throw new Error('build failed');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  build(targets.map((target) => ({ target }))).catch(() => {
    process.exitCode = 1;
  });
}
