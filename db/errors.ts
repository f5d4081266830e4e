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

/**
 * An error-like object: checked by shape, not `instanceof Error`, which fails for errors made in another realm
 * (Node's own socket errors as seen from a vm context such as jest's, errors passed from worker threads).
 */
function isErrorLike(e: unknown): e is Error {
  return typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string';
}

function nameOf(e: Error): string {
  const name = (e as { name?: unknown }).name;
  return typeof name === 'string' && SAFE_CODE.test(name) ? name : 'Error';
}

function codeOf(err: Error): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && SAFE_CODE.test(code) ? code : undefined;
}

/** The error's class and code, and those of its causes: `DrizzleQueryError <- PostgresError 08006`. */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e !== undefined && e !== null; depth++) {
    if (!isErrorLike(e)) {
      parts.push(typeof e);
      break;
    }
    const code = codeOf(e);
    parts.push(code ? `${nameOf(e)} ${code}` : nameOf(e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' <- ');
}

/**
 * Network errors and PostgreSQL conditions that pass: a connection lost or refused, a server shutting down, a
 * database closed to connections or missing, a wait cut short by a timeout.
 */
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
  '57014', // query_canceled: statement_timeout ran out
  '55P03', // lock_not_available: lock_timeout ran out
  '55000', // object_not_in_prerequisite_state: the database does not accept connections now (ALLOW_CONNECTIONS false)
  '3D000', // invalid_catalog_name: the database is not there (renamed, being restored)
  'DEADLINE_EXCEEDED', // a dependency call that ran past its deadline (dependencyDeadline)
]);

/** Whether the error (or one of its causes) is a fault of a dependency that passes: answer 503, retry. */
export function isTransient(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && isErrorLike(e); depth++) {
    const code = codeOf(e);
    // PostgreSQL connection exceptions: SQLSTATE class 08
    if (code !== undefined && (TRANSIENT_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    // gRPC status of a Temporal call: DEADLINE_EXCEEDED (4), RESOURCE_EXHAUSTED (8), UNAVAILABLE (14)
    const grpc = (e as { code?: unknown }).code;
    if ((grpc === 4 || grpc === 8 || grpc === 14) && 'metadata' in e) return true;
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status !== undefined && (status >= 500 || status === 429)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A dependency call that did not settle in time; transient (503). */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
  readonly code = 'DEADLINE_EXCEEDED';
  constructor(what: string) {
    super(`${what} did not answer in time`);
  }
}

/** `p`, or a DeadlineError after `ms` (the work itself goes on; only the waiting stops). */
export function withDeadline<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(what)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
