import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';

/** How many leading bytes a staged blob keeps for content sniffing (file-type reads at most this many). */
export const SNIFF_BYTES = 4100;

/** The bytes went past `maxBytes`; nothing was kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/**
 * Bytes written to the store but not yet part of it: the caller inspects them (size, hash, the first bytes, or all
 * of them again for a text check) and then commits or discards.
 */
export interface StagedBlob {
  sha256: string;
  size: number;
  /** The first SNIFF_BYTES bytes (fewer for a smaller blob). */
  head: Buffer;
  /** Reads the staged bytes again from the start. */
  read(): Readable;
  /** Makes it part of the store under its SHA-256 (the same bytes stored before are kept as they are). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where evidence files and reports keep their bytes, addressed by their SHA-256 (so a blob is immutable and
 * stored once however many records point at it). The filesystem store below is the default; the S3-compatible one
 * (S3BlobStore below) implements the same four calls (decision 020).
 */
export interface BlobStore {
  /** Streams `source` in, hashing and counting as it goes; rejects with BlobTooLargeError past `maxBytes`. */
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedBlob>;
  /** The blob's bytes, or null when the store has no such blob. */
  open(sha256: string): Promise<Readable | null>;
  /** Forgets the blob (callers make sure no record points at it any more). Missing blobs are ignored. */
  remove(sha256: string): Promise<void>;
}

/** Stores `bytes` at once (a rendered report) in any store: staged and committed like an upload. */
export async function putBlob(store: BlobStore, bytes: Buffer): Promise<{ sha256: string; size: number }> {
  const staged = await store.stage(Readable.from([bytes]), { maxBytes: Number.MAX_SAFE_INTEGER });
  await staged.commit();
  return { sha256: staged.sha256, size: staged.size };
}

/**
 * Streams `source` into a new file in `tmpDir`, hashing and counting as it goes; past `maxBytes` the file is removed
 * and BlobTooLargeError thrown. Shared by the filesystem and the S3 store (which uploads the file on commit).
 */
export async function stageToFile(
  tmpDir: string,
  source: Readable,
  maxBytes: number,
): Promise<{ tmpPath: string; sha256: string; size: number; head: Buffer }> {
  await mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new BlobTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        head.push(part);
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
  return { tmpPath, sha256: hash.digest('hex'), size, head: Buffer.concat(head) };
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * The filesystem store: `<root>/ab/cdef...` (the first two hex digits as a folder, so no folder holds more than
 * 1/256 of the blobs), staged in `<root>/tmp/` and moved in with a rename, which is atomic on one filesystem: a
 * reader never sees half a blob.
 */
export class FileBlobStore implements BlobStore {
  private readonly tmp: string;

  constructor(private readonly root: string) {
    this.tmp = path.join(root, 'tmp');
  }

  private pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256');
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2));
  }

  async stage(source: Readable, { maxBytes }: { maxBytes: number }): Promise<StagedBlob> {
    const { tmpPath, sha256, size, head } = await stageToFile(this.tmp, source, maxBytes);
    const target = this.pathOf(sha256);
    return {
      sha256,
      size,
      head,
      read: () => createReadStream(tmpPath),
      commit: async () => {
        await mkdir(path.dirname(target), { recursive: true });
        if (await exists(target)) await unlink(tmpPath);
        else await rename(tmpPath, target);
      },
      discard: () => rm(tmpPath, { force: true }),
    };
  }

  async open(sha256: string): Promise<Readable | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    try {
      // Opened first, so a missing blob is a null here rather than an error in the middle of a response.
      const handle = await open(this.pathOf(sha256), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }
}

/** Where an S3BlobStore keeps its objects and how it signs its requests. */
export interface S3BlobStoreOptions {
  /** The service's address, e.g. http://127.0.0.1:9000; objects are addressed path-style (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before every key (e.g. `evidence/`); empty for none. */
  prefix: string;
  /** Where uploads are staged before they are sent (a local folder). */
  tmpDir: string;
}

