/**
 * What of an error may be logged or put into a failure message, and whether
 * it is worth retrying.
 *
 * Driver errors quote their query parameters (drizzle's `DrizzleQueryError`
 * message is the query and its `params`), and the parameters of an upload
 * include the twinning key and the confidential list: only an error's class
 * and code, never its message, leave the process.
 */

const SAFE_CODE = /^[A-Za-z0-9_.-]{1,40}$/;

function codeOf(err: Error): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && SAFE_CODE.test(code) ? code : undefined;
}

/** The error's class and code, and those of its causes: `DrizzleQueryError <- PostgresError 08006`. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e !== undefined && e !== null; depth++) {
    if (!(e instanceof Error)) {
      parts.push(typeof e);
      break;
    }
    const code = codeOf(e);
    parts.push(code ? `${e.name} ${code}` : e.name);
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' <- ');
}

/** Network errors and PostgreSQL conditions that pass: a connection lost or refused, a server shutting down. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ERR_SOCKET_CLOSED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Whether the error (or one of its causes) is a fault of a dependency that passes: answer 503, retry. */
export function isTransient(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e instanceof Error; depth++) {
    const code = codeOf(e);
    // PostgreSQL connection exceptions: SQLSTATE class 08
    if (code !== undefined && (TRANSIENT_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== undefined && (status >= 500 || status === 429)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
