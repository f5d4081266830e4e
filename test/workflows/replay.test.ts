/**
 * Determinism: recorded histories of the twin workflow (committed under
 * histories/, recorded by twin-workflow.test.ts with RECORD_HISTORIES=1)
 * must replay on the current workflow code without a nondeterminism error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { temporal } from '@temporalio/proto';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';

const DIR = path.join(__dirname, 'histories');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));
const noop = (): void => undefined;

/** A recorded history (protobuf.js plain-object JSON, as twin-workflow.test.ts writes it). */
function load(file: string): temporal.api.history.v1.History {
  const json = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Record<string, unknown>;
  return temporal.api.history.v1.History.fromObject(json);
}
let bundle: WorkflowBundle;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  bundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('../../workflows'),
    logger: { trace: noop, debug: noop, info: noop, warn: noop, error: noop, log: noop },
  });
}, 60_000);

test('there are recorded histories of a completed and a failed twin, before and after the ends-with-twin patch', () => {
  // twin-completed.json and twin-failed.json were recorded before the patch: a twin waiting on its 7-day timer
  // when the workers are upgraded must go on replaying on the new code.
  expect(files).toEqual(
    expect.arrayContaining([
      'twin-completed.json',
      'twin-failed.json',
      'twin-completed-v2.json',
      'twin-failed-v2.json',
      'content-retention.json',
    ]),
  );
  const markers = (file: string) =>
    (load(file).events ?? []).filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch').length;
  expect(markers('twin-completed.json')).toBe(0);
  expect(markers('twin-completed-v2.json')).toBe(1);
  expect(markers('twin-failed-v2.json')).toBe(1);
});

test.each(files)('%s replays deterministically', async (file) => {
  const history = load(file);
  expect(history.events.length).toBeGreaterThan(10);
  await Worker.runReplayHistory({ workflowBundle: bundle }, history, file.replace(/\.json$/, ''));
});

test('a changed workflow is caught: the completed history does not replay on code that skips a step', async () => {
  const history = load('twin-completed.json');
  const code = bundle.code.replace(
    /await bookkeeping\.markRunning\(\{\s*twinId\s*\}\)/,
    "await Promise.resolve('running')",
  );
  expect(code).not.toBe(bundle.code);
  await expect(Worker.runReplayHistory({ workflowBundle: { code } }, history, 'twin-completed')).rejects.toMatchObject({
    name: 'DeterminismViolationError',
  });
});
