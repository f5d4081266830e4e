/**
 * What travels through Temporal for a twin: ids, counts, statuses and
 * durations only — never trace content, twinning keys, secrets or personal
 * data. Shared by the workflow (type-only), the activities and the starter.
 */
import type { SearchAttributeKey } from '@temporalio/common/lib/search-attributes';

export interface TwinWorkflowInput {
  twinId: string;
  /** How long the content stays downloadable after completion (`--content-retention`). */
  contentRetentionMs: number;
  /** A run whose worker stops heartbeating this long is retried elsewhere (`--run-lease`). */
  runLeaseMs: number;
  /**
   * Start one webhook delivery per endpoint once the twin has ended (its
   * event is recorded by then). Absent in workflows started before webhooks
   * existed, which therefore replay unchanged.
   */
  dispatchEvents?: boolean;
}

/** A twin's status as the workflow sees it; `missing` = no such twin row. */
export type RunStatus = 'queued' | 'running' | 'completed' | 'failed' | 'missing';

export interface TwinWorkflowResult {
  twinId: string;
  status: RunStatus;
  contentExpired: boolean;
}

export interface TwinRef {
  twinId: string;
}

export interface RunTwinResult {
  contentBytes: number;
  /** Replacements per kind. */
  counts: Record<string, number>;
}

export interface CompleteTwinInput extends TwinRef, RunTwinResult {}

/** The twin's `error` object (the contract's "Twin error"). Messages are fixed texts, never content. */
export interface RunError {
  type: 'run_error' | 'api_error';
  code: string;
  message: string;
  retryable: boolean;
}

export interface FailTwinInput extends TwinRef {
  error: RunError;
}

export interface EndTwinResult {
  /** False when the twin had already ended (a retried call changed nothing). */
  changed: boolean;
  status: RunStatus;
}

export interface ExpireContentResult {
  expired: boolean;
}

/** The activities the twin workflow calls (implemented by activities/createActivities). */
export interface TwinActivities {
  markRunning(input: TwinRef): Promise<RunStatus>;
  runTwin(input: TwinRef): Promise<RunTwinResult>;
  completeTwin(input: CompleteTwinInput): Promise<EndTwinResult>;
  failTwin(input: FailTwinInput): Promise<EndTwinResult>;
  cleanupTwin(input: TwinRef): Promise<void>;
  expireContent(input: TwinRef): Promise<ExpireContentResult>;
  /** Starts the twin's content-retention workflow, delayed by the retention (idempotent by workflow id). */
  scheduleContentExpiry(input: ScheduleExpiryInput): Promise<void>;
}

export interface ScheduleExpiryInput extends TwinRef {
  /** How long after now the content is deleted (`--content-retention`); 0 = at once. */
  delayMs: number;
}

/** ApplicationFailure types the activities throw. */
export const FAILURE_TYPES = {
  /** The upload is not text (invalid UTF-8 or NUL bytes): not retried, the twin fails with run_error. */
  unsupportedContent: 'UnsupportedContentError',
  /** The twin row, its upload or its key is gone: nothing to retry. */
  runInputMissing: 'RunInputMissing',
  /** Anything else, with a message naming only the stage and the error's class. */
  internal: 'InternalError',
} as const;

/** The task queue of the pseudonymiser runs, beside the workflows' queue. */
export function runsTaskQueue(taskQueue: string): string {
  return `${taskQueue}-runs`;
}

/** Workflow type name (the exported function's name). */
export const TWIN_WORKFLOW_TYPE = 'twinWorkflow';

/** The content-retention workflow: started with a start delay of `--content-retention` when a twin completes. */
export const RETENTION_WORKFLOW_TYPE = 'contentRetentionWorkflow';

/** The retention workflow's id: one per twin. */
export function retentionWorkflowId(twinId: string): string {
  return `retention-${twinId}`;
}

/**
 * Patch id of the twin workflow that ends with its twin (retention in its own
 * delayed workflow, a failed twin's workflow Failed). Workflows started before
 * it replay the old path: they keep their 7-day timer.
 */
export const ENDS_WITH_TWIN_PATCH = 'ends-with-twin';

/** The failure type of a failed twin's workflow (not retried: the twin has ended). */
export const TWIN_FAILED_TYPE = 'TwinFailed';

/**
 * Custom search attributes (Keyword). `serve`'s dev server registers them;
 * on another cluster they are registered through the operator service when
 * allowed (else the memo alone, `twinId`, `orgId`, `mode`, describes the
 * twin). The workflow id is the twin id. `TwinStatus` follows the twin:
 * queued, running, completed, failed. `TwinEndUser` is the caller's
 * `end_user` id (letters, digits, `.`, `_`, `:`, `-`; never a name or an
 * e-mail address by the contract), set only when one was given.
 */
export const SEARCH_ATTRIBUTES = {
  orgId: { name: 'TwinOrgId', type: 'KEYWORD' } as SearchAttributeKey<'KEYWORD'>,
  mode: { name: 'TwinMode', type: 'KEYWORD' } as SearchAttributeKey<'KEYWORD'>,
  status: { name: 'TwinStatus', type: 'KEYWORD' } as SearchAttributeKey<'KEYWORD'>,
  endUser: { name: 'TwinEndUser', type: 'KEYWORD' } as SearchAttributeKey<'KEYWORD'>,
} as const;

export interface TwinMemo {
  twinId: string;
  orgId: string;
  mode: 'live' | 'test';
}
