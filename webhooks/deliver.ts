/**
 * One delivery attempt: check the URL and resolve its host (address.ts),
 * then POST the body over HTTPS to one of exactly the addresses that were
 * checked (a `lookup` that answers only with them, so DNS rebinding between
 * check and connect cannot redirect the request), with the host name kept
 * for SNI, certificate checks and `Host`. Redirects are never followed:
 * any 3xx is a failed attempt, like every other non-2xx answer, a time-out
 * (`--webhook-timeout`, counted from the start of resolution to the answer's
 * status line) or a connection or TLS error. Extra trusted roots come from
 * `--webhook-ca-file`. Environment proxy settings are not used.
 *
 * The result carries a status code and a short error code only: never the
 * body, the signature or the response body.
 */
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import tls from 'node:tls';
import { checkWebhookUrl, systemResolver, type AddressPolicy, type ResolvedAddress, type Resolver } from './address';

export interface DeliverConfig {
  /** `--webhook-timeout` in milliseconds. */
  timeoutMs: number;
  policy: AddressPolicy;
  /** Extra trusted root certificates (PEM text), trusted alongside the bundled roots. */
  extraCa?: string | Buffer;
  resolve?: Resolver;
}

export interface DeliverRequest {
  url: string;
  body: string | Buffer;
  headers: Record<string, string>;
}

export type AttemptError =
  | 'url_refused' // the URL or one of its addresses failed the check (reason says which rule)
  | 'timeout'
  | 'redirect'
  | 'http_status'
  | 'connection_failed';

export type AttemptResult =
  { ok: true; status: number } | { ok: false; error: AttemptError; status?: number; reason?: string };

const MAX_RESPONSE_BYTES = 64 * 1024;

/** The trust store for deliveries: the bundled roots plus the extra ones, or undefined for Node's default. */
export function trustedRoots(extraCa?: string | Buffer): string[] | undefined {
  if (extraCa === undefined || extraCa.length === 0) return undefined;
  return [...tls.rootCertificates, extraCa.toString()];
}

/** A lookup that answers only with addresses already checked. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: unknown) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
    if (options.all) {
      (callback as (err: Error | null, list: { address: string; family: number }[]) => void)(
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      );
      return;
    }
    const first = usable[0];
    const cb = callback as (err: NodeJS.ErrnoException | null, address: string, family: number) => void;
    if (!first) {
      const err: NodeJS.ErrnoException = new Error('no checked address of this family');
      err.code = 'ENOTFOUND';
      cb(err, '', 0);
      return;
    }
    cb(null, first.address, first.family);
  }) as LookupFunction;
}

export async function deliverOnce(request: DeliverRequest, config: DeliverConfig): Promise<AttemptResult> {
  const started = Date.now();
  const deadline = started + config.timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<AttemptResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, error: 'timeout' }), config.timeoutMs);
  });
  try {
    const check = await Promise.race([
      checkWebhookUrl(request.url, config.policy, config.resolve ?? systemResolver),
      timedOut.then(() => null),
    ]);
    if (check === null) return { ok: false, error: 'timeout', reason: 'resolve' };
    if (!check.ok) return { ok: false, error: 'url_refused', reason: check.reason };
    clearTimeout(timer);
    return await post(request, check.checked, config, Math.max(1, deadline - Date.now()));
  } finally {
    clearTimeout(timer);
  }
}

function post(
  request: DeliverRequest,
  checked: { url: URL; hostname: string; port: number; addresses: ResolvedAddress[] },
  config: DeliverConfig,
  remainingMs: number,
): Promise<AttemptResult> {
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
    const ca = trustedRoots(config.extraCa);
    const req = https.request({
      method: 'POST',
      host: checked.hostname,
      port: checked.port,
      path: `${checked.url.pathname}${checked.url.search}`,
      headers: { ...request.headers, host: checked.url.host, 'content-length': String(body.length) },
      lookup: pinnedLookup(checked.addresses),
      agent: false,
      ...(ca ? { ca } : {}),
    });
    const timer = setTimeout(() => {
      finish({ ok: false, error: 'timeout' });
      req.destroy();
    }, remainingMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 200 && status < 300) finish({ ok: true, status });
      else if (status >= 300 && status < 400) finish({ ok: false, error: 'redirect', status });
      else finish({ ok: false, error: 'http_status', status });
      // The answer's body is read and dropped (bounded in size and time), so the connection closes cleanly.
      const guard = setTimeout(() => req.destroy(), 5000);
      guard.unref();
      res.on('close', () => clearTimeout(guard));
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_RESPONSE_BYTES) res.destroy();
      });
      res.on('error', () => undefined);
      res.on('end', () => req.destroy());
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ ok: false, error: 'connection_failed', reason: typeof err.code === 'string' ? err.code : 'error' });
    });
    req.end(body);
  });
}
