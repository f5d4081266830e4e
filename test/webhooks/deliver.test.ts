/**
 * One delivery attempt against a local HTTPS receiver whose certificate comes
 * from a CA generated in the test and trusted through the `--webhook-ca-file`
 * mechanism, with loopback let through as `--webhook-allow-loopback` does:
 * success (the signature verified with the official package), failures
 * (status, redirect not followed, time-out, untrusted certificate, refused
 * address) and the connection going to the address that was checked.
 */
import { Webhook } from 'standardwebhooks';
import type { Resolver } from '../../webhooks/address';
import { readExtraCa } from '../../webhooks/config';
import { deliverOnce, type DeliverConfig } from '../../webhooks/deliver';
import { generateSecret } from '../../webhooks/secrets';
import { signedHeaders } from '../../webhooks/sign';
import { startReceiver, type Receiver } from './receiver';

let receiver: Receiver;
let config: DeliverConfig;

beforeAll(async () => {
  receiver = await startReceiver();
  const extraCa = readExtraCa({ scheduleMs: [], timeoutMs: 2000, allowLoopback: true, caFile: receiver.caFile });
  config = { timeoutMs: 2000, policy: { allowLoopback: true }, ...(extraCa ? { extraCa } : {}) };
});

afterAll(async () => {
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.handler = (_req, res) => {
    res.writeHead(200).end('ok');
  };
});

const secret = generateSecret();
const body = JSON.stringify({ id: 'evt_abc', object: 'event', type: 'svc.twin.completed', data: { id: 'twin_1' } });

function request(url: string) {
  return { url, body, headers: signedHeaders(secret, 'evt_abc', body) };
}

test('a 2xx is a success; the receiver gets the signed body and the Standard Webhooks headers', async () => {
  receiver.handler = (_req, res) => {
    res.writeHead(204).end();
  };
  const result = await deliverOnce(request(receiver.url()), config);
  expect(result).toEqual({ ok: true, status: 204 });
  expect(receiver.received).toHaveLength(1);
  const got = receiver.received[0]!;
  expect(got.method).toBe('POST');
  expect(got.url).toBe('/hook');
  expect(got.headers['user-agent']).toBe('webhooks/1');
  expect(got.headers['content-type']).toBe('application/json');
  expect(got.headers['webhook-id']).toBe('evt_abc');
  expect(got.body).toBe(body);
  const verified = new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
  expect(verified).toEqual(JSON.parse(body));
});

test('a host name: SNI, certificate and Host use the name, the connection the checked address', async () => {
  // hook.test resolves through the stub only; a second resolution would answer a private address.
  let calls = 0;
  const resolve: Resolver = async (host) => {
    expect(host).toBe('hook.test');
    calls++;
    return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
  };
  const result = await deliverOnce(request(receiver.url('hook.test', '/in?x=1')), { ...config, resolve });
  expect(result).toEqual({ ok: true, status: 200 });
  expect(calls).toBe(1);
  expect(receiver.received[0]?.headers.host).toBe(`hook.test:${receiver.port}`);
  expect(receiver.received[0]?.url).toBe('/in?x=1');
});

test('the host is checked again on every attempt: a name now resolving to a private address is refused', async () => {
  const resolve: Resolver = async () => [{ address: '192.168.0.10', family: 4 }];
  const result = await deliverOnce(request(receiver.url('hook.test')), { ...config, resolve });
  expect(result).toEqual({ ok: false, error: 'url_refused', reason: 'private' });
  expect(receiver.received).toHaveLength(0);
});

test('without --webhook-allow-loopback the local receiver is refused before any connection', async () => {
  const result = await deliverOnce(request(receiver.url()), { ...config, policy: { allowLoopback: false } });
  expect(result).toEqual({ ok: false, error: 'url_refused', reason: 'loopback' });
  expect(receiver.received).toHaveLength(0);
});

test('without the extra CA the certificate is not trusted', async () => {
  const { extraCa: _dropped, ...noCa } = config;
  const result = await deliverOnce(request(receiver.url()), noCa);
  expect(result.ok).toBe(false);
  expect(!result.ok && result.error).toBe('connection_failed');
  expect(receiver.received).toHaveLength(0);
});

test.each([301, 302, 303, 307, 308])('a %i redirect is a failure and is not followed', async (status) => {
  receiver.handler = (req, res) => {
    if (req.url === '/hook') res.writeHead(status, { location: receiver.url('127.0.0.1', '/elsewhere') }).end();
    else res.writeHead(200).end();
  };
  const result = await deliverOnce(request(receiver.url()), config);
  expect(result).toEqual({ ok: false, error: 'redirect', status });
  expect(receiver.received.map((r) => r.url)).toEqual(['/hook']);
});

test.each([400, 404, 410, 429, 500, 503])('a %i answer is a failure', async (status) => {
  receiver.handler = (_req, res) => {
    res.writeHead(status).end('no');
  };
  expect(await deliverOnce(request(receiver.url()), config)).toEqual({ ok: false, error: 'http_status', status });
});

test('no answer within --webhook-timeout is a time-out', async () => {
  const held: import('node:http').ServerResponse[] = [];
  receiver.handler = (_req, res) => {
    held.push(res); // never answered
  };
  const result = await deliverOnce(request(receiver.url()), { ...config, timeoutMs: 300 });
  expect(result).toEqual({ ok: false, error: 'timeout' });
  expect(receiver.received).toHaveLength(1);
  for (const res of held) res.destroy();
});

test('a connection refused is a failure', async () => {
  const closed = await startReceiver();
  const url = closed.url();
  await closed.close();
  const result = await deliverOnce(request(url), config);
  expect(result).toEqual({ ok: false, error: 'connection_failed', reason: 'ECONNREFUSED' });
});
