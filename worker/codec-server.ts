/**
 * A Temporal codec server: lets the Temporal Web UI and `temporal workflow
 * show --codec-endpoint …` read the payloads that the encryption codec
 * (worker/codec.ts) wrote, without giving the Temporal cluster the key.
 *
 * Protocol (https://docs.temporal.io/codec-server):
 *   POST {endpoint}/encode and POST {endpoint}/decode, also under a namespace
 *   segment ({endpoint}/{namespace}/decode), with a JSON body
 *   `{"payloads":[{"metadata":{"encoding":"<base64>"},"data":"<base64>"}]}` —
 *   payloads in proto3 JSON, every bytes field base64 — answered with the same
 *   shape. Headers the callers send: `Content-Type: application/json`,
 *   `X-Namespace`, and `Authorization` when configured.
 * CORS: the Web UI calls from the browser, so answers carry
 * `Access-Control-Allow-Origin` for the configured UI origins (with
 * credentials allowed, for the UI's "include cross-origin credentials"), and
 * OPTIONS preflights are answered.
 *
 * Anyone who can call /decode can read payloads: listen on loopback or an
 * internal network, list only the UI's origin, and set a bearer token for
 * command-line use where the network is shared.
 */
import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Payload, PayloadCodec } from '@temporalio/common';

export interface CodecServerOptions {
  codec: PayloadCodec;
  /** Origins allowed to call from a browser (the Temporal Web UI's), e.g. `http://127.0.0.1:8233`; `*` allows any. */
  corsOrigins: readonly string[];
  /** When set, requests need `Authorization: Bearer <token>` (preflights excepted). */
  authToken?: string;
  /** Largest request body accepted; default 8 MiB. */
  maxBodyBytes?: number;
}

/** A payload as proto3 JSON: bytes fields base64. */
export interface JsonPayload {
  metadata?: Record<string, string>;
  data?: string;
}

const ROUTE_RE = /^(?:\/[^/]+)*\/(encode|decode)\/?$/;
const B64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function fromBase64(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !B64_RE.test(value)) throw new HttpError(400, `${what} is not base64`);
  return new Uint8Array(Buffer.from(value, 'base64'));
}

/** proto3 JSON → Payload. */
export function payloadFromJson(json: unknown): Payload {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new HttpError(400, 'a payload is a JSON object');
  const o = json as Record<string, unknown>;
  const metadata: Record<string, Uint8Array> = {};
  if (o.metadata !== undefined && o.metadata !== null) {
    if (typeof o.metadata !== 'object' || Array.isArray(o.metadata))
      throw new HttpError(400, 'payload metadata is a JSON object');
    for (const [k, v] of Object.entries(o.metadata as Record<string, unknown>))
      metadata[k] = fromBase64(v, `metadata ${JSON.stringify(k).slice(0, 80)}`);
  }
  const data = o.data === undefined || o.data === null ? new Uint8Array(0) : fromBase64(o.data, 'data');
  return { metadata, data };
}

/** Payload → proto3 JSON. */
export function payloadToJson(p: Payload): JsonPayload {
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.metadata ?? {})) metadata[k] = Buffer.from(v).toString('base64');
  return { metadata, data: Buffer.from(p.data ?? new Uint8Array(0)).toString('base64') };
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request handler, for `http.createServer` or to mount under another server. */
export function codecRequestHandler(options: CodecServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const origins = new Set(options.corsOrigins.map((o) => o.replace(/\/+$/, '')));
  const anyOrigin = origins.has('*');
  const limit = options.maxBodyBytes ?? 8 * 1024 * 1024;

  function cors(req: IncomingMessage, res: ServerResponse): boolean {
    const origin = req.headers.origin;
    res.setHeader('Vary', 'Origin');
    if (origin === undefined || !(anyOrigin || origins.has(origin))) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    return true;
  }

  function send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://codec.invalid');
    const route = ROUTE_RE.exec(url.pathname);
    const allowed = cors(req, res);
    if (route === null) throw new HttpError(404, 'not found: the codec server answers POST …/encode and …/decode');
    if (req.method === 'OPTIONS') {
      if (!allowed) throw new HttpError(403, 'origin not allowed');
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, X-Namespace, Authorization',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST, OPTIONS');
      throw new HttpError(405, 'method not allowed');
    }
    if (options.authToken !== undefined) {
      const auth = req.headers.authorization ?? '';
      if (!sameSecret(auth, `Bearer ${options.authToken}`)) throw new HttpError(401, 'unauthorized');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw new HttpError(415, 'send Content-Type: application/json');
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, limit)).toString('utf8'));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(400, 'the body is not JSON');
    }
    const list = (body as { payloads?: unknown } | null)?.payloads;
    if (!Array.isArray(list)) throw new HttpError(400, 'the body is {"payloads": [...]}');
    const payloads = list.map(payloadFromJson);
    let out: Payload[];
    try {
      out = route[1] === 'encode' ? await options.codec.encode(payloads) : await options.codec.decode(payloads);
    } catch (err) {
      // the codec's messages name key ids and formats, never payload contents
      throw new HttpError(400, (err as Error).message);
    }
    send(res, 200, { payloads: out.map(payloadToJson) });
  }

  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : 'internal error';
      if (!res.headersSent) send(res, status, { error: message });
      else res.destroy();
      // drain what is left of a refused body so the connection can be reused
      req.resume();
    });
  };
}

export interface RunningCodecServer {
  /** Base URL to give the Web UI (`--ui-codec-endpoint`, or its settings) and the CLI (`--codec-endpoint`). */
  url: string;
  close(): Promise<void>;
}

/** Starts a codec server on `host:port` (port 0: a free one). */
export async function startCodecServer(
  options: CodecServerOptions & { host: string; port: number },
): Promise<RunningCodecServer> {
  const server = http.createServer(codecRequestHandler(options));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
