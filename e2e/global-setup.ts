import { execSync } from 'node:child_process';
import { projectRoot } from '../server/lib/paths.js';

/** End-to-end tests run against the production build, exactly as `npm start` serves it. */
export default function setup() {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execSync('npm run build', { cwd: projectRoot, stdio: 'inherit' });
}
