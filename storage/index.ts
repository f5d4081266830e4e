/**
 * Object storage for uploads and twinned content. The interface is small so
 * that an S3 implementation can slot in beside the local folder one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createS3BlobStore } from './s3';
import { Meter } from './meter';
import { ownerGone, PROCESS_TOKEN } from './sweep';

export interface PutResult {
  /** Bytes written. */
  bytes: number;
  /** SHA-256 hex of the bytes written. */
  sha256: string;
}

export interface BlobStore {
  /** Streams `body` into the object `key`; the object appears whole or not at all. */
  put(key: string, body: Readable | Buffer): Promise<PutResult>;
  /** A stream of the object; rejects with BlobNotFoundError when absent. */
  get(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  /**
   * The object as a file on this machine, to be read in place, when the store keeps its objects as files (the
   * local folder); absent for remote stores. Rejects with BlobNotFoundError when the object is absent.
   */
  localFile?(key: string): Promise<string>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Resolves when the store can be written (readiness). */
  ping(): Promise<void>;
  /** Human-readable location, for logs. */
  readonly location: string;
  /**
   * Removes what interrupted writes left (partial objects): those of processes that are gone at once, and
   * any not written by this process for `maxAgeMs` (another host's may still be in progress until then);
   * never a write of this process in progress. Resolves to how many it removed (storage/sweep.ts).
   */
  sweep(maxAgeMs: number): Promise<number>;
}

export class BlobNotFoundError extends Error {
  readonly code = 'blob_not_found';
  constructor(key: string) {
    super(`no such object: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){0,7}$/;

function checkKey(key: string): void {
  if (!KEY_RE.test(key)) throw new Error('invalid object key');
}

/** `<pid>-<process token>-<random>.part`: a write in progress in a folder store's `.tmp`. */
const PART_RE = /^(\d+)-([0-9a-f]{12})-[0-9a-f]+\.part$/;
/** The partial files this process is writing (in any folder store). */
const writing = new Set<string>();

/**
 * Objects as files in one folder; writes go to a temp file in `.tmp` and are renamed into place. A temp
 * file is named for the process writing it, so that a crash's leftovers (trace content) are found and
 * removed by {@link FolderBlobStore.sweep}.
 */
export class FolderBlobStore implements BlobStore {
  private readonly tmpDir: string;
  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  get location(): string {
    return this.root;
  }

  private file(key: string): string {
    checkKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer): Promise<PutResult> {
    const target = this.file(key);
    const tmp = path.join(this.tmpDir, `${process.pid}-${PROCESS_TOKEN}-${randomBytes(12).toString('hex')}.part`);
    const meter = new Meter();
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    writing.add(tmp);
    try {
      await pipeline(source, meter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    } finally {
      writing.delete(tmp);
    }
    return { bytes: meter.bytes, sha256: meter.digest() };
  }

  async get(key: string): Promise<Readable> {
    const file = this.file(key);
    const handle = await fsp.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new BlobNotFoundError(key) : err;
    });
    return handle.createReadStream();
  }

  async getBuffer(key: string): Promise<Buffer> {
    return fsp.readFile(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new BlobNotFoundError(key) : err;
    });
  }

  async localFile(key: string): Promise<string> {
    const file = this.file(key);
    await fsp.access(file).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new BlobNotFoundError(key) : err;
    });
    return file;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(this.file(key));
      return true;
    } catch {
      return false;
    }
  }

  async ping(): Promise<void> {
    await fsp.access(this.tmpDir, fs.constants.W_OK);
  }

  async sweep(maxAgeMs: number): Promise<number> {
    let names: string[];
    try {
      names = await fsp.readdir(this.tmpDir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      if (writing.has(file)) continue;
      const m = PART_RE.exec(name);
      const owner = m ? ownerGone(Number(m[1]), m[2] as string) : 'alive';
      // this process's own file that no write holds, or a dead process's: removed now
      let remove = owner !== 'alive';
      if (!remove) {
        // another live process's (or one of unknown form): only once nothing has written it for maxAgeMs
        const stat = await fsp.stat(file).catch(() => null);
        remove = stat !== null && Date.now() - stat.mtimeMs > maxAgeMs;
      }
      if (!remove) continue;
      await fsp.rm(file, { force: true, recursive: true });
      removed++;
    }
    return removed;
  }
}

export interface BlobStoreOptions {
  /** `file:///path` or `s3://bucket/prefix` (storage/s3.ts, AWS_* settings). Default `<dataDir>/blobs`. */
  storageUrl?: string;
  dataDir: string;
}

export function createBlobStore(options: BlobStoreOptions): BlobStore {
  const url = options.storageUrl;
  if (!url) return new FolderBlobStore(path.resolve(options.dataDir, 'blobs'));
  if (url.startsWith('file://')) return new FolderBlobStore(fileURLToPath(url));
  if (url.startsWith('s3://')) return createS3BlobStore(url);
  throw new Error(
    `unsupported --storage-url (want file:///path or s3://bucket/prefix): ${url.replace(/\/\/[^@/]*@/, '//')}`,
  );
}
