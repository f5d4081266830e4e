/**
 * bin/tracetwin, the launcher: it turns off the AWS SDK's notice about its
 * future releases needing Node 22 (the pinned SDK supports Node 20; README,
 * Dependency pins) with the SDK's own switch, unless the caller set it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = path.join(__dirname, '..', '..', 'bin', 'tracetwin');
const SWITCH = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

let dir: string;
let preload: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-launcher-'));
  preload = path.join(dir, 'report-env.js');
  // prints, as the program ends, the switch as the program saw it
  fs.writeFileSync(
    preload,
    `process.on('exit', () => process.stderr.write('switch=' + process.env.${SWITCH} + '\\n'));\n`,
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function switchSeen(env: Record<string, string>): string | undefined {
  const clean = { ...process.env };
  delete clean[SWITCH];
  const r = spawnSync(process.execPath, ['--require', preload, BIN, 'openapi'], { env: { ...clean, ...env } });
  expect(r.status).toBe(0);
  return /switch=(\S+)/.exec(r.stderr.toString('utf8'))?.[1];
}

test("the AWS SDK's Node version notice is off unless the caller says otherwise", () => {
  expect(switchSeen({})).toBe('true');
  expect(switchSeen({ [SWITCH]: 'false' })).toBe('false');
});
