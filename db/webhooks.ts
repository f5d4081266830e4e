/**
 * Queries of webhook endpoints and deliveries. The cap of endpoints per
 * organization and mode is checked under a lock of the organization row,
 * inside the insert's transaction, so concurrent creations cannot pass it.
 * Deleting an endpoint drops its pending deliveries in the same transaction
 * and returns their workflow ids, so the caller can stop them at once.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { deliveryWorkflowId } from '../workflows/delivery-types';
import type { Database } from './client';
import { newId } from './ids';
import {
  deliveries,
  events,
  organizations,
  webhookEndpoints,
  type DeliveryRow,
  type EventRow,
  type WebhookEndpointRow,
} from './schema';

/** Endpoints per organization and mode (the contract's Limits table). */
export const MAX_ENDPOINTS = 16;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export interface NewEndpoint {
  orgId: string;
  livemode: boolean;
  url: string;
  /** Seals the endpoint's secret for its id (the id is the associated data). */
  sealSecret(endpointId: string): string;
}

export type CreateEndpointResult =
  | { ok: true; endpoint: WebhookEndpointRow }
  | { ok: false; reason: 'limit'; limit: number }
  | { ok: false; reason: 'organization_missing' };

export async function createEndpoint(db: Database, input: NewEndpoint): Promise<CreateEndpointResult> {
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, input.orgId))
      .for('update');
    if (!org) return { ok: false, reason: 'organization_missing' } as const;
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.orgId, input.orgId),
          eq(webhookEndpoints.livemode, input.livemode),
          isNull(webhookEndpoints.deletedAt),
        ),
      );
    if (Number(row?.n ?? 0) >= MAX_ENDPOINTS) return { ok: false, reason: 'limit', limit: MAX_ENDPOINTS } as const;
    const id = newId('we');
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        orgId: input.orgId,
        livemode: input.livemode,
        url: input.url,
        secretEnc: input.sealSecret(id),
        created: nowSeconds(),
      })
      .returning();
    if (!endpoint) throw new Error('endpoint insert returned nothing');
    return { ok: true, endpoint } as const;
  });
}

/** The organization's endpoints in one mode, newest first, deleted ones left out. */
export async function listEndpoints(db: Database, orgId: string, livemode: boolean): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.orgId, orgId),
        eq(webhookEndpoints.livemode, livemode),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .orderBy(desc(webhookEndpoints.seq));
}

/** An endpoint that is not deleted, by id alone (deliveries). */
export async function getLiveEndpoint(db: Database, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)));
  return row;
}

/**
 * Deletes (marks deleted) an endpoint of this organization and mode and
 * drops its pending deliveries; returns the endpoint and the dropped
 * deliveries' workflow ids, or null when there is no such live endpoint.
 */
export async function deleteEndpoint(
  db: Database,
  orgId: string,
  livemode: boolean,
  id: string,
): Promise<{ endpoint: WebhookEndpointRow; droppedWorkflowIds: string[] } | null> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(webhookEndpoints.id, id),
          eq(webhookEndpoints.orgId, orgId),
          eq(webhookEndpoints.livemode, livemode),
          isNull(webhookEndpoints.deletedAt),
        ),
      )
      .returning();
    if (!endpoint) return null;
    const dropped = await tx
      .update(deliveries)
      .set({ status: 'dropped', endedAt: new Date() })
      .where(and(eq(deliveries.endpointId, id), eq(deliveries.status, 'pending')))
      .returning({ id: deliveries.id });
    return { endpoint, droppedWorkflowIds: dropped.map((d) => d.id) };
  });
}

// ---------------------------------------------------------------- events and deliveries

export async function getEvent(db: Database, id: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
}

/** The events recorded for a twin (one when it ended). */
export async function eventsOfTwin(db: Database, twinId: string): Promise<EventRow[]> {
  return db.select().from(events).where(eq(events.twinId, twinId)).orderBy(events.seq);
}

/** The workflow id, and delivery row id, of one event's delivery to one endpoint. */
export const deliveryId = deliveryWorkflowId;

/**
 * Records a pending delivery of the event to every live endpoint of its
 * organization and mode (once per pair: a repeated call adds nothing) and
 * returns the deliveries still pending, which are the ones to start.
 */
export async function planDeliveries(db: Database, event: EventRow): Promise<DeliveryRow[]> {
  const endpoints = await listEndpoints(db, event.orgId, event.livemode);
  if (endpoints.length > 0) {
    await db
      .insert(deliveries)
      .values(
        endpoints.map((e) => ({
          id: deliveryId(event.id, e.id),
          eventId: event.id,
          endpointId: e.id,
          orgId: event.orgId,
          livemode: event.livemode,
          status: 'pending' as const,
        })),
      )
      .onConflictDoNothing();
  }
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.eventId, event.id), eq(deliveries.status, 'pending')))
    .orderBy(deliveries.createdAt);
}

export async function getDelivery(db: Database, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  return row;
}

/** Counts one attempt on a pending delivery (status code and short error code only). */
export async function recordAttempt(
  db: Database,
  id: string,
  attempt: { status: number | null; error: string | null },
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      attempts: sql`${deliveries.attempts} + 1`,
      lastStatus: attempt.status,
      lastError: attempt.error,
      lastAttemptAt: new Date(),
    })
    .where(eq(deliveries.id, id));
}

/** Ends a pending delivery (a dropped one stays dropped). */
export async function endDelivery(db: Database, id: string, status: 'delivered' | 'failed' | 'dropped'): Promise<void> {
  await db
    .update(deliveries)
    .set({ status, endedAt: new Date() })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'pending')));
}
