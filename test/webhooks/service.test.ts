/**
 * Webhooks end to end below the process level: the endpoint routes on the
 * real app (in-memory PGlite), the real delivery activities and the delivery
 * workflow on the time-skipping test server with a short schedule, and a
 * local HTTPS receiver trusted through `--webhook-ca-file` with loopback let
 * through as `--webhook-allow-loopback` does: success, retries, redirect,
 * time-out, deletion, and isolation by organization and mode.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { createDeliveryActivities } from '../../activities/delivery';
import { buildApp } from '../../api/app';
import { KeyCache } from '../../api/auth';
import { DEFAULT_API_CONFIG } from '../../api/config';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../service/helpers';
import { newId } from '../../db/ids';
import { createApiKey, createOrganization } from '../../db/repo';
import { events, webhookEndpoints } from '../../db/schema';
import { getDelivery } from '../../db/webhooks';
import type { Resolver } from '../../webhooks/address';
import { SecretBox } from '../../webhooks/secrets';
import { signalEndpointDeleted, startDeliveryWorkflow } from '../../webhooks/temporal';
import { deliveryWorkflowId, type DeliveryActivities } from '../../workflows/delivery-types';
import { startReceiver, type Receiver } from './receiver';
import { deliveryBundle, timeSkippingEnv, until } from './temporal-env';

Runtime.install({ logger: new DefaultLogger('WARN') });

const TASK_QUEUE = 'webhooks-service';
let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;
let receiver: Receiver;
let handle: DatabaseHandle;
let app: FastifyInstance;
let activities: DeliveryActivities;
let worker: Worker;
let running: Promise<void>;
const secrets = new SecretBox(randomBytes(32));
/** hook.test is the receiver; anything else resolves to a private address. */
const resolve: Resolver = async (host) => [{ address: host === 'hook.test' ? '127.0.0.1' : '10.1.2.3', family: 4 }];
let org: { id: string; test: string; live: string };
let other: { id: string; test: string };

beforeAll(async () => {
  [env, bundle, receiver, handle] = await Promise.all([
    timeSkippingEnv(),
    deliveryBundle(),
    startReceiver(),
    openTestDatabase(),
  ]);
  const db = handle.db;
  const o = await createOrganization(db, { name: 'Hooks org', balance: 10 });
  org = {
    id: o.id,
    test: (await createApiKey(db, { orgId: o.id, mode: 'test' })).secret,
    live: (await createApiKey(db, { orgId: o.id, mode: 'live' })).secret,
  };
  const o2 = await createOrganization(db, { name: 'Other org' });
  other = { id: o2.id, test: (await createApiKey(db, { orgId: o2.id, mode: 'test' })).secret };

  app = await buildApp({
    db,
    blobs: undefined as never,
    config: { ...DEFAULT_API_CONFIG, hmacSecret: randomBytes(32) },
    startTwin: async () => undefined,
    keyCache: new KeyCache(db, 0),
    webhooks: {
      secrets,
      allowLoopback: true,
      resolve,
      stopDeliveries: (ids) => signalEndpointDeleted(env.client, ids),
    },
  });
  await app.ready();

  activities = createDeliveryActivities({
    db,
    secrets,
    resolve,
    webhook: { scheduleMs: [1000, 2000, 3000], timeoutMs: 400, allowLoopback: true, caFile: receiver.caFile },
    startDelivery: (input) => startDeliveryWorkflow(env.client, TASK_QUEUE, input),
  });
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowBundle: bundle,
    activities,
  });
  running = worker.run();
}, 180_000);

afterAll(async () => {
  worker?.shutdown();
  await running?.catch(() => undefined);
  await app?.close();
  await handle?.close();
  await receiver?.close();
  await env?.teardown();
});

beforeEach(async () => {
  receiver.received.length = 0;
  receiver.handler = (_req, res) => {
    res.writeHead(200).end();
  };
  // each test starts without endpoints
  await handle.db.update(webhookEndpoints).set({ deletedAt: new Date() });
});

