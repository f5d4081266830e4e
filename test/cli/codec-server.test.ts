/** `tracetwin codec-server` as operators run it (the built CLI). */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultPayloadConverter } from '@temporalio/common';
import { EncryptionCodec } from '../../worker/codec';
import { payloadFromJson, payloadToJson } from '../../worker/codec-server';

const BIN = path.resolve(__dirname, '../../bin/tracetwin');
const MASTER = 'c3'.repeat(32);
const OLD = '1d'.repeat(32);

jest.setTimeout(60_000);

test('serves encode/decode with the master key and the previous ones, CORS for the UI, stops on SIGTERM', async () => {
  const child = spawn(
    process.execPath,
    [BIN, 'codec-server', '--listen', '127.0.0.1:0', '--cors-origin', 'http://ui.test:8233'],
    {
      env: { ...process.env, TRACETWIN_MASTER_KEY: MASTER, TRACETWIN_PREVIOUS_MASTER_KEYS: OLD },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', () => reject(new Error('codec-server exited before printing its URL')));
  });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  // histories written under the old key still decode
  const old = await EncryptionCodec.fromMasterKeys(OLD).encode([
    defaultPayloadConverter.toPayload({ twinId: 'twin_o' }),
  ]);
  const res = await fetch(`${url}/decode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://ui.test:8233' },
    body: JSON.stringify({ payloads: old.map(payloadToJson) }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('http://ui.test:8233');
  const [p] = ((await res.json()) as { payloads: unknown[] }).payloads.map(payloadFromJson);
  expect(defaultPayloadConverter.fromPayload(p!)).toEqual({ twinId: 'twin_o' });

  // it encrypts with the current key: the processes sharing the master key can read it
  const enc = await fetch(`${url}/encode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payloads: [payloadToJson(defaultPayloadConverter.toPayload(42))] }),
  });
  const [e] = ((await enc.json()) as { payloads: unknown[] }).payloads.map(payloadFromJson);
  const [back] = await EncryptionCodec.fromMasterKeys(MASTER).decode([e!]);
  expect(defaultPayloadConverter.fromPayload(back!)).toBe(42);

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});

test('refuses to start without a master key, and never invents one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-codec-'));
  const env = { ...process.env };
  delete env.TRACETWIN_MASTER_KEY;
  const r = spawnSync(process.execPath, [BIN, 'codec-server', '--data-dir', dir, '--listen', '127.0.0.1:0'], {
    env,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('no master key');
  expect(fs.existsSync(path.join(dir, 'master.key'))).toBe(false);
  fs.rmSync(dir, { recursive: true });
});
