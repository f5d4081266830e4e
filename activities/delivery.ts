/**
 * The webhook delivery activities, built by `createDeliveryActivities(deps)`:
 *
 * - `dispatchEvent`: after a twin ended and its event was recorded, records
 *   one pending delivery per live endpoint of the event's organization and
 *   mode, and starts one delivery workflow for each.
 * - `attemptDelivery`: one attempt. Loads the endpoint (gone → nothing is
 *   sent) and the event from the database, signs the body with the
 *   endpoint's secret (opened with the master key), and POSTs it
 *   (webhooks/deliver.ts: address checks, pinned connection, time-out).
 * - `finishDelivery`: the delivery's end state.
 *
 * They take and return ids, attempt numbers, status codes and short codes.
 * The event body and the secret stay inside the activity: never logged,
 * never returned, never in a failure message.
 */
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { API_VERSION } from '../api/schemas';
import type { Database } from '../db/client';
import type { EventRow } from '../db/schema';
import { endDelivery, eventsOfTwin, getEvent, getLiveEndpoint, planDeliveries, recordAttempt } from '../db/webhooks';
import type { Resolver } from '../webhooks/address';
import { ATTEMPT_MARGIN_MS, readExtraCa, type WebhookConfig } from '../webhooks/config';
import { deliverOnce, type DeliverConfig } from '../webhooks/deliver';
import type { SecretBox } from '../webhooks/secrets';
import { signedHeaders } from '../webhooks/sign';
import { startDeliveryWorkflow } from '../webhooks/temporal';
import {
  deliveryWorkflowId,
  type AttemptInput,
  type AttemptOutput,
  type DeliveryActivities,
  type DeliveryWorkflowInput,
  type DispatchInput,
  type DispatchResult,
  type FinishInput,
} from '../workflows/delivery-types';
import { describeError } from '../db/errors';

/** The part of a pino logger used here. Only ids, attempt numbers, status and error codes are logged. */
export interface DeliveryLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface DeliveryActivityDeps {
  db: Database;
  /** Opens endpoint secrets (the server's master key). */
  secrets: SecretBox;
  webhook: WebhookConfig;
  /** Host name resolution (tests stub it); default: the system resolver. */
  resolve?: Resolver;
  /** Starts one delivery workflow; default: this activity's Temporal client, on this activity's task queue. */
  startDelivery?: (input: DeliveryWorkflowInput) => Promise<void>;
  logger?: DeliveryLogger;
}

/** The event as the contract's "Event body" table: what is POSTed and signed. */
export function eventBody(event: EventRow): Record<string, unknown> {
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: API_VERSION,
    created: Number(event.created),
    livemode: event.livemode,
    data: event.data,
  };
}

function failure(stage: string, err: unknown): ApplicationFailure {
  return ApplicationFailure.create({ type: 'DeliveryError', message: `${stage} failed (${describeError(err)})` });
}

function activityStarter(): (input: DeliveryWorkflowInput) => Promise<void> {
  return async (input) => {
    const ctx = Context.current();
    await startDeliveryWorkflow(ctx.client, ctx.info.taskQueue, input);
  };
}

const OUTCOME_STATUS = {
  delivered: 'delivered',
  exhausted: 'failed',
  endpoint_deleted: 'dropped',
  event_missing: 'dropped',
} as const;

export function createDeliveryActivities(deps: DeliveryActivityDeps): DeliveryActivities {
  const { db, secrets, webhook, logger } = deps;
  const extraCa = readExtraCa(webhook);
  const deliverConfig: DeliverConfig = {
    timeoutMs: webhook.timeoutMs,
    policy: { allowLoopback: webhook.allowLoopback },
    ...(extraCa ? { extraCa } : {}),
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  };
  const start = deps.startDelivery ?? activityStarter();

  return {
    async dispatchEvent(input: DispatchInput): Promise<DispatchResult> {
      try {
        let found: EventRow[];
        if ('eventId' in input) {
          const event = await getEvent(db, input.eventId);
          found = event ? [event] : [];
        } else {
          found = await eventsOfTwin(db, input.twinId);
        }
        let count = 0;
        for (const event of found) {
          for (const delivery of await planDeliveries(db, event)) {
            await start({
              eventId: event.id,
              endpointId: delivery.endpointId,
              scheduleMs: [...webhook.scheduleMs],
              attemptTimeoutMs: webhook.timeoutMs + ATTEMPT_MARGIN_MS,
            });
            count++;
          }
        }
        logger?.info({ events: found.map((e) => e.id), deliveries: count }, 'webhook deliveries started');
        return { deliveries: count };
      } catch (err) {
        throw failure('dispatching the event', err);
      }
    },

    async attemptDelivery(input: AttemptInput): Promise<AttemptOutput> {
      const id = deliveryWorkflowId(input.eventId, input.endpointId);
      const where = { event_id: input.eventId, endpoint_id: input.endpointId, attempt: input.attempt };
      let outcome: AttemptOutput;
      try {
        const endpoint = await getLiveEndpoint(db, input.endpointId);
        if (!endpoint) {
          logger?.info(where, 'webhook endpoint deleted; delivery stopped');
          return { outcome: 'endpoint_gone' };
        }
        const event = await getEvent(db, input.eventId);
        if (!event) return { outcome: 'event_gone' };
        const body = JSON.stringify(eventBody(event));
        const headers = signedHeaders(secrets.open(endpoint.secretEnc, endpoint.id), event.id, body);
        const result = await deliverOnce({ url: endpoint.url, body, headers }, deliverConfig);
        outcome = result.ok
          ? { outcome: 'delivered', status: result.status }
          : {
              outcome: 'failed',
              error: result.reason ? `${result.error}:${result.reason}` : result.error,
              ...(result.status !== undefined ? { status: result.status } : {}),
            };
        await recordAttempt(db, id, { status: outcome.status ?? null, error: outcome.error ?? null });
      } catch (err) {
        throw failure('the delivery attempt', err);
      }
      const log = { ...where, status: outcome.status, error: outcome.error };
      if (outcome.outcome === 'delivered') logger?.info(log, 'webhook delivered');
      else logger?.warn(log, 'webhook attempt failed');
      return outcome;
    },

    async finishDelivery(input: FinishInput): Promise<void> {
      try {
        await endDelivery(db, deliveryWorkflowId(input.eventId, input.endpointId), OUTCOME_STATUS[input.outcome]);
      } catch (err) {
        throw failure('ending the delivery', err);
      }
    },
  };
}