async function createEndpoint(key: string, url = receiver.url('hook.test')) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/svc/webhook_endpoints',
    headers: { authorization: `Bearer ${key}` },
    payload: { url },
  });
  return { status: res.statusCode, body: res.json() };
}

async function recordEvent(orgId: string, livemode: boolean): Promise<string> {
  const id = newId('evt');
  const twinId = newId('twin');
  await handle.db.insert(events).values({
    id,
    orgId,
    livemode,
    type: 'svc.twin.completed',
    created: 1_800_000_000,
    twinId,
    data: {
      id: twinId,
      object: 'svc.twin',
      status: 'completed',
      created: 1_799_999_000,
      completed: 1_800_000_000,
      filename: 'trace.jsonl',
      error: null,
      livemode,
      end_user: 'cust_42',
    },
  });
  return id;
}

function result(eventId: string, endpointId: string) {
  return env.client.workflow.getHandle(deliveryWorkflowId(eventId, endpointId)).result();
}

describe('webhook endpoint routes', () => {
  test('create returns the secret once; list is newest first without secrets; the secret is stored sealed', async () => {
    const a = await createEndpoint(org.test);
    const b = await createEndpoint(org.test, receiver.url('hook.test', '/second'));
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      object: 'webhook_endpoint',
      url: receiver.url('hook.test'),
      enabled_events: ['svc.twin.completed', 'svc.twin.failed'],
    });
    expect(a.body.id).toMatch(/^we_/);
    expect(a.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const list = await app.inject({
      method: 'GET',
      url: '/v1/svc/webhook_endpoints',
      headers: { authorization: `Bearer ${org.test}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      object: 'list',
      data: [b.body.id, a.body.id].map((id) => expect.objectContaining({ id })),
      has_more: false,
      url: '/v1/svc/webhook_endpoints',
    });
    expect(list.body).not.toContain('whsec_');
    const rows = await handle.db.select().from(webhookEndpoints);
    const row = rows.find((r) => r.id === a.body.id);
    expect(row?.secretEnc).not.toContain(a.body.secret.slice(6));
    expect(secrets.open(row!.secretEnc, row!.id)).toBe(a.body.secret);
  });

  test.each([
    ['https', 'http://hook.test/x'],
    ['user name or password', 'https://user:pw@hook.test/x'],
    ['refused address', 'https://private.example/x'],
    ['refused address', 'https://169.254.169.254/latest'],
    ['four decimal numbers', 'https://2130706433/'],
    ['metadata', 'https://metadata.google.internal/'],
    ['2048', `https://hook.test/${'a'.repeat(2040)}`],
  ])('refused with webhook_url_invalid: %s', async (words, url) => {
    const res = await createEndpoint(org.test, url);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'webhook_url_invalid' });
    expect(res.body.error.message).toContain(words);
  });

  test('a body that is not {url} is a parameter error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/svc/webhook_endpoints',
      headers: { authorization: `Bearer ${org.test}`, 'content-type': 'text/plain' },
      payload: 'https://hook.test/',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('parameter_invalid');
  });

  test('at most 16 endpoints per organization and mode', async () => {
    for (let i = 0; i < 16; i++) expect((await createEndpoint(org.test)).status).toBe(201);
    const over = await createEndpoint(org.test);
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('too_many_webhook_endpoints');
    // the other mode and other organizations have their own 16
    expect((await createEndpoint(org.live)).status).toBe(201);
    expect((await createEndpoint(other.test)).status).toBe(201);
  });

  test('isolation: other modes and organizations get 404 and see nothing', async () => {
    const a = await createEndpoint(org.test);
    for (const key of [org.live, other.test]) {
      const del = await app.inject({
        method: 'DELETE',
        url: `/v1/svc/webhook_endpoints/${a.body.id}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(del.statusCode).toBe(404);
      expect(del.json().error.code).toBe('resource_missing');
      const list = await app.inject({
        method: 'GET',
        url: '/v1/svc/webhook_endpoints',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(list.json().data).toEqual([]);
    }
    const del = await app.inject({
      method: 'DELETE',
      url: `/v1/svc/webhook_endpoints/${a.body.id}`,
      headers: { authorization: `Bearer ${org.test}` },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: a.body.id, object: 'webhook_endpoint', deleted: true });
    const again = await app.inject({
      method: 'DELETE',
      url: `/v1/svc/webhook_endpoints/${a.body.id}`,
      headers: { authorization: `Bearer ${org.test}` },
    });
    expect(again.statusCode).toBe(404);
  });

  test('the OpenAPI document describes the routes and the events, and a real validator accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/svc/openapi.json' });
    const doc = res.json();
    expect(Object.keys(doc.paths['/v1/svc/webhook_endpoints']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/v1/svc/webhook_endpoints/{endpoint_id}'])).toEqual(['delete']);
    const text = JSON.stringify(doc.paths['/v1/svc/webhook_endpoints'].post.responses['400']);
    expect(text).toContain('"webhook_url_invalid"');
    expect(text).toContain('"too_many_webhook_endpoints"');
    expect(Object.keys(doc.webhooks).sort()).toEqual(['svc.twin.completed', 'svc.twin.failed']);
    const op = doc.webhooks['svc.twin.completed'].post;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'user-agent',
    ]);
    expect(op.description).toContain('<webhook-id>.<webhook-timestamp>.<raw body>');
    expect(doc.components.schemas.Event.properties.api_version.enum).toEqual(['2026-10-11']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const cli = path.resolve(
      __dirname,
      '../../node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js',
    );
    expect(JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: 'utf8' }))).toEqual({ valid: true });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('other methods on the paths answer 405', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/v1/svc/webhook_endpoints/we_x',
      headers: { authorization: `Bearer ${org.test}` },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('DELETE');
  });

  test('no key: 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/svc/webhook_endpoints' });
    expect(res.statusCode).toBe(401);
  });
});

describe('deliveries', () => {
  test('success: one signed POST, verified with the official package; recorded delivered', async () => {
    const ep = await createEndpoint(org.test);
    await createEndpoint(org.live); // another mode: not sent test events
    const eventId = await recordEvent(org.id, false);
    expect(await activities.dispatchEvent({ eventId })).toEqual({ deliveries: 1 });
    expect(await result(eventId, ep.body.id)).toEqual({ outcome: 'delivered', attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    const event = new Webhook(ep.body.secret).verify(got.body, got.headers as Record<string, string>);
    expect(event).toMatchObject({
      id: eventId,
      object: 'event',
      type: 'svc.twin.completed',
      api_version: '2026-10-11',
      created: 1_800_000_000,
      livemode: false,
      data: { object: 'svc.twin', end_user: 'cust_42', status: 'completed' },
    });
    expect(got.headers['webhook-id']).toBe(eventId);
    expect(got.headers['user-agent']).toBe('webhooks/1');
    expect(await getDelivery(handle.db, deliveryWorkflowId(eventId, ep.body.id))).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatus: 200,
    });
    // a repeated dispatch starts nothing new
    await activities.dispatchEvent({ eventId });
    expect(receiver.received).toHaveLength(1);
  });

  test('retries: two failures then success; same webhook-id, each attempt signed when made', async () => {
    const ep = await createEndpoint(org.test);
    let n = 0;
    receiver.handler = (_req, res) => {
      n++;
      res.writeHead(n < 3 ? 500 : 200).end();
    };
    const eventId = await recordEvent(org.id, false);
    await activities.dispatchEvent({ eventId });
    expect(await result(eventId, ep.body.id)).toEqual({ outcome: 'delivered', attempts: 3 });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventId]));
    for (const r of receiver.received) {
      // signed at the attempt (the activity's clock is real time, not the test server's skipped time)
      expect(Math.abs(Number(r.headers['webhook-timestamp']) * 1000 - r.at)).toBeLessThan(2000);
      expect(() => new Webhook(ep.body.secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
    }
    expect(await getDelivery(handle.db, deliveryWorkflowId(eventId, ep.body.id))).toMatchObject({
      status: 'delivered',
      attempts: 3,
    });
  });

  test('a redirect is a failed attempt, never followed: 4 attempts (3 waits), then given up', async () => {
    const ep = await createEndpoint(org.test);
    receiver.handler = (req, res) => {
      if (req.url === '/hook') res.writeHead(302, { location: receiver.url('hook.test', '/moved') }).end();
      else res.writeHead(200).end();
    };
    const eventId = await recordEvent(org.id, false);
    await activities.dispatchEvent({ eventId });
    expect(await result(eventId, ep.body.id)).toEqual({ outcome: 'exhausted', attempts: 4 });
    expect(receiver.received.map((r) => r.url)).toEqual(['/hook', '/hook', '/hook', '/hook']);
    expect(await getDelivery(handle.db, deliveryWorkflowId(eventId, ep.body.id))).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastStatus: 302,
      lastError: 'redirect',
    });
  });

  test('no answer within --webhook-timeout is a failed attempt', async () => {
    const ep = await createEndpoint(org.test);
    const held: import('node:http').ServerResponse[] = [];
    receiver.handler = (_req, res) => {
      held.push(res);
    };
    const eventId = await recordEvent(org.id, false);
    await activities.dispatchEvent({ eventId });
    expect(await result(eventId, ep.body.id)).toEqual({ outcome: 'exhausted', attempts: 4 });
    expect(receiver.received).toHaveLength(4);
    expect(await getDelivery(handle.db, deliveryWorkflowId(eventId, ep.body.id))).toMatchObject({
      status: 'failed',
      lastError: 'timeout',
    });
    for (const res of held) res.destroy();
  });

  test('deleting the endpoint drops its pending delivery at once', async () => {
    const ep = await createEndpoint(org.test);
    receiver.handler = (_req, res) => {
      res.writeHead(503).end();
    };
    const eventId = await recordEvent(org.id, false);
    await activities.dispatchEvent({ eventId });
    await until(() => receiver.received.length === 1);
    const del = await app.inject({
      method: 'DELETE',
      url: `/v1/svc/webhook_endpoints/${ep.body.id}`,
      headers: { authorization: `Bearer ${org.test}` },
    });
    expect(del.statusCode).toBe(200);
    expect(await result(eventId, ep.body.id)).toEqual({ outcome: 'endpoint_deleted', attempts: 1 });
    expect(receiver.received).toHaveLength(1);
    expect(await getDelivery(handle.db, deliveryWorkflowId(eventId, ep.body.id))).toMatchObject({
      status: 'dropped',
      attempts: 1,
    });
  });

  test("events go to every live endpoint of the event's organization and mode, and nowhere else", async () => {
    const a = await createEndpoint(org.live);
    const b = await createEndpoint(org.live, receiver.url('hook.test', '/b'));
    await createEndpoint(org.test);
    await createEndpoint(other.test);
    const gone = await createEndpoint(org.live, receiver.url('hook.test', '/gone'));
    await app.inject({
      method: 'DELETE',
      url: `/v1/svc/webhook_endpoints/${gone.body.id}`,
      headers: { authorization: `Bearer ${org.live}` },
    });
    const eventId = await recordEvent(org.id, true);
    expect(await activities.dispatchEvent({ eventId })).toEqual({ deliveries: 2 });
    await result(eventId, a.body.id);
    await result(eventId, b.body.id);
    expect(receiver.received.map((r) => r.url).sort()).toEqual(['/b', '/hook']);
  });
});
