/** What the HTTP API needs to know of the server's configuration (operations.md knobs). */
export interface ApiConfig {
  /** Base URL the service is reached at; `action_url` of out_of_credit is `{publicUrl}/billing`. */
  publicUrl: string;
  /** Upload caps in bytes (`--max-file-live`, `--max-file-test`). */
  maxFileLive: number;
  maxFileTest: number;
  /** `--idempotency-ttl` in milliseconds. */
  idempotencyTtlMs: number;
  /** `--key-cache-ttl` in milliseconds. */
  keyCacheTtlMs: number;
  /** `--content-retention` in milliseconds. */
  contentRetentionMs: number;
  /**
   * Server secret for the keyed hash of the twinning `key` in idempotency
   * comparisons. Must survive restarts (serve derives it from the master key),
   * or a replay after a restart would read as a different request.
   */
  hmacSecret: Buffer | string;
  /**
   * The longest a request waits on the database before it is answered 503 (default `ANSWER_DEADLINE_MS`): a bound
   * kept by the client side too, for a driver that never settles a query (seen under connection-reset storms).
   */
  answerDeadlineMs?: number;
}

export const ANSWER_DEADLINE_MS = 5000;

export const MiB = 1024 * 1024;
export const KiB = 1024;

export const DEFAULT_API_CONFIG: Omit<ApiConfig, 'hmacSecret'> = {
  publicUrl: 'http://127.0.0.1:8080',
  maxFileLive: 50 * MiB,
  maxFileTest: 256 * KiB,
  idempotencyTtlMs: 24 * 3600 * 1000,
  keyCacheTtlMs: 60 * 1000,
  contentRetentionMs: 7 * 24 * 3600 * 1000,
};
