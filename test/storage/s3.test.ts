/**
 * The S3 blob store against a real S3-protocol server (moto's standalone
 * server from PyPI, started by scripts/start-s3.sh) — no mock client.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { BlobNotFoundError, createBlobStore } from '../../storage';
import { createS3BlobStore, parseS3Url, S3BlobStore, S3_PART_SIZE, s3ClientConfig } from '../../storage/s3';
import { freshBucket, s3TestServer, type S3TestServer } from './s3-server';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;

/** Deterministic pseudo-random bytes, `total` of them in 64 KiB chunks, with a hook per chunk. */
function* pattern(total: number, onChunk?: (sent: number) => void): Generator<Buffer> {
  let sent = 0;
  let x = 0x9e3779b9;
  while (sent < total) {
    const n = Math.min(64 * 1024, total - sent);
    const b = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i += 4) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      b.writeUInt32LE(x >>> 0, i);
    }
    onChunk?.(sent);
    sent += n;
    yield b;
  }
}

function sha256(parts: Iterable<Buffer>): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

async function drain(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    h.update(chunk as Buffer);
  }
  return { bytes, sha256: h.digest('hex') };
}

describe('s3:// URL and settings', () => {
  test('bucket and prefix', () => {
    expect(parseS3Url('s3://my-bucket')).toEqual({ bucket: 'my-bucket', prefix: '' });
    expect(parseS3Url('s3://my-bucket/')).toEqual({ bucket: 'my-bucket', prefix: '' });
    expect(parseS3Url('s3://my.bucket/a/b/')).toEqual({ bucket: 'my.bucket', prefix: 'a/b' });
    for (const bad of ['s3://', 's3://UPPER/x', 's3://a', 's3://b_u/x', 'file:///x', 's3://bucket/../x', 's3://b?x=1'])
      expect(() => parseS3Url(bad)).toThrow();
  });

  test('an endpoint switches to path-style addressing and explicit credentials are used', () => {
    const c = s3ClientConfig({
      AWS_ENDPOINT_URL: 'http://127.0.0.1:9000',
      AWS_DEFAULT_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(c).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, region: 'eu-west-3' });
    expect(c.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: undefined });
    // the S3-specific endpoint variable wins; path style can be turned off
    const s = s3ClientConfig({
      AWS_ENDPOINT_URL: 'http://a:1',
      AWS_ENDPOINT_URL_S3: 'http://b:2',
      AWS_S3_FORCE_PATH_STYLE: 'false',
    });
    expect(s).toMatchObject({ endpoint: 'http://b:2', forcePathStyle: false });
    // AWS itself: no endpoint, virtual-host addressing, the SDK's own credential chain
    const aws = s3ClientConfig({ AWS_REGION: 'us-west-2' });
    expect(aws).toEqual({ region: 'us-west-2' });
  });
});

