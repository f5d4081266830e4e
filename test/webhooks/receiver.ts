/**
 * A local HTTPS receiver for delivery tests: a CA and a server certificate
 * (for localhost, hook.test, 127.0.0.1 and ::1) generated here, the CA written
 * to a PEM file for `--webhook-ca-file`, and a programmable handler that
 * records every request (headers, raw body, arrival time).
 */
import fs from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (req: Received, res: ServerResponse) => void;

export interface Receiver {
  port: number;
  caFile: string;
  caPem: string;
  received: Received[];
  /** Answers requests; the default answers 200. */
  handler: Handler;
  url(host?: string, pathname?: string): string;
  close(): Promise<void>;
}

let pki: Promise<{ caPem: string; key: string; cert: string }> | null = null;

/** One CA and server certificate per test file (RSA generation is slow). */
function certificates(): Promise<{ caPem: string; key: string; cert: string }> {
  pki ??= (async () => {
    const notBeforeDate = new Date(Date.now() - 3600_000);
    const ca = await selfsigned.generate([{ name: 'commonName', value: 'tracetwin test CA' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notBeforeDate,
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    });
    const server = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      notBeforeDate,
      ca: { key: ca.private, cert: ca.cert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 2, value: 'hook.test' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    return { caPem: ca.cert, key: server.private, cert: server.cert };
  })();
  return pki;
}

export async function startReceiver(): Promise<Receiver> {
  const { caPem, key, cert } = await certificates();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-hooks-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, caPem);
  const received: Received[] = [];
  const receiver: Receiver = {
    port: 0,
    caFile,
    caPem,
    received,
    handler: (_req, res) => {
      res.writeHead(200).end('ok');
    },
    url: (host = '127.0.0.1', pathname = '/hook') => `https://${host}:${receiver.port}${pathname}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      receiver.handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.port = (server.address() as AddressInfo).port;
  return receiver;
}
