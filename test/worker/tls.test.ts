/**
 * The Temporal connection options against a real frontend behind mutual TLS:
 * a Temporal dev server (which speaks plaintext only) behind a TLS proxy that
 * demands a client certificate from a test CA. The client and the worker's
 * native connection reach it with --temporal-tls-cert / -key / -ca /
 * --temporal-server-name; without the client certificate, or trusting another
 * CA, they are refused.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import selfsigned from 'selfsigned';
import { Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { temporalConnectionOptions } from '../../worker/connection';
import { startDevServer, type DevServer } from '../../worker/devserver';

jest.setTimeout(120_000);

const TEMPORAL = path.resolve(__dirname, '../../.tools/bin/temporal');

interface Pki {
  caPem: string;
  server: { key: string; cert: string };
  client: { key: string; cert: string };
}

async function pki(): Promise<Pki> {
  const notBeforeDate = new Date(Date.now() - 3600_000);
  const base = { keyType: 'ec' as const, algorithm: 'sha256' as const, notBeforeDate };
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'tracetwin temporal test CA' }], {
    ...base,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = (cn: string, usage: Record<string, boolean>, alt: boolean) =>
    selfsigned.generate([{ name: 'commonName', value: cn }], {
      ...base,
      ca: { key: ca.private, cert: ca.cert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', ...usage },
        ...(alt
          ? [{ name: 'subjectAltName' as const, altNames: [{ type: 2 as const, value: 'frontend.temporal.test' }] }]
          : []),
      ],
    });
  const server = await leaf('frontend.temporal.test', { serverAuth: true }, true);
  const client = await leaf('tracetwin worker', { clientAuth: true }, false);
  return {
    caPem: ca.cert,
    server: { key: server.private, cert: server.cert },
    client: { key: client.private, cert: client.cert },
  };
}

let dir: string;
let dev: DevServer;
let proxy: tls.Server;
let address: string;
let files: { ca: string; cert: string; key: string; otherCa: string };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-tls-'));
  const [p, other] = await Promise.all([pki(), pki()]);
  files = {
    ca: path.join(dir, 'ca.pem'),
    cert: path.join(dir, 'client.pem'),
    key: path.join(dir, 'client.key'),
    otherCa: path.join(dir, 'other-ca.pem'),
  };
  fs.writeFileSync(files.ca, p.caPem);
  fs.writeFileSync(files.cert, p.client.cert);
  fs.writeFileSync(files.key, p.client.key);
  fs.writeFileSync(files.otherCa, other.caPem);
  dev = await startDevServer({ dataDir: dir, binary: TEMPORAL, port: 0, uiPort: 0 });
  const [host, port] = [dev.address.split(':')[0]!, Number(dev.address.split(':')[1])];
  proxy = tls.createServer(
    {
      key: p.server.key,
      cert: p.server.cert,
      ca: p.caPem,
      requestCert: true,
      rejectUnauthorized: true,
      ALPNProtocols: ['h2'],
    },
    (socket) => {
      const upstream = net.connect(port, host);
      socket.pipe(upstream).pipe(socket);
      const close = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', close);
      upstream.on('error', close);
    },
  );
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await dev?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const settings = (extra: Record<string, string | undefined>) =>
  temporalConnectionOptions({
    temporal: { address, namespace: 'default', serverName: 'frontend.temporal.test', ...extra },
  });

test('client and worker connections reach the frontend with the client certificate', async () => {
  const options = settings({ tlsCa: files.ca, tlsCert: files.cert, tlsKey: files.key });
  const client = await Connection.connect({ ...options, connectTimeout: 10_000 });
  try {
    const info = await client.workflowService.getSystemInfo({});
    expect(info.serverVersion).toBeTruthy();
  } finally {
    await client.close();
  }
  const native = await NativeConnection.connect(options);
  try {
    const ns = await native.workflowService.describeNamespace({ namespace: 'default' });
    expect(ns.namespaceInfo?.name).toBe('default');
  } finally {
    await native.close();
  }
});

test('without the client certificate, or trusting another CA, the connection is refused', async () => {
  const attempt = async (extra: Record<string, string | undefined>) => {
    const c = await Connection.connect({ ...settings(extra), connectTimeout: 3_000 });
    try {
      await c.workflowService.getSystemInfo({});
    } finally {
      await c.close();
    }
  };
  await expect(attempt({ tlsCa: files.ca })).rejects.toThrow();
  await expect(attempt({ tlsCa: files.otherCa, tlsCert: files.cert, tlsKey: files.key })).rejects.toThrow();
});