describe('S3BlobStore on a real S3-protocol server', () => {
  let server: S3TestServer;
  let bucket: { bucket: string; remove(): Promise<void> };
  let store: S3BlobStore;

  beforeAll(async () => {
    server = s3TestServer();
    bucket = await freshBucket(server);
    store = createS3BlobStore(`s3://${bucket.bucket}/tenant-a/blobs/`, server.env);
  }, 300_000);

  afterAll(async () => {
    store?.close();
    await bucket?.remove();
  });

  test('put, get, getBuffer, exists, delete under the prefix', async () => {
    const body = Buffer.from('{"role":"user","content":"hello"}\n');
    const put = await store.put('uploads/twin_1', body);
    expect(put).toEqual({ bytes: body.length, sha256: sha256([body]) });
    expect(await store.exists('uploads/twin_1')).toBe(true);
    expect(await store.getBuffer('uploads/twin_1')).toEqual(body);
    expect(await drain(await store.get('uploads/twin_1'))).toEqual(put);

    // the object sits under the prefix in the bucket (path-style requests reached it on a bare IP)
    const listed = await store.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
    expect((listed.Contents ?? []).map((o) => o.Key)).toContain('tenant-a/blobs/uploads/twin_1');

    // overwrite replaces whole
    const second = Buffer.from('second');
    await store.put('uploads/twin_1', Readable.from([second]));
    expect(await store.getBuffer('uploads/twin_1')).toEqual(second);

    await store.delete('uploads/twin_1');
    expect(await store.exists('uploads/twin_1')).toBe(false);
    await expect(store.delete('uploads/twin_1')).resolves.toBeUndefined();
  });

  test('createBlobStore picks the S3 store for s3:// with the AWS_* environment', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, server.env);
    try {
      const viaFactory = createBlobStore({
        storageUrl: `s3://${bucket.bucket}/tenant-a/blobs`,
        dataDir: '/nonexistent',
      });
      expect(viaFactory).toBeInstanceOf(S3BlobStore);
      await viaFactory.put('content/factory.txt', Buffer.from('via factory'));
      expect((await store.getBuffer('content/factory.txt')).toString()).toBe('via factory');
      (viaFactory as S3BlobStore).close();
    } finally {
      for (const k of Object.keys(server.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
    expect(() => createBlobStore({ storageUrl: 'gs://bucket', dataDir: '/x' })).toThrow(/s3:\/\/bucket/);
  });

  test('an empty object', async () => {
    const put = await store.put('content/empty.txt', Readable.from([]));
    expect(put.bytes).toBe(0);
    expect((await store.getBuffer('content/empty.txt')).length).toBe(0);
  });

  test('missing objects: get and getBuffer reject with BlobNotFoundError, exists is false', async () => {
    await expect(store.get('content/nope')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.getBuffer('content/nope')).rejects.toMatchObject({ code: 'blob_not_found' });
    expect(await store.exists('content/nope')).toBe(false);
  });

  test('keys the folder store would refuse are refused', async () => {
    for (const bad of ['', '../x', 'a//b', '/abs', 'a/../b', 'with space'])
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow('invalid object key');
  });

  test('ping answers for the bucket and fails for a missing one', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const missing = createS3BlobStore('s3://tracetwin-no-such-bucket-here', server.env);
    await expect(missing.ping()).rejects.toBeDefined();
    missing.close();
  });

  test('a 20 MiB stream goes up as a multipart upload while it is still being read', async () => {
    const total = 20 * MiB;
    // count UploadPart calls that have come back, to see parts leave before the source ends
    let partsDone = 0;
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const out = await next(args);
        if (context.commandName === 'UploadPartCommand') partsDone++;
        return out;
      },
      { step: 'initialize', name: 'countUploadParts' },
    );
    let partsDoneAtLastChunk = -1;
    try {
      const source = Readable.from(
        pattern(total, (sent) => {
          if (sent + 64 * 1024 >= total) partsDoneAtLastChunk = partsDone;
        }),
      );
      const put = await store.put('uploads/big.jsonl', source);
      expect(put.bytes).toBe(total);
      expect(put.sha256).toBe(sha256(pattern(total)));
      // at most two parts are held at once, so the first ones were sent before the end was read
      expect(partsDoneAtLastChunk).toBeGreaterThanOrEqual(1);
      expect(partsDone).toBe(Math.ceil(total / S3_PART_SIZE));
    } finally {
      store.client.middlewareStack.remove('countUploadParts');
    }
    const head = await store.client.send(
      new HeadObjectCommand({ Bucket: bucket.bucket, Key: store.objectKey('uploads/big.jsonl') }),
    );
    expect(head.ContentLength).toBe(total);
    // a multipart object's ETag ends with the number of parts
    expect(head.ETag).toMatch(new RegExp(`-${Math.ceil(total / S3_PART_SIZE)}"?$`));
    expect(await drain(await store.get('uploads/big.jsonl'))).toEqual({ bytes: total, sha256: sha256(pattern(total)) });
  });

  test('a source that fails mid-way leaves no object and no open multipart upload', async () => {
    function* failing(): Generator<Buffer> {
      yield* pattern(12 * MiB);
      throw new Error('client went away');
    }
    await expect(store.put('uploads/broken', Readable.from(failing()))).rejects.toThrow();
    expect(await store.exists('uploads/broken')).toBe(false);
    const open = await store.client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket.bucket, Prefix: store.objectKey('uploads/broken') }),
    );
    expect(open.Uploads ?? []).toEqual([]);
  });

  test('sweep aborts incomplete multipart uploads older than the age under its prefix, and nothing else', async () => {
    const c = store.client;
    const Bucket = bucket.bucket;
    const begin = async (Key: string): Promise<string> => {
      const { UploadId } = await c.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      // one part of trace content, as a crashed upload leaves it
      await c.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(5 * MiB, 0x61) }));
      return UploadId as string;
    };
    const openUploads = async (Prefix: string) =>
      ((await c.send(new ListMultipartUploadsCommand({ Bucket, Prefix }))).Uploads ?? []).map((u) => u.Key).sort();
    await begin(store.objectKey('uploads/crashed'));
    await begin(store.objectKey('content/crashed'));
    const elsewhere = 'another-tenant/uploads/x';
    await begin(elsewhere);
    expect(await openUploads(store.prefix)).toHaveLength(2);
    // (the test server dates every upload in 2010: the age is tested on its own below)
    // aborted, parts and all; another prefix's upload is not this store's
    expect(await store.sweep(0)).toBe(2);
    expect(await openUploads(store.prefix)).toEqual([]);
    expect(await openUploads('another-tenant/')).toEqual([elsewhere]);
    const other = await c.send(new ListMultipartUploadsCommand({ Bucket, Prefix: elsewhere }));
    await c.send(new AbortMultipartUploadCommand({ Bucket, Key: elsewhere, UploadId: other.Uploads![0]!.UploadId }));
  });

  test("sweep leaves this process's upload in progress alone, which then completes", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let sent = 0;
    async function* slow(): AsyncGenerator<Buffer> {
      for (const b of pattern(2 * S3_PART_SIZE + MiB)) {
        sent += b.length;
        // after the first part has gone up, wait for the sweep
        if (sent > S3_PART_SIZE + MiB) await gate;
        yield b;
      }
    }
    const put = store.put('uploads/in-progress', Readable.from(slow()));
    const key = store.objectKey('uploads/in-progress');
    const until = Date.now() + 60_000;
    for (;;) {
      const open = await store.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.bucket, Prefix: key }));
      if ((open.Uploads ?? []).length > 0) break;
      if (Date.now() > until) throw new Error('no multipart upload began');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await store.sweep(0)).toBe(0);
    release();
    expect((await put).bytes).toBe(2 * S3_PART_SIZE + MiB);
    expect(await store.exists('uploads/in-progress')).toBe(true);
  });
});

test("S3 sweep: an upload younger than the age is left (it may be another host's, still going)", async () => {
  const now = Date.now();
  const aborted: string[] = [];
  const client = {
    send: async (cmd: object) => {
      if (cmd instanceof ListMultipartUploadsCommand) {
        expect(cmd.input.Prefix).toBe('p/');
        return {
          Uploads: [
            { Key: 'p/uploads/young', UploadId: 'u1', Initiated: new Date(now - 60_000) },
            { Key: 'p/uploads/old', UploadId: 'u2', Initiated: new Date(now - 2 * 3_600_000) },
          ],
          IsTruncated: false,
        };
      }
      if (cmd instanceof AbortMultipartUploadCommand) {
        aborted.push(cmd.input.Key as string);
        return {};
      }
      throw new Error('unexpected command');
    },
  };
  const store = new S3BlobStore({ bucket: 'b-1', prefix: 'p', client: client as unknown as S3Client });
  expect(await store.sweep(3_600_000)).toBe(1);
  expect(aborted).toEqual(['p/uploads/old']);
});
