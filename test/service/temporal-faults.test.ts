/**
 * Temporal faults, through a TCP proxy in front of a Temporal test server: a frozen frontend (the proxy
 * blackholes) must not hold a create past `--temporal-call-timeout`; the twin is committed and answered 202, and
 * the reconciler starts it once Temporal answers again. `/readyz` says 503 meanwhile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import { Reconciler } from '../../api/reconciler';
import { defaultConfig } from '../../cli/config';
import { openMemoryDatabase } from '../../db/client';
import { createApiKey, createOrganization } from '../../db/repo';
import { createBlobStore } from '../../storage';
import { connectTemporal, dataConverterFor } from '../../worker/process';
import { startTcpProxy } from '../support/tcp-proxy';
import { within } from '../support/within';
import { timeSkippingEnv } from '../webhooks/temporal-env';
import { createTwin } from './helpers';

jest.setTimeout(120_000);

const HANG_MS = 15_000;

function answered(p: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  return within(p, HANG_MS);
}

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  env = await timeSkippingEnv();
});
afterAll(async () => {
  await env?.teardown();
});

test('a frozen Temporal: the create answers 202 with its id, readyz 503; the reconciler starts the twin later', async () => {
  const target = env.address.split(':');
  const proxy = await startTcpProxy({ host: target[0] as string, port: Number(target[1]) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-tfaults-'));
  const handle = await openMemoryDatabase();
  const config = defaultConfig({ dataDir: dir, temporalCallTimeoutMs: 1000 });
  config.temporal = {
    ...config.temporal,
    address: proxy.address,
    taskQueue: `faults-${randomBytes(4).toString('hex')}`,
  };
  const temporal = await connectTemporal(config, dataConverterFor(randomBytes(32).toString('hex'), []), {
    searchAttributesRegistered: false,
  });
  const blobs = createBlobStore({ dataDir: dir });
  const reconciler = new Reconciler({ db: handle.db, blobs, startTwin: (t) => temporal.startTwin(t), staleMs: 0 });
  const app = await buildApp({
    db: handle.db,
    blobs,
    config: { ...DEFAULT_API_CONFIG, publicUrl: 'https://twins.example.test', hmacSecret: randomBytes(32) },
    startTwin: (t) => temporal.startTwin(t),
    temporalReady: () => temporal.ready(),
    reconciler,
  });
  try {
    const org = await createOrganization(handle.db, { name: 'Temporal faults', balance: 10 });
    const { secret } = await createApiKey(handle.db, { orgId: org.id, mode: 'live' });
    proxy.mode = 'blackhole';
    proxy.resetAll();
    const res = await answered(createTwin(app, secret));
    expect(res.statusCode).toBe(202);
    const id = (res.json() as { id: string }).id;
    expect((await answered(app.inject({ method: 'GET', url: '/readyz' }))).statusCode).toBe(503);
    // asked of the server directly (not through the proxy), raw (the memo is encrypted)
    const describe = () =>
      env.client.workflowService.describeWorkflowExecution({ namespace: 'default', execution: { workflowId: id } });
    await expect(describe()).rejects.toThrow();

    proxy.mode = 'pass';
    proxy.resetAll();
    // the gRPC channel reconnects on its own; a sweep may meet it still reconnecting, the next one starts the twin
    for (let i = 0; i < 30; i++) {
      await reconciler.sweep();
      if (
        await describe().then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect((await describe()).workflowExecutionInfo?.execution?.workflowId).toBe(id);
    expect((await answered(app.inject({ method: 'GET', url: '/readyz' }))).statusCode).toBe(200);
  } finally {
    await app.close();
    await temporal.close();
    await handle.close();
    await proxy.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
