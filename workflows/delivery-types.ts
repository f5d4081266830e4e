/**
 * What travels through Temporal for a webhook delivery: ids, attempt
 * numbers, durations, status codes and short error codes — never the event
 * body, the endpoint's URL or its secret. Shared by the delivery workflow
 * (type-only and plain constants), its activities and the starter.
 */

/** `--webhook-schedule` default: waits between attempts (attempts = entries + 1). */
export const DEFAULT_WEBHOOK_SCHEDULE_MS: readonly number[] = [
  60_000, // 1 minute
  5 * 60_000, // 5 minutes
  30 * 60_000, // 30 minutes
  2 * 3_600_000, // 2 hours
  5 * 3_600_000, // 5 hours
  10 * 3_600_000, // 10 hours
  6 * 3_600_000, // 6 hours
];

/** Workflow type name (the exported function's name). */
export const DELIVERY_WORKFLOW_TYPE = 'deliveryWorkflow';
/** Signal sent to a delivery when its endpoint is deleted. */
export const ENDPOINT_DELETED_SIGNAL = 'endpointDeleted';

export interface DeliveryWorkflowInput {
  eventId: string;
  endpointId: string;
  /** Waits between attempts in milliseconds, fixed when the delivery starts (`--webhook-schedule`). */
  scheduleMs: number[];
  /** Longest one attempt may take, as the activity's start-to-close time-out (`--webhook-timeout` + margin). */
  attemptTimeoutMs: number;
}

export type DeliveryOutcome = 'delivered' | 'exhausted' | 'endpoint_deleted' | 'event_missing';

export interface DeliveryWorkflowResult {
  outcome: DeliveryOutcome;
  /** HTTP attempts made. */
  attempts: number;
}

export interface AttemptInput {
  eventId: string;
  endpointId: string;
  /** 1-based. */
  attempt: number;
  maxAttempts: number;
}

export interface AttemptOutput {
  /** `endpoint_gone`: deleted (or missing) before the attempt; nothing was sent. */
  outcome: 'delivered' | 'failed' | 'endpoint_gone' | 'event_gone';
  /** The receiver's HTTP status, when one came back. */
  status?: number;
  /** Short failure code: timeout, redirect, http_status, connection_failed, url_refused. */
  error?: string;
}

export interface FinishInput {
  eventId: string;
  endpointId: string;
  outcome: DeliveryOutcome;
}

/** Starts the deliveries of one ended twin's event (by event id, or by twin id when the caller has only that). */
export type DispatchInput = { eventId: string } | { twinId: string };

export interface DispatchResult {
  /** Deliveries started (or found already started). */
  deliveries: number;
}

/** The activities of deliveries (implemented by activities/delivery.ts `createDeliveryActivities`). */
export interface DeliveryActivities {
  attemptDelivery(input: AttemptInput): Promise<AttemptOutput>;
  finishDelivery(input: FinishInput): Promise<void>;
  dispatchEvent(input: DispatchInput): Promise<DispatchResult>;
}

/** The delivery workflow's id: one per (event, endpoint), so a repeated dispatch starts nothing twice. */
export function deliveryWorkflowId(eventId: string, endpointId: string): string {
  return `delivery-${eventId}-${endpointId}`;
}
