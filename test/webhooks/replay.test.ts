/**
 * Determinism: recorded delivery histories (success first time, success on the
 * third attempt, exhaustion after 8 attempts, endpoint deleted mid-schedule;
 * written by workflow.test.ts with UPDATE_HISTORIES=1) replay against today's
 * workflow code without a nondeterminism error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Runtime, DefaultLogger, Worker } from '@temporalio/worker';
import { DELIVERY_WORKFLOWS, historyFromText } from './temporal-env';

Runtime.install({ logger: new DefaultLogger('WARN') });

const DIR = path.join(__dirname, 'histories');
const FILES = ['delivered-first.json', 'delivered-third.json', 'exhausted.json', 'endpoint-deleted.json'];

test('every recorded history is there', () => {
  expect(fs.readdirSync(DIR).sort()).toEqual([...FILES].sort());
});

test.each(FILES)(
  '%s replays',
  async (file) => {
    const history = historyFromText(fs.readFileSync(path.join(DIR, file), 'utf8'));
    const events = history.events ?? [];
    expect(events.length).toBeGreaterThan(5);
    await expect(Worker.runReplayHistory({ workflowsPath: DELIVERY_WORKFLOWS }, history)).resolves.toBeUndefined();
  },
  120_000,
);

test('a changed workflow is caught: the recorded 8-attempt history does not replay on a shorter loop', async () => {
  const history = historyFromText(fs.readFileSync(path.join(DIR, 'exhausted.json'), 'utf8'));
  // Next to the tests, so that the bundler finds @temporalio/workflow; removed afterwards.
  const altered = path.join(__dirname, `.altered-delivery-${process.pid}.ts`);
  fs.writeFileSync(
    altered,
    fs
      .readFileSync(require.resolve('../../workflows/delivery'), 'utf8')
      .replace("from './delivery-types'", "from '../../workflows/delivery-types'")
      .replace('const maxAttempts = schedule.length + 1;', 'const maxAttempts = 2;'),
  );
  try {
    await expect(Worker.runReplayHistory({ workflowsPath: altered }, history)).rejects.toMatchObject({
      name: 'DeterminismViolationError',
    });
  } finally {
    fs.rmSync(altered, { force: true });
  }
}, 120_000);
