import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
 * stored once however many records point at it). The filesystem store below is the default; an S3-compatible one
 * would implement the same four calls (decision 020).
 */
export interface BlobStore {
  /** Streams `source` in, hashing and counting as it goes; rejects with BlobTooLargeError past `maxBytes`. */
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedBlob>;
  /** Stores `bytes` at once (a rendered report). */
  put(bytes: Buffer): Promise<{ sha256: string; size: number }>;
  /** The blob's bytes, or null when the store has no such blob. */
  open(sha256: string): Promise<Readable | null>;
  /** Forgets the blob (callers make sure no record points at it any more). Missing blobs are ignored. */
  remove(sha256: string): Promise<void>;
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
    await mkdir(this.tmp, { recursive: true });
    const tmpPath = path.join(this.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}`);
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
    const sha256 = hash.digest('hex');
    const target = this.pathOf(sha256);
    return {
      sha256,
      size,
      head: Buffer.concat(head),
      read: () => createReadStream(tmpPath),
      commit: async () => {
        await mkdir(path.dirname(target), { recursive: true });
        if (await exists(target)) await unlink(tmpPath);
        else await rename(tmpPath, target);
      },
      discard: () => rm(tmpPath, { force: true }),
    };
  }

  async put(bytes: Buffer): Promise<{ sha256: string; size: number }> {
    const staged = await this.stage(Readable.from([bytes]), { maxBytes: Number.MAX_SAFE_INTEGER });
    await staged.commit();
    return { sha256: staged.sha256, size: staged.size };
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

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** The configured store: files under `DATA_DIR/files`. */
export function createBlobStore(config: { DATA_DIR: string }): BlobStore {
  return new FileBlobStore(path.resolve(config.DATA_DIR, 'files'));
}
