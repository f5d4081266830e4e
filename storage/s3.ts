/**
 * Object storage on any S3-compatible store (AWS S3, MinIO, Ceph RGW, R2, …).
 *
 * Configured by `--storage-url s3://bucket/prefix` and the usual AWS variables:
 * `AWS_REGION` (or `AWS_DEFAULT_REGION`, default us-east-1), credentials from
 * the SDK's default chain (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
 * `AWS_SESSION_TOKEN`, `AWS_PROFILE`, web identity, instance metadata), and
 * `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL` for a store other than AWS —
 * with an endpoint, requests use path-style addressing
 * (`http://host/bucket/key`), which every S3-compatible store understands;
 * `AWS_S3_FORCE_PATH_STYLE=false` turns that off for stores that want
 * virtual-host addressing.
 *
 * Uploads stream through a multipart upload (8 MiB parts, two in flight), so a
 * 50 MiB file is never held in memory whole; the object appears only when the
 * upload completes, and a failed upload is aborted (no partial object). A multipart upload that a crash
 * left (never completed nor aborted: its parts hold trace content, kept and billed by the store) is
 * aborted by `sweep` once it is older than `--partial-max-age`; a bucket lifecycle rule
 * (AbortIncompleteMultipartUpload) is a good second net.
 */
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobNotFoundError, type BlobStore, type PutResult } from './index';
import { Meter } from './meter';

/** Size of one multipart part; also the largest object sent with a single PutObject. */
export const S3_PART_SIZE = 8 * 1024 * 1024;
/** Parts uploaded at once (memory held ≈ parts in flight × part size). */
export const S3_PARTS_IN_FLIGHT = 2;

export interface S3Location {
  bucket: string;
  /** Key prefix without leading or trailing slash; '' for the bucket root. */
  prefix: string;
}

// Bucket names per the S3 naming rules (3–63 lower-case letters, digits, dots, hyphens).
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT_RE = /^[A-Za-z0-9_.-]{1,200}$/;
// The same key shape the folder store accepts, so both stores take the same keys.
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){0,7}$/;