/**
 * The S3-compatible store: objects keyed `<prefix>ab/cdef...` by SHA-256 like the files of the filesystem store,
 * signed with SigV4 (aws4fetch over Node's fetch). An upload is staged in a local file exactly as in the filesystem
 * store (hash, size, head, the size limit) and sent with one PUT on commit, unless a HEAD says the object is there.
 * An object appears whole or not at all, so a reader never sees half a blob here either.
 */
export class S3BlobStore implements BlobStore {
  /** For HEAD, GET and DELETE: bodiless and idempotent, so a 5xx or 429 is tried twice more (aws4fetch's backoff). */
  private readonly client: AwsClient;
  /** For PUT: its streamed body cannot be sent twice, so a failure fails the commit (the caller answers 500). */
  private readonly uploader: AwsClient;
  private readonly base: string;

  constructor(private readonly options: S3BlobStoreOptions) {
    const credentials = {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
    };
    this.client = new AwsClient({ ...credentials, retries: 2 });
    this.uploader = new AwsClient({ ...credentials, retries: 0 });
    this.base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  }

  private urlOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a SHA-256');
    const key = `${this.options.prefix}${sha256.slice(0, 2)}/${sha256.slice(2)}`;
    return this.base + key.split('/').map(encodeURIComponent).join('/');
  }

  private async request(
    method: string,
    sha256: string,
    init: { headers?: Record<string, string>; body?: ReadableStream } = {},
  ): Promise<Response> {
    const client = method === 'PUT' ? this.uploader : this.client;
    return client.fetch(this.urlOf(sha256), { method, ...init });
  }

  private async exists(sha256: string): Promise<boolean> {
    const response = await this.request('HEAD', sha256);
    if (response.ok) return true;
    if (response.status === 404) return false;
    throw new Error(`S3 HEAD answered ${response.status}`);
  }

  private async upload(sha256: string, size: number, file: string): Promise<void> {
    if (await this.exists(sha256)) return;
    const response = await this.request('PUT', sha256, {
      headers: {
        'content-length': String(size),
        'content-type': 'application/octet-stream',
        // The payload's hash, so the service refuses bytes that changed on the way.
        'x-amz-content-sha256': sha256,
      },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`S3 PUT answered ${response.status}`);
  }

  async stage(source: Readable, { maxBytes }: { maxBytes: number }): Promise<StagedBlob> {
    const { tmpPath, sha256, size, head } = await stageToFile(this.options.tmpDir, source, maxBytes);
    return {
      sha256,
      size,
      head,
      read: () => createReadStream(tmpPath),
      commit: async () => {
        try {
          await this.upload(sha256, size, tmpPath);
        } finally {
          await rm(tmpPath, { force: true });
        }
      },
      discard: () => rm(tmpPath, { force: true }),
    };
  }

  async open(sha256: string): Promise<Readable | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const response = await this.request('GET', sha256);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`S3 GET answered ${response.status}`);
    }
    return Readable.fromWeb(response.body as NodeReadableStream);
  }

  async remove(sha256: string): Promise<void> {
    const response = await this.request('DELETE', sha256);
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) throw new Error(`S3 DELETE answered ${response.status}`);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The settings the store is chosen by (a subset of AppConfig). */
export interface BlobStoreConfig {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PREFIX?: string;
}

/**
 * The configured store: the S3-compatible bucket when S3_BUCKET is set (staging in `DATA_DIR/files/tmp`), otherwise
 * files under `DATA_DIR/files`.
 */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  const files = path.resolve(config.DATA_DIR, 'files');
  if (config.S3_BUCKET) {
    if (!config.S3_ENDPOINT || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error('S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    }
    return new S3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? 'us-east-1',
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      prefix: config.S3_PREFIX ?? '',
      tmpDir: path.join(files, 'tmp'),
    });
  }
  return new FileBlobStore(files);
}
