/**
 * The delivery workflow on the time-skipping test server, with the real
 * default schedule (1m, 5m, 30m, 2h, 5h, 10h, 6h) and mocked activities that
 * record when the server scheduled each attempt: success first time,
 * success on the third attempt, exhaustion after exactly 8 attempts at the
 * exact cumulative times, and deletion of the endpoint mid-schedule.
 * `UPDATE_HISTORIES=1` rewrites the recorded histories replayed by replay.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Runtime, DefaultLogger, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { deliveryWorkflow, endpointDeletedSignal } from '../../workflows/delivery';
import {
  DEFAULT_WEBHOOK_SCHEDULE_MS,
  deliveryWorkflowId,
  type AttemptOutput,
  type DeliveryActivities,
  type DeliveryWorkflowInput,
  type FinishInput,
} from '../../workflows/delivery-types';
import { deliveryBundle, historyText, timeSkippingEnv, until } from './temporal-env';

Runtime.install({ logger: new DefaultLogger('WARN') });

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;

beforeAll(async () => {
  env = await timeSkippingEnv();
  bundle = await deliveryBundle();
}, 180_000);

afterAll(async () => {
  await env?.teardown();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Offsets of the 8 attempts from the start: 0, 1m, 6m, 36m, 2h36m, 7h36m, 17h36m, 23h36m. */
const CUMULATIVE = [
  0,
  MINUTE,
  6 * MINUTE,
  36 * MINUTE,
  2 * HOUR + 36 * MINUTE,
  7 * HOUR + 36 * MINUTE,
  17 * HOUR + 36 * MINUTE,
  23 * HOUR + 36 * MINUTE,
];
/** Real time that may pass around each attempt while the test server runs (activities run in real time). */
const SLACK_MS = 5_000;

interface Recorded {
  attempts: { attempt: number; maxAttempts: number; scheduledMs: number }[];
  finished: FinishInput[];
}

function mockActivities(plan: (attempt: number) => AttemptOutput): {
  activities: DeliveryActivities;
  recorded: Recorded;
} {
  const recorded: Recorded = { attempts: [], finished: [] };
  const activities: DeliveryActivities = {
    async attemptDelivery(input) {
      // The server's clock (time-skipped), not this process's.
      const scheduledMs = Context.current().info.currentAttemptScheduledTimestampMs;
      recorded.attempts.push({ attempt: input.attempt, maxAttempts: input.maxAttempts, scheduledMs });
      expect(input.eventId).toBe('evt_test');
      return plan(input.attempt);
    },
    async finishDelivery(input) {
      recorded.finished.push(input);
    },
    async dispatchEvent() {
      throw new Error('not used by the delivery workflow');
    },
  };
  return { activities, recorded };
}

let seq = 0;
function input(): DeliveryWorkflowInput {
  seq++;
  return {
    eventId: 'evt_test',
    endpointId: `we_test${seq}`,
    scheduleMs: [...DEFAULT_WEBHOOK_SCHEDULE_MS],
    attemptTimeoutMs: 40_000,
  };
}

