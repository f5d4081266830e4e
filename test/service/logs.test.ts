/**
 * The access log of the API, listening for real (a content download's end
 * is a socket matter): requests are logged by method and path, never their
 * query string, headers or body; a normal request logs nothing at warn or
 * above; a complete download is not logged as cut short, a download the
 * client leaves early is, at info.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, LOG_REDACT, LOG_SERIALIZERS } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import type { DatabaseHandle } from '../../db/client';
import { createApiKey } from '../../db/repo';
import { twins } from '../../db/schema';
import { createBlobStore, type BlobStore } from '../../storage';
import { acceptUpload } from '../workflows/accept';
import { form, openTestDatabase } from './helpers';

interface Line {
  level: number;
  msg: string;
  [k: string]: unknown;
}

let handle: DatabaseHandle;
let dir: string;
let blobs: BlobStore;
let app: FastifyInstance;
let base: string;
const lines: Line[] = [];
/** How long the content's source waits, after its last byte, before it ends (the client has everything by then). */
let endDelayMs = 0;

/** More than the connection's buffers hold: a client that stops reading leaves some of it unsent. */
const CONTENT = Buffer.from('{"user":"Zed Quill"}\n'.repeat(400_000));

beforeAll(async () => {
  handle = await openTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-logs-'));
  const real = createBlobStore({ dataDir: dir });
  blobs = Object.assign(Object.create(real) as BlobStore, {
    // the content's stream: every byte at once, then its end after endDelayMs
    get: async (key: string) => {
      const bytes = await real.getBuffer(key);
      const wait = endDelayMs;
      return Readable.from(
        (async function* () {
          for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
          await new Promise((r) => setTimeout(r, wait));
        })(),
      );
    },
  });
  const logger = pino(
    { level: 'debug', redact: LOG_REDACT, serializers: LOG_SERIALIZERS },
    { write: (s: string) => void lines.push(JSON.parse(s) as Line) },
  );
  app = await buildApp({
    db: handle.db,
    blobs,
    config: { ...DEFAULT_API_CONFIG, publicUrl: 'https://twins.example.test', hmacSecret: randomBytes(32) },
    startTwin: async () => undefined,
    logger,
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function completedTwin(): Promise<{ id: string; secret: string }> {
  const t = await acceptUpload(handle.db, blobs, 'chat.jsonl', Buffer.from('{}\n'));
  await blobs.put(`content/${t.twinId}`, CONTENT);
  await handle.db
    .update(twins)
    .set({
      status: 'completed',
      completed: Math.floor(Date.now() / 1000),
      contentKey: `content/${t.twinId}`,
      contentBytes: CONTENT.length,
    })
    .where(eq(twins.id, t.twinId));
  const { secret } = await createApiKey(handle.db, { orgId: t.orgId, mode: 'live' });
  return { id: t.twinId, secret };
}

/** GETs `urlPath` on a raw socket and closes it once `closeAfter` body bytes came (all of them by default). */
function download(urlPath: string, secret: string, closeAfter?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    let head = '';
    let body = 0;
    let length = -1;
    socket.on('error', reject);
    socket.on('close', () => resolve(body));
    socket.on('data', (chunk: Buffer) => {
      if (length < 0) {
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        length = Number(/content-length: (\d+)/i.exec(head.slice(0, end))?.[1] ?? '0');
        body = Buffer.byteLength(head.slice(end + 4), 'latin1');
      } else body += chunk.length;
      if (body >= (closeAfter ?? length)) socket.destroy();
    });
    socket.write(`GET ${urlPath} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${secret}\r\n\r\n`);
  });
}

async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 300));
}

test('requests are logged by method and path: no query string, no body, no key', async () => {
  const { secret } = await completedTwin();
  lines.length = 0;
  const res = await fetch(`${base}/v1/svc/twins?end_user=customer-4471&limit=5`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(res.status).toBe(200);
  const body = form([
    { name: 'end_user', value: 'customer-9902' },
    { name: 'key', value: 'ab'.repeat(32) },
    { name: 'file', filename: 'x.jsonl', content: '{"email":"zed@example.org"}\n' },
  ]);
  const created = await fetch(`${base}/v1/svc/twins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, ...body.headers },
    body: body.payload,
  });
  expect(created.status).toBe(202);
  await settle();
  const text = JSON.stringify(lines);
  expect(lines.some((l) => (l.req as { path?: string } | undefined)?.path === '/v1/svc/twins')).toBe(true);
  for (const hidden of ['customer-4471', 'limit=5', 'customer-9902', 'ab'.repeat(32), 'zed@example.org', secret])
    expect(text).not.toContain(hidden);
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
});

test('a complete download is not logged as cut short, nor above info', async () => {
  const { id, secret } = await completedTwin();
  endDelayMs = 300; // the client has every byte and closes before the source ends
  lines.length = 0;
  expect(await download(`/v1/svc/twins/${id}/content`, secret)).toBe(CONTENT.length);
  await settle();
  await settle();
  expect(lines.map((l) => l.msg)).not.toContain('stream closed prematurely');
  expect(lines.map((l) => l.msg)).not.toContain('download closed by the client before its end');
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  expect(lines.map((l) => l.msg)).toContain('download complete; the client closed the connection first');
});

test('a download the client leaves early is logged at info, with the byte counts', async () => {
  const { id, secret } = await completedTwin();
  endDelayMs = 300;
  lines.length = 0;
  const got = await download(`/v1/svc/twins/${id}/content`, secret, 1000);
  expect(got).toBeLessThan(CONTENT.length);
  await settle();
  await settle();
  const early = lines.find((l) => l.msg === 'download closed by the client before its end');
  expect(early).toMatchObject({ level: 30, bytes_expected: CONTENT.length });
  expect(lines.filter((l) => l.level >= 40)).toEqual([]);
});
