import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root, found from this file whether it runs from source (tsx) or from dist/. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const migrationsDir = path.join(projectRoot, 'server/db/migrations');
export const seedDataDir = path.join(projectRoot, 'server/db/seed/data');
export const clientDistDir = path.join(projectRoot, 'dist/client');