async function run(plan: (attempt: number) => AttemptOutput, save?: string) {
  const { activities, recorded } = mockActivities(plan);
  const taskQueue = `deliveries-${seq + 1}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities,
  });
  const args = input();
  const workflowId = deliveryWorkflowId(args.eventId, args.endpointId);
  const { result, startMs, history } = await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(deliveryWorkflow, { workflowId, taskQueue, args: [args] });
    const res = await handle.result();
    const description = await handle.describe();
    return { result: res, startMs: description.startTime.getTime(), history: await handle.fetchHistory() };
  });
  if (save && process.env.UPDATE_HISTORIES) {
    fs.writeFileSync(path.join(__dirname, 'histories', save), historyText(history));
  }
  const offsets = recorded.attempts.map((a) => a.scheduledMs - startMs);
  return { result, recorded, offsets };
}

function expectAtOffsets(offsets: number[], expected: number[]): void {
  expect(offsets).toHaveLength(expected.length);
  offsets.forEach((offset, i) => {
    expect(offset).toBeGreaterThanOrEqual(expected[i]!);
    expect(offset).toBeLessThan(expected[i]! + SLACK_MS * (i + 1));
  });
}

test('the default schedule is 1m, 5m, 30m, 2h, 5h, 10h, 6h', () => {
  expect(DEFAULT_WEBHOOK_SCHEDULE_MS).toEqual([
    MINUTE,
    5 * MINUTE,
    30 * MINUTE,
    2 * HOUR,
    5 * HOUR,
    10 * HOUR,
    6 * HOUR,
  ]);
});

test('success on the first attempt: one attempt, delivered', async () => {
  const { result, recorded, offsets } = await run(
    () => ({ outcome: 'delivered', status: 200 }),
    'delivered-first.json',
  );
  expect(result).toEqual({ outcome: 'delivered', attempts: 1 });
  expect(recorded.attempts.map((a) => a.attempt)).toEqual([1]);
  expect(recorded.attempts[0]?.maxAttempts).toBe(8);
  expectAtOffsets(offsets, CUMULATIVE.slice(0, 1));
  expect(recorded.finished.map((f) => f.outcome)).toEqual(['delivered']);
});

test('success on the third attempt, after waits of 1 and 5 minutes', async () => {
  const { result, recorded, offsets } = await run(
    (attempt) =>
      attempt < 3 ? { outcome: 'failed', status: 500, error: 'http_status' } : { outcome: 'delivered', status: 200 },
    'delivered-third.json',
  );
  expect(result).toEqual({ outcome: 'delivered', attempts: 3 });
  expect(recorded.attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  expectAtOffsets(offsets, CUMULATIVE.slice(0, 3));
  expect(recorded.finished.map((f) => f.outcome)).toEqual(['delivered']);
});

test('exhaustion after exactly 8 attempts at 0, 1m, 6m, 36m, 2h36m, 7h36m, 17h36m, 23h36m', async () => {
  const { result, recorded, offsets } = await run(() => ({ outcome: 'failed', error: 'timeout' }), 'exhausted.json');
  expect(result).toEqual({ outcome: 'exhausted', attempts: 8 });
  expect(recorded.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  expectAtOffsets(offsets, CUMULATIVE);
  // the waits between attempts are the schedule's, in order
  const gaps = offsets.slice(1).map((o, i) => o - offsets[i]!);
  gaps.forEach((gap, i) => {
    expect(gap).toBeGreaterThanOrEqual(DEFAULT_WEBHOOK_SCHEDULE_MS[i]!);
    expect(gap).toBeLessThan(DEFAULT_WEBHOOK_SCHEDULE_MS[i]! + SLACK_MS);
  });
  expect(recorded.finished.map((f) => f.outcome)).toEqual(['exhausted']);
});

test('an attempt whose activity throws counts as a failed attempt, and the schedule goes on', async () => {
  const { result, recorded } = await run((attempt) => {
    if (attempt === 1) throw new Error('database unreachable');
    return { outcome: 'delivered', status: 200 };
  });
  expect(result).toEqual({ outcome: 'delivered', attempts: 2 });
  expect(recorded.attempts.map((a) => a.attempt)).toEqual([1, 2]);
});

test('an endpoint found deleted by the attempt stops the delivery without retries', async () => {
  const { result, recorded } = await run(() => ({ outcome: 'endpoint_gone' }));
  expect(result).toEqual({ outcome: 'endpoint_deleted', attempts: 0 });
  expect(recorded.attempts).toHaveLength(1);
  expect(recorded.finished.map((f) => f.outcome)).toEqual(['endpoint_deleted']);
});

test('deleting the endpoint mid-schedule stops the delivery at once', async () => {
  const { activities, recorded } = mockActivities(() => ({ outcome: 'failed', status: 503, error: 'http_status' }));
  const taskQueue = 'deliveries-deletion';
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: bundle,
    activities,
  });
  const args = input();
  const { result, startMs, endMs, history } = await worker.runUntil(async () => {
    const handle = await env.client.workflow.start(deliveryWorkflow, {
      workflowId: deliveryWorkflowId(args.eventId, args.endpointId),
      taskQueue,
      args: [args],
    });
    await until(() => recorded.attempts.length === 1);
    await env.sleep('70 seconds'); // past the 1-minute wait: attempt 2, then the 5-minute wait
    await until(() => recorded.attempts.length === 2);
    await env.sleep('2 minutes'); // inside the 5-minute wait
    await handle.signal(endpointDeletedSignal);
    const res = await handle.result();
    const description = await handle.describe();
    return {
      result: res,
      startMs: description.startTime.getTime(),
      endMs: description.closeTime?.getTime() ?? 0,
      history: await handle.fetchHistory(),
    };
  });
  expect(result).toEqual({ outcome: 'endpoint_deleted', attempts: 2 });
  expect(recorded.attempts.map((a) => a.attempt)).toEqual([1, 2]);
  expect(recorded.finished.map((f) => f.outcome)).toEqual(['endpoint_deleted']);
  // it ended inside the 5-minute wait, long before a third attempt was due at 6 minutes
  expect(endMs - startMs).toBeLessThan(6 * MINUTE);
  if (process.env.UPDATE_HISTORIES) {
    fs.writeFileSync(path.join(__dirname, 'histories', 'endpoint-deleted.json'), historyText(history));
  }
});