/** `s3://bucket` or `s3://bucket/some/prefix/` → bucket and prefix. */
export function parseS3Url(url: string): S3Location {
  const m = /^s3:\/\/([^/?#]*)(\/[^?#]*)?$/.exec(url);
  if (m === null) throw new Error('the storage URL is written s3://bucket/prefix');
  const bucket = m[1] as string;
  if (!BUCKET_RE.test(bucket)) throw new Error(`'${bucket}' is not an S3 bucket name`);
  const segments = (m[2] ?? '').split('/').filter((s) => s.length > 0);
  for (const s of segments) {
    if (!PREFIX_SEGMENT_RE.test(s) || s === '.' || s === '..')
      throw new Error('the S3 key prefix may hold letters, digits, dot, dash and underscore between slashes');
  }
  return { bucket, prefix: segments.join('/') };
}

type Env = Record<string, string | undefined>;

/**
 * S3 client settings from AWS_* variables. Credentials are set here only when
 * `AWS_ACCESS_KEY_ID` is in `env`; otherwise the SDK's default provider chain
 * finds them (profile, web identity, instance or container metadata).
 */
export function s3ClientConfig(env: Env = process.env): S3ClientConfig {
  const endpoint = nonEmpty(env.AWS_ENDPOINT_URL_S3) ?? nonEmpty(env.AWS_ENDPOINT_URL);
  const config: S3ClientConfig = {
    region: nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION) ?? 'us-east-1',
  };
  if (endpoint !== undefined) {
    config.endpoint = endpoint;
    config.forcePathStyle = !/^(?:0|false|no|off)$/i.test(env.AWS_S3_FORCE_PATH_STYLE ?? '');
    // Stores other than AWS often reject the CRC checksums newer SDKs add to every
    // upload; send them only where the operation requires one, unless told otherwise.
    if (env.AWS_REQUEST_CHECKSUM_CALCULATION === undefined) config.requestChecksumCalculation = 'WHEN_REQUIRED';
    if (env.AWS_RESPONSE_CHECKSUM_VALIDATION === undefined) config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  const accessKeyId = nonEmpty(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.AWS_SECRET_ACCESS_KEY);
  if (accessKeyId !== undefined && secretAccessKey !== undefined) {
    config.credentials = { accessKeyId, secretAccessKey, sessionToken: nonEmpty(env.AWS_SESSION_TOKEN) };
  }
  return config;
}

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export interface S3BlobStoreOptions extends S3Location {
  client: S3Client;
  /** Shown in logs (no credentials); default `s3://bucket/prefix`. */
  location?: string;
}

/** `bucket/key` of the uploads this process has in progress (the sweep leaves them alone). */
const uploading = new Map<string, number>();

export class S3BlobStore implements BlobStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  readonly location: string;

  constructor(options: S3BlobStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.location = options.location ?? `s3://${options.bucket}${options.prefix ? '/' + options.prefix : ''}`;
  }

  /** The object key in the bucket. */
  objectKey(key: string): string {
    if (!KEY_RE.test(key)) throw new Error('invalid object key');
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable | Buffer): Promise<PutResult> {
    const Key = this.objectKey(key);
    const meter = new Meter();
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    // A failing source fails the upload (which then aborts its multipart upload).
    source.once('error', (err) => meter.destroy(err));
    source.pipe(meter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: meter, ContentType: 'application/octet-stream' },
      partSize: S3_PART_SIZE,
      queueSize: S3_PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    const mine = `${this.bucket}/${Key}`;
    uploading.set(mine, (uploading.get(mine) ?? 0) + 1);
    try {
      await upload.done();
    } catch (err) {
      source.unpipe(meter);
      if (!source.destroyed) source.destroy();
      throw err;
    } finally {
      const n = (uploading.get(mine) ?? 1) - 1;
      if (n > 0) uploading.set(mine, n);
      else uploading.delete(mine);
    }
    return { bytes: meter.bytes, sha256: meter.digest() };
  }

  /**
   * Aborts the incomplete multipart uploads under this store's prefix that began more than `maxAgeMs` ago
   * (ListMultipartUploads / AbortMultipartUpload), except this process's uploads in progress. S3 does not
   * say which process began an upload, so a younger one (perhaps another host's, still going) waits.
   */
  async sweep(maxAgeMs: number): Promise<number> {
    const before = Date.now() - maxAgeMs;
    const Prefix = this.prefix ? `${this.prefix}/` : undefined;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    let aborted = 0;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix, KeyMarker, UploadIdMarker }),
      );
      for (const u of page.Uploads ?? []) {
        if (u.Key === undefined || u.UploadId === undefined) continue;
        if (uploading.has(`${this.bucket}/${u.Key}`)) continue;
        if (u.Initiated === undefined || u.Initiated.getTime() > before) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
          );
          aborted++;
        } catch (err) {
          // another process's sweep got there first
          if ((err as { name?: string }).name !== 'NoSuchUpload') throw err;
        }
      }
      if (!page.IsTruncated) break;
      KeyMarker = page.NextKeyMarker;
      UploadIdMarker = page.NextUploadIdMarker;
      if (KeyMarker === undefined && UploadIdMarker === undefined) break;
    }
    return aborted;
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error('the S3 client returned no readable body');
      return body;
    } catch (err) {
      if (isNotFound(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    const stream = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    // DeleteObject succeeds on a missing key.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** The bucket exists and these credentials reach it (no object is written: readiness probes run often). */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}

/** The store for `s3://bucket/prefix`, configured from AWS_* variables in `env`. */
export function createS3BlobStore(url: string, env: Env = process.env): S3BlobStore {
  const where = parseS3Url(url);
  const config = s3ClientConfig(env);
  const endpoint = typeof config.endpoint === 'string' ? ` at ${new URL(config.endpoint).host}` : '';
  return new S3BlobStore({
    ...where,
    client: new S3Client(config),
    location: `s3://${where.bucket}${where.prefix ? '/' + where.prefix : ''}${endpoint}`,
  });
}
