// @ts-check
/**
 * `npm start` (issue 23 point 1): builds only the targets whose inputs changed since their last build (see
 * build.mjs; `npm run build` always builds), then runs the server in this same process. One process, not npm's
 * shell plus a node child: a SIGINT or SIGTERM sent to it, or forwarded by npm, reaches the server itself, which
 * stops the embedded PostgreSQL before it exits (package.json's `exec` replaces npm's shell with this process).
 */
import { build, checkTarget, targets } from './build.mjs';

const checks = await Promise.all(targets.map(async (target) => ({ target, ...(await checkTarget(target)) })));
for (const { target, upToDate } of checks) {
  if (upToDate) console.log(`build  ${target.name.padEnd(7)} ${target.out.padEnd(13)} up to date`);
}
const stale = checks.filter((check) => !check.upToDate);
if (stale.length) {
  try {
    await build(stale);
  } catch {
    process.exit(1);
  }
}

await import('../dist/server/main.js');
