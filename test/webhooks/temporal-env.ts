/**
 * The time-skipping test server for the delivery workflow tests (binary
 * installed by scripts/setup-tools.sh), and the workflow bundle built once
 * per test file. A missing binary fails the tests loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';

export const TEST_SERVER = path.resolve(__dirname, '../../.tools/bin/temporal-test-server');
export const DELIVERY_WORKFLOWS = require.resolve('../../workflows/delivery');

export async function timeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  if (!fs.existsSync(TEST_SERVER)) {
    throw new Error(`${TEST_SERVER} is missing: run scripts/setup-tools.sh (npm run build) first`);
  }
  return TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: TEST_SERVER } },
  });
}

export function deliveryBundle(): Promise<WorkflowBundleWithSourceMap> {
  return bundleWorkflowCode({ workflowsPath: DELIVERY_WORKFLOWS, logger: quietLogger });
}

const noop = (): void => undefined;
const quietLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, log: noop };

/** Resolves once `test()` holds, polling every 20 ms (bounded by the test's time-out). */
export async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((r) => setTimeout(r, 20));
}

/**
 * A history as readable JSON (protobufjs object form: 64-bit numbers and
 * bytes as strings, enums by name) and back. The SDK's proto3-JSON helpers are
 * not used: they need one protobufjs copy shared with @temporalio/proto.
 */
export function historyText(history: temporal.api.history.v1.IHistory): string {
  const object = temporal.api.history.v1.History.toObject(temporal.api.history.v1.History.fromObject(history), {
    longs: String,
    enums: String,
    bytes: String,
  });
  return `${JSON.stringify(object, null, 2)}\n`;
}

export function historyFromText(text: string): temporal.api.history.v1.History {
  return temporal.api.history.v1.History.fromObject(JSON.parse(text));
}
