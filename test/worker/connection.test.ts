/** Temporal connection options from the configuration: TLS, mutual TLS, API key. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeTemporalConnection, temporalConnectionOptions } from '../../worker/connection';

const PEM = (what: string) => Buffer.from(`-----BEGIN ${what}-----\nAAAA\n-----END ${what}-----\n`);
const files: Record<string, Buffer> = {
  '/certs/client.pem': PEM('CERTIFICATE'),
  '/certs/client.key': PEM('PRIVATE KEY'),
  '/certs/ca.pem': PEM('CERTIFICATE'),
  '/certs/not-pem.txt': Buffer.from('hello'),
};
const readFile = (p: string): Buffer => {
  const b = files[p];
  if (!b) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  return b;
};

describe('temporalConnectionOptions', () => {
  test('a plain address: no TLS, no key', () => {
    const o = temporalConnectionOptions({ temporal: { address: 'temporal.internal:7233', namespace: 'default' } });
    expect(o).toEqual({ address: 'temporal.internal:7233' });
    expect(describeTemporalConnection(o)).toBe('temporal.internal:7233');
  });

  test('the default address (the dev server serve started) is used when none is configured', () => {
    expect(temporalConnectionOptions({ temporal: { namespace: 'default' } }, '127.0.0.1:7300').address).toBe(
      '127.0.0.1:7300',
    );
    expect(() => temporalConnectionOptions({ temporal: { namespace: 'default' } })).toThrow(/--temporal-address/);
  });

  test('mutual TLS: certificate pair, CA and server name', () => {
    const o = temporalConnectionOptions(
      {
        temporal: {
          address: '10.0.0.5:7233',
          namespace: 'twins',
          tlsCert: '/certs/client.pem',
          tlsKey: '/certs/client.key',
          tlsCa: '/certs/ca.pem',
          serverName: 'frontend.temporal.internal',
        },
      },
      undefined,
      readFile,
    );
    expect(o.tls).toEqual({
      serverNameOverride: 'frontend.temporal.internal',
      serverRootCACertificate: files['/certs/ca.pem'],
      clientCertPair: { crt: files['/certs/client.pem'], key: files['/certs/client.key'] },
    });
    expect(o.apiKey).toBeUndefined();
    expect(describeTemporalConnection(o)).toBe('10.0.0.5:7233, mTLS');
  });

  test('TLS alone, with the system roots', () => {
    const o = temporalConnectionOptions({ temporal: { address: 'h:7233', namespace: 'n', tls: true } });
    expect(o.tls).toEqual({});
  });

  test('API key (Temporal Cloud): TLS on, bearer key, namespace header', () => {
    const o = temporalConnectionOptions({
      temporal: { address: 'us-east-1.aws.api.temporal.io:7233', namespace: 'twins.a1b2c', apiKey: ' key-abc ' },
    });
    expect(o).toEqual({
      address: 'us-east-1.aws.api.temporal.io:7233',
      tls: {},
      apiKey: 'key-abc',
      metadata: { 'temporal-namespace': 'twins.a1b2c' },
    });
    expect(describeTemporalConnection(o)).toBe('us-east-1.aws.api.temporal.io:7233, TLS, API key');
    expect(describeTemporalConnection(o)).not.toContain('key-abc');
  });

  test('clear errors: a certificate without its key, unreadable or non-PEM files', () => {
    const t = (extra: object) => () =>
      temporalConnectionOptions({ temporal: { address: 'h:1', namespace: 'n', ...extra } }, undefined, readFile);
    expect(t({ tlsCert: '/certs/client.pem' })).toThrow(/go together/);
    expect(t({ tlsKey: '/certs/client.key' })).toThrow(/go together/);
    expect(t({ tlsCa: '/certs/missing.pem' })).toThrow(/--temporal-tls-ca: cannot read/);
    expect(t({ tlsCert: '/certs/not-pem.txt', tlsKey: '/certs/client.key' })).toThrow(/not a PEM file/);
  });

  test('reads real files by default', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-tls-'));
    fs.writeFileSync(path.join(dir, 'ca.pem'), files['/certs/ca.pem']!);
    const o = temporalConnectionOptions({
      temporal: { address: 'h:7233', namespace: 'n', tlsCa: path.join(dir, 'ca.pem') },
    });
    expect(o.tls?.serverRootCACertificate).toEqual(files['/certs/ca.pem']);
    fs.rmSync(dir, { recursive: true });
  });
});
