/**
 * Connection options for a real Temporal cluster or Temporal Cloud, shared by
 * the client (`Connection.connect`, in serve) and the worker
 * (`NativeConnection.connect`):
 *
 *   --temporal-address HOST:PORT     frontend (Temporal Cloud: <ns>.<account>.tmprl.cloud:7233,
 *                                    or the regional API endpoint with an API key)
 *   --temporal-namespace NAME        namespace (default `default`)
 *   --temporal-tls                   TLS with the system's trusted roots
 *   --temporal-tls-cert FILE         client certificate (PEM) for mutual TLS …
 *   --temporal-tls-key FILE          … and its private key (PEM)
 *   --temporal-tls-ca FILE           root CA (PEM) of the server's certificate, when not a public one
 *   --temporal-server-name NAME      TLS server name (SNI and certificate check) when it differs from the host
 *   --temporal-api-key KEY           API key (Temporal Cloud), sent as `Authorization: Bearer …`
 *
 * Any TLS file, a server name or an API key turns TLS on. Each flag also reads
 * `TRACETWIN_<FLAG>`; prefer the environment (or a file) for the API key.
 */
import fs from 'node:fs';

export interface TemporalConnectionSettings {
  /** `HOST:PORT`. */
  address?: string;
  namespace: string;
  /** TLS without client certificates (system roots, or `tlsCa`). */
  tls?: boolean;
  /** Paths of PEM files. */
  tlsCert?: string;
  tlsKey?: string;
  tlsCa?: string;
  serverName?: string;
  apiKey?: string;
}

/** What `Connection.connect` and `NativeConnection.connect` both take. */
export interface TemporalConnectionOptions {
  address: string;
  tls?: {
    serverNameOverride?: string;
    serverRootCACertificate?: Buffer;
    clientCertPair?: { crt: Buffer; key: Buffer };
  };
  apiKey?: string;
  metadata?: Record<string, string>;
}

function readPem(file: string, flag: string, readFile: (p: string) => Buffer): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFile(file);
  } catch (err) {
    throw new Error(`${flag}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`, { cause: err });
  }
  if (!bytes.includes('-----BEGIN ')) throw new Error(`${flag}: ${file} is not a PEM file`);
  return bytes;
}

/**
 * The options for `Connection.connect` / `NativeConnection.connect` from the
 * configuration (`config.temporal`); `defaultAddress` is used when no
 * address is configured (the local dev server that serve started).
 */
export function temporalConnectionOptions(
  config: { temporal: TemporalConnectionSettings },
  defaultAddress?: string,
  readFile: (p: string) => Buffer = (p) => fs.readFileSync(p),
): TemporalConnectionOptions {
  const t = config.temporal;
  const address = t.address ?? defaultAddress;
  if (address === undefined) throw new Error('no Temporal address: set --temporal-address HOST:PORT');
  if ((t.tlsCert === undefined) !== (t.tlsKey === undefined))
    throw new Error('--temporal-tls-cert and --temporal-tls-key go together (a client certificate and its key)');

  const options: TemporalConnectionOptions = { address };
  const apiKey = t.apiKey?.trim();
  const wantTls =
    t.tls === true ||
    t.tlsCert !== undefined ||
    t.tlsCa !== undefined ||
    t.serverName !== undefined ||
    (apiKey !== undefined && apiKey !== '');
  if (wantTls) {
    options.tls = {};
    if (t.serverName !== undefined) options.tls.serverNameOverride = t.serverName;
    if (t.tlsCa !== undefined) options.tls.serverRootCACertificate = readPem(t.tlsCa, '--temporal-tls-ca', readFile);
    if (t.tlsCert !== undefined && t.tlsKey !== undefined) {
      options.tls.clientCertPair = {
        crt: readPem(t.tlsCert, '--temporal-tls-cert', readFile),
        key: readPem(t.tlsKey, '--temporal-tls-key', readFile),
      };
    }
  }
  if (apiKey !== undefined && apiKey !== '') {
    options.apiKey = apiKey;
    // Temporal Cloud routes API-key requests by this header on its regional endpoints.
    options.metadata = { 'temporal-namespace': t.namespace };
  }
  return options;
}

/** For logs: the address and how the connection is secured, never the key or files' contents. */
export function describeTemporalConnection(o: TemporalConnectionOptions): string {
  const parts = [o.address];
  if (o.tls) parts.push(o.tls.clientCertPair ? 'mTLS' : 'TLS');
  if (o.apiKey) parts.push('API key');
  return parts.join(', ');
}
