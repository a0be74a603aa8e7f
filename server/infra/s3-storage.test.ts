import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceFile } from '../../contract/evidence.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../test/helpers.js';
import { BlobTooLargeError, createBlobStore, putBlob, S3BlobStore, type BlobStore } from './storage.js';

/** s3rver has no types; the little of it used here. */
interface S3rverServer {
  run(): Promise<unknown>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const BUCKET = 'evidence';
const PREFIX = 'intel/';
// s3rver's one built-in key pair (it checks the access key id; it does not verify SigV4 signatures).
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rverServer;
let endpoint: string;
let s3Dir: string;
let dataDir: string;
let store: BlobStore;
const client = new AwsClient({ ...KEYS, region: 'us-east-1', service: 's3' });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const keyOf = (hash: string) => `${PREFIX}${hash.slice(0, 2)}/${hash.slice(2)}`;

/** The bucket's keys, read with a ListObjectsV2 of its own (not through the store). */
async function listKeys(): Promise<string[]> {
  const response = await client.fetch(`${endpoint}/${BUCKET}?list-type=2`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!).sort();
}

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 's3rver-test-'));
  dataDir = await mkdtemp(path.join(tmpdir(), 's3-storage-test-'));
  const port = await freePort();
  server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  store = new S3BlobStore({
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    ...KEYS,
    prefix: PREFIX,
    tmpDir: path.join(dataDir, 'tmp'),
  });
});

afterAll(async () => {
  await server?.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('S3BlobStore against s3rver', () => {
  it('stages, commits under <prefix>ab/cdef..., stores the same bytes once and opens them', async () => {
    const bytes = Buffer.from('the same evidence, twice\n'.repeat(500));
    const staged = await store.stage(Readable.from([bytes.subarray(0, 5000), bytes.subarray(5000)]), {
      maxBytes: 1 << 20,
    });
    expect(staged.sha256).toBe(sha256(bytes));
    expect(staged.size).toBe(bytes.length);
    expect(staged.head.equals(bytes.subarray(0, 4100))).toBe(true);
    expect(await text(staged.read())).toBe(bytes.toString());
    expect(await listKeys()).not.toContain(keyOf(staged.sha256));
    await staged.commit();
    expect(await listKeys()).toContain(keyOf(staged.sha256));
    // Nothing left behind in the staging folder.
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);

    const again = await store.stage(Readable.from([bytes]), { maxBytes: 1 << 20 });
    expect(again.sha256).toBe(staged.sha256);
    await again.commit();
    expect((await listKeys()).filter((key) => key === keyOf(staged.sha256))).toHaveLength(1);

    const opened = await store.open(staged.sha256);
    expect(opened).not.toBeNull();
    expect(await text(opened!)).toBe(bytes.toString());
  });

  it('puts bytes at once, answers null for a missing blob, and removes (a missing one too)', async () => {
    const report = Buffer.from('%PDF-1.4 a rendered report');
    const { sha256: hash, size } = await putBlob(store, report);
    expect(hash).toBe(sha256(report));
    expect(size).toBe(report.length);
    expect((await text((await store.open(hash))!)).toString()).toBe(report.toString());

    expect(await store.open(sha256('never stored'))).toBeNull();
    expect(await store.open('not-a-hash')).toBeNull();

    await store.remove(hash);
    expect(await store.open(hash)).toBeNull();
    expect(await listKeys()).not.toContain(keyOf(hash));
    await expect(store.remove(hash)).resolves.toBeUndefined();
  });

  it('refuses bytes past maxBytes and uploads nothing', async () => {
    const before = await listKeys();
    const big = Buffer.alloc(10_000, 0x41);
    await expect(store.stage(Readable.from([big]), { maxBytes: 4096 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    expect(await listKeys()).toEqual(before);
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('discards a staged blob without uploading it', async () => {
    const staged = await store.stage(Readable.from([Buffer.from('not kept')]), { maxBytes: 1024 });
    await staged.discard();
    expect(await listKeys()).not.toContain(keyOf(staged.sha256));
    expect(await store.open(staged.sha256)).toBeNull();
  });

  it('fails the commit when the service refuses the credentials, and keeps nothing', async () => {
    // s3rver checks the access key id (its SigV4 signature check is not implemented, so a wrong secret passes there).
    const stranger = new S3BlobStore({
      endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: 'NOT-A-SECRET',
      prefix: PREFIX,
      tmpDir: path.join(dataDir, 'tmp'),
    });
    const staged = await stranger.stage(Readable.from([Buffer.from('refused')]), { maxBytes: 1024 });
    await expect(staged.commit()).rejects.toThrow(/S3 HEAD answered 403/);
    expect(await listKeys()).not.toContain(keyOf(staged.sha256));
    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('is what createBlobStore returns when S3_BUCKET is set, and the filesystem store otherwise', () => {
    const config = {
      DATA_DIR: dataDir,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    };
    expect(createBlobStore(config)).toBeInstanceOf(S3BlobStore);
    expect(createBlobStore({ DATA_DIR: dataDir })).not.toBeInstanceOf(S3BlobStore);
  });
});

describe('evidence files through the app with S3_* set', () => {
  let t: TestApp;
  let appDataDir: string;
  beforeAll(async () => {
    appDataDir = await mkdtemp(path.join(tmpdir(), 's3-app-test-'));
    t = await createTestApp({
      DATA_DIR: appDataDir,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_PREFIX: 'app/',
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(appDataDir, { recursive: true, force: true });
  });

  it('uploads an evidence file into the bucket and downloads the same bytes', async () => {
    const owner = await registerUser(t.app);
    const opened = await asUser(t.app, owner).post('/api/cases', {
      title: 'Stolen laptop',
      description: 'A laptop with client files was taken from the car park on Monday.',
      category: 'investigation',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const base = `/api/cases/${opened.json<{ id: string }>().id}`;

    const boundary = '----s3-test-boundary';
    const data = Buffer.from('Witness statement, typed up on Tuesday.\n');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.txt"\r\n` +
          'Content-Type: text/plain\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/files`,
      headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json<EvidenceFile>();
    expect(file.sha256).toBe(sha256(data));
    expect(await listKeys()).toContain(`app/${file.sha256.slice(0, 2)}/${file.sha256.slice(2)}`);
    // Nothing under DATA_DIR/files but the (empty) staging folder.
    expect(await readdir(path.join(appDataDir, 'files'))).toEqual(['tmp']);

    const download = await asUser(t.app, owner).get(`${base}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
  });
});
