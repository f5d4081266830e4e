/**
 * One delivery workflow per (event, webhook endpoint), workflow id
 * `delivery-<event id>-<endpoint id>`:
 *
 *   attempt 1 → on failure wait schedule[0] → attempt 2 → … → attempt n+1
 *
 * with n = the schedule's length (default 1m, 5m, 30m, 2h, 5h, 10h, 6h: 8
 * attempts over 23 h 36 min), then it gives up. Each attempt is one activity
 * with a single try: the workflow owns the schedule, so every attempt and
 * every wait shows in the history. The `endpointDeleted` signal ends a wait
 * at once and stops the delivery; the attempt activity also checks the
 * endpoint still exists before sending, which covers a deletion racing an
 * attempt.
 *
 * Deterministic: no I/O, no clock, no configuration reads; the schedule
 * comes in the input. Inputs and results are ids, numbers and codes only.
 */
import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  DEFAULT_WEBHOOK_SCHEDULE_MS,
  ENDPOINT_DELETED_SIGNAL,
  type AttemptOutput,
  type DeliveryActivities,
  type DeliveryOutcome,
  type DeliveryWorkflowInput,
  type DeliveryWorkflowResult,
} from './delivery-types';

export const endpointDeletedSignal = defineSignal(ENDPOINT_DELETED_SIGNAL);

/** Bookkeeping: a short database update, retried until the database answers again. */
const bookkeeping = proxyActivities<DeliveryActivities>({
  startToCloseTimeout: '1 minute',
  scheduleToCloseTimeout: '1 day',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export async function deliveryWorkflow(input: DeliveryWorkflowInput): Promise<DeliveryWorkflowResult> {
  const { eventId, endpointId } = input;
  const schedule = Array.isArray(input.scheduleMs) ? input.scheduleMs : [...DEFAULT_WEBHOOK_SCHEDULE_MS];
  const maxAttempts = schedule.length + 1;
  let deleted = false;
  setHandler(endpointDeletedSignal, () => {
    deleted = true;
  });

  // One try per attempt: a failed or timed-out activity is a failed attempt, and the schedule decides what follows.
  const attempts = proxyActivities<DeliveryActivities>({
    startToCloseTimeout: input.attemptTimeoutMs,
    retry: { maximumAttempts: 1 },
  });

  const finish = async (outcome: DeliveryOutcome, made: number): Promise<DeliveryWorkflowResult> => {
    await bookkeeping.finishDelivery({ eventId, endpointId, outcome });
    return { outcome, attempts: made };
  };

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (deleted) return finish('endpoint_deleted', attempt - 1);
    let result: AttemptOutput;
    try {
      result = await attempts.attemptDelivery({ eventId, endpointId, attempt, maxAttempts });
    } catch {
      result = { outcome: 'failed', error: 'attempt_failed' };
    }
    if (result.outcome === 'delivered') return finish('delivered', attempt);
    if (result.outcome === 'endpoint_gone') return finish('endpoint_deleted', attempt - 1);
    if (result.outcome === 'event_gone') return finish('event_missing', attempt - 1);
    if (attempt === maxAttempts) break;
    // Wait the next interval, unless the endpoint is deleted meanwhile.
    if (await condition(() => deleted, schedule[attempt - 1] ?? 0)) return finish('endpoint_deleted', attempt);
  }
  return finish('exhausted', maxAttempts);
}
