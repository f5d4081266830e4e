/**
 * One workflow per twin (workflow id = twin id):
 *
 *   markRunning → runTwin (pseudonymiser on a worker thread, heartbeating)
 *     → completeTwin (status, counts, credit kept, event)      on success
 *     → failTwin (status, error, credit given back, event)     on failure
 *   → cleanupTwin (upload deleted, twinning key erased)
 *   → scheduleContentExpiry (completed twins): starts contentRetentionWorkflow
 *     with a start delay of --content-retention, which runs expireContent
 *   → the workflow closes with the twin: Completed for a completed twin,
 *     Failed (type TwinFailed, the twin's error code) for a failed one
 *
 * Workflows started before the `ends-with-twin` patch replay their old path:
 * a durable timer of --content-retention in this workflow, then
 * expireContent, and Completed whatever the twin's end.
 *
 * Deterministic: no I/O, no clock, no configuration reads; the durations
 * come in the input. Everything it sends and receives is ids, counts,
 * statuses and fixed messages.
 */
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  isCancellation,
  patched,
  proxyActivities,
  sleep,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import {
  ENDS_WITH_TWIN_PATCH,
  FAILURE_TYPES,
  runsTaskQueue,
  SEARCH_ATTRIBUTES,
  type RunError,
  type RunStatus,
  TWIN_FAILED_TYPE,
  type ExpireContentResult,
  type TwinActivities,
  type TwinRef,
  type TwinWorkflowInput,
  type TwinWorkflowResult,
} from './types';
import type { DeliveryActivities } from './delivery-types';

/** Starts the deliveries of a twin's event: retried until the database and Temporal answer. */
const delivery = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumInterval: '1 minute' },
});

/** Bookkeeping activities: short database and storage calls, retried until the store answers again. */
const bookkeeping = proxyActivities<TwinActivities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '1 day',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: [FAILURE_TYPES.runInputMissing],
  },
});

/**
 * Twinning a file, on the runs queue: the run lease is the heartbeat timeout,
 * so that a lost worker's run is picked up by another worker.
 */
function runner(runLeaseMs: number) {
  return proxyActivities<TwinActivities>({
    taskQueue: runsTaskQueue(workflowInfo().taskQueue),
    startToCloseTimeout: '1 hour',
    heartbeatTimeout: runLeaseMs,
    retry: {
      initialInterval: '5 seconds',
      backoffCoefficient: 2,
      maximumInterval: '2 minutes',
      maximumAttempts: 4,
      nonRetryableErrorTypes: [FAILURE_TYPES.unsupportedContent, FAILURE_TYPES.runInputMissing],
    },
  });
}

export const INTERNAL_ERROR: RunError = {
  type: 'api_error',
  code: 'internal_error',
  message: 'The run stopped on an internal error; create the twin again.',
  retryable: true,
};

export const DETERMINISTIC_INTERNAL_ERROR: RunError = {
  type: 'api_error',
  code: 'internal_error',
  message: 'The run stopped on an internal error that this trace would meet again.',
  retryable: false,
};

/** The twin's error object for a failed run; only fixed texts and the pseudonymiser's own content-free reason. */
export function runErrorOf(err: unknown): RunError {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && cause.type === FAILURE_TYPES.unsupportedContent) {
    return {
      type: 'run_error',
      code: 'unsupported_content',
      message: `The file cannot be twinned: ${cause.message}`,
      retryable: false,
    };
  }
  // an internal failure that would recur on the same trace (the engine threw on it): uploading it again is no use
  if (cause instanceof ApplicationFailure && cause.type === FAILURE_TYPES.internal && cause.nonRetryable) {
    return DETERMINISTIC_INTERNAL_ERROR;
  }
  return INTERNAL_ERROR;
}

function setStatus(status: string): void {
  // Only when the cluster knows the attributes (they came with the start request).
  if (workflowInfo().typedSearchAttributes.get(SEARCH_ATTRIBUTES.orgId) === undefined) return;
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.status, value: status }]);
}

export async function twinWorkflow(input: TwinWorkflowInput): Promise<TwinWorkflowResult> {
  const { twinId } = input;
  let status: RunStatus = await bookkeeping.markRunning({ twinId });
  if (status === 'missing') return { twinId, status, contentExpired: false };

  let error: RunError | undefined;
  if (status === 'queued' || status === 'running') {
    setStatus('running');
    try {
      const run = await runner(input.runLeaseMs).runTwin({ twinId });
      status = (await bookkeeping.completeTwin({ twinId, ...run })).status;
    } catch (err) {
      // Also when the workflow is cancelled: the twin must still end, and its credit go back.
      error = runErrorOf(err);
      const failed = error;
      status = (await CancellationScope.nonCancellable(() => bookkeeping.failTwin({ twinId, error: failed }))).status;
    }
    setStatus(status);
    if (input.dispatchEvents) await CancellationScope.nonCancellable(() => delivery.dispatchEvent({ twinId }));
  }

  await CancellationScope.nonCancellable(() => bookkeeping.cleanupTwin({ twinId }));

  if (patched(ENDS_WITH_TWIN_PATCH)) {
    // The workflow ends with the twin; the content's retention is the retention workflow's.
    if (status === 'completed') {
      await CancellationScope.nonCancellable(() =>
        bookkeeping.scheduleContentExpiry({ twinId, delayMs: Math.max(0, input.contentRetentionMs) }),
      );
    } else if (status === 'failed') {
      throw ApplicationFailure.create({
        type: TWIN_FAILED_TYPE,
        message: `The twin failed (${error?.code ?? 'see the twin'}).`,
        nonRetryable: true,
      });
    }
    return { twinId, status, contentExpired: false };
  }

  if (status !== 'completed') return { twinId, status, contentExpired: false };
  try {
    if (input.contentRetentionMs > 0) await sleep(input.contentRetentionMs);
  } catch (err) {
    // Cancelling the retention timer deletes the content now.
    if (isCancellation(err)) await CancellationScope.nonCancellable(() => bookkeeping.expireContent({ twinId }));
    throw err;
  }
  const { expired } = await bookkeeping.expireContent({ twinId });
  if (expired) setStatus('content_expired');
  return { twinId, status, contentExpired: expired };
}

/**
 * One per completed twin (workflow id `retention-<twin id>`), started with a
 * start delay of --content-retention: deletes the content, after which the
 * API answers 410.
 */
export async function contentRetentionWorkflow(input: TwinRef): Promise<ExpireContentResult> {
  return CancellationScope.nonCancellable(() => bookkeeping.expireContent({ twinId: input.twinId }));
}
