/**
 * Keeps the create answer true when a dependency fails around it, from the rows alone (any process, after a
 * restart too).
 *
 * - The accepting transaction commits the twin `queued` and unanswered; the create marks it answered
 *   (`confirmTwin`) only once it has decided to answer 202, and answers 202 only once that mark is known committed.
 * - A twin answered and still `queued` is the durable record of a run to start: the API starts the workflow at
 *   once, and when that start fails (Temporal unreachable, frozen past its deadline) a sweep here starts it
 *   (workflow id = twin id, so a start that did land is not repeated). A twin is started within `staleMs` +
 *   `intervalMs` of its acceptance (plus one Temporal deadline).
 * - A twin still unanswered `undoAfterMs` after its acceptance belongs to a create that answered an error (its
 *   commit was sent, the answer lost) or none (the process died): a sweep takes it back (row, credit,
 *   Idempotency-Key, upload). The row lock orders a take-back against a late `confirmTwin`.
 * - In memory only, to clean up sooner: the uploads of creates whose acceptance is in doubt (a row that never
 *   landed names none), and claimed Idempotency-Keys whose release failed (an `in_flight` claim of a dead process
 *   frees itself after `STALE_CLAIM_SECONDS`).
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { describeError, withDeadline } from '../db/errors';
import {
  nowSeconds,
  queuedTwins,
  releaseIdempotencyKey,
  TAKE_BACK_AFTER_SECONDS,
  unansweredTwins,
  undoAcceptedTwin,
  type IdempotencyScope,
} from '../db/repo';
import type { TwinRow } from '../db/schema';
import type { BlobStore } from '../storage';

export interface ReconcilerDeps {
  db: Database;
  blobs: BlobStore;
  /** Starts the twin's workflow (its end user too, for the TwinEndUser search attribute). */
  startTwin(twin: Pick<TwinRow, 'id' | 'orgId' | 'livemode' | 'endUser'>): Promise<void>;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** A twin queued for longer than this is started by a sweep (default 10 s). */
  staleMs?: number;
  /**
   * A twin is taken back when still unanswered this long after its acceptance (default `TAKE_BACK_AFTER_SECONDS`:
   * past the answer deadline and the server's statement and idle-in-transaction timeouts), so that no create still
   * decides on it and a commit still on its way cannot land after an in-memory take-back.
   */
  undoAfterMs?: number;
}

export const RECONCILE_INTERVAL_MS = 5000;
export const RECONCILE_STALE_MS = 10_000;
export const RECONCILE_UNDO_AFTER_MS = TAKE_BACK_AFTER_SECONDS * 1000;
/** A sweep's database call that has not settled by then is tried again by the next sweep. */
const CALL_DEADLINE_MS = 5000;

export class Reconciler {
  private readonly undos = new Map<string, { uploadKey: string; at: number; settled: boolean }>();
  private readonly releases = new Map<string, IdempotencyScope>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: ReconcilerDeps) {}

  /**
   * The twin may have been committed although the caller got an error: take it back (and its upload) later, once
   * `accepting` (the accepting transaction, when the caller stopped waiting for it) has settled, or `undoAfterMs`
   * has passed: a commit still on its way must not land after the take-back.
   */
  undoLater(twinId: string, uploadKey: string, accepting?: Promise<unknown>): void {
    const entry = { uploadKey, at: Date.now(), settled: accepting === undefined };
    this.undos.set(twinId, entry);
    accepting?.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
  }

  /** The claimed key could not be released: release it later. */
  releaseLater(scope: IdempotencyScope): void {
    this.releases.set(`${scope.orgId}\u0000${scope.livemode}\u0000${scope.key}`, scope);
  }

  /** How many take-backs and releases wait (tests, logs). */
  get waiting(): number {
    return this.undos.size + this.releases.size;
  }

  /** One pass: take-backs, releases, then the starts of answered twins left queued. Never throws. */
  sweep(): Promise<void> {
    if (!this.running) this.running = this.pass().finally(() => (this.running = null));
    return this.running;
  }

  start(intervalMs = RECONCILE_INTERVAL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async pass(): Promise<void> {
    const { db, blobs, logger } = this.deps;
    const undoBefore = Date.now() - (this.deps.undoAfterMs ?? RECONCILE_UNDO_AFTER_MS);
    for (const [twinId, { uploadKey, at, settled }] of [...this.undos]) {
      if (!settled && at > undoBefore) continue;
      try {
        const outcome = await withDeadline(undoAcceptedTwin(db, twinId), CALL_DEADLINE_MS, 'taking a twin back');
        this.undos.delete(twinId);
        if (outcome !== 'kept') await blobs.delete(uploadKey).catch(() => undefined);
        if (outcome === 'taken') logger?.info({ twin_id: twinId }, 'took back a twin whose create answered an error');
      } catch (err) {
        logger?.warn({ twin_id: twinId, error: describeError(err) }, 'could not take the twin back yet');
      }
    }
    let unanswered: Pick<TwinRow, 'id' | 'uploadKey'>[] = [];
    try {
      const before = nowSeconds() - Math.ceil((this.deps.undoAfterMs ?? RECONCILE_UNDO_AFTER_MS) / 1000);
      unanswered = await withDeadline(unansweredTwins(db, before), CALL_DEADLINE_MS, 'listing unanswered twins');
    } catch (err) {
      logger?.warn({ error: describeError(err) }, 'could not list the unanswered twins');
    }
    for (const twin of unanswered) {
      try {
        const outcome = await withDeadline(undoAcceptedTwin(db, twin.id), CALL_DEADLINE_MS, 'taking a twin back');
        if (outcome === 'taken') {
          if (twin.uploadKey) await blobs.delete(twin.uploadKey).catch(() => undefined);
          logger?.info({ twin_id: twin.id }, 'took back a twin whose create did not answer 202');
        }
      } catch (err) {
        logger?.warn({ twin_id: twin.id, error: describeError(err) }, 'could not take the twin back yet');
      }
    }
    for (const [id, scope] of [...this.releases]) {
      try {
        await withDeadline(releaseIdempotencyKey(db, scope), CALL_DEADLINE_MS, 'releasing a key');
        this.releases.delete(id);
      } catch (err) {
        logger?.warn({ error: describeError(err) }, 'could not release an Idempotency-Key yet');
      }
    }
    let queued: Pick<TwinRow, 'id' | 'orgId' | 'livemode' | 'endUser'>[];
    try {
      const before = nowSeconds() - Math.ceil((this.deps.staleMs ?? RECONCILE_STALE_MS) / 1000);
      queued = await withDeadline(queuedTwins(db, before), CALL_DEADLINE_MS, 'listing queued twins');
    } catch (err) {
      logger?.warn({ error: describeError(err) }, 'could not list the queued twins');
      return;
    }
    for (const twin of queued) {
      try {
        await this.deps.startTwin(twin);
      } catch (err) {
        logger?.warn({ twin_id: twin.id, error: describeError(err) }, 'could not start a queued twin yet');
        return; // the next sweep tries again; one unreachable Temporal is not asked once per twin
      }
    }
  }
}
