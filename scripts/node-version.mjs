// @ts-check
/** The Node the project runs on, as `package.json` declares it (decision 034); read by the install scripts. */
import { readFileSync } from 'node:fs';

export const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The lowest Node version `engines.node` (`>=X.Y.Z`) accepts. */
export const minimumNode = /** @type {string} */ (packageJson.engines.node).replace(/^>=\s*/, '');

/**
 * Whether `version` (`v24.1.0` or `24.1.0`) is at least `minimumNode`.
 * @param {string} version
 */
export function satisfiesMinimum(version) {
  /** @param {string} text */
  const parts = (text) => text.replace(/^v/, '').split('.').map(Number);
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [wantMajor = 0, wantMinor = 0, wantPatch = 0] = parts(minimumNode);
  if (major !== wantMajor) return major > wantMajor;
  if (minor !== wantMinor) return minor > wantMinor;
  return patch >= wantPatch;
}
