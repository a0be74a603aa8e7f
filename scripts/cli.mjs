// @ts-check
/**
 * `npm run cli -- <command>`: the compiled CLI (`dist/server/cli.js`) in production - the container image prunes
 * tsx with the other development dependencies - and the TypeScript source through tsx otherwise, so that a
 * development checkout never runs a stale build. NODE_ENV=production picks the built one (the image sets it);
 * `node dist/server/cli.js <command>` is the same without npm.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'server', 'cli.js');
const args = process.argv.slice(2);
const useBuilt = process.env.NODE_ENV === 'production';
if (useBuilt && !existsSync(built)) {
  console.error('NODE_ENV=production but dist/server/cli.js is missing: run `npm run build` first.');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  useBuilt ? [built, ...args] : ['--import', 'tsx', path.join(root, 'server', 'cli.ts'), ...args],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);
