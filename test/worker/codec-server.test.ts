/**
 * The codec server: the protocol over HTTP (encode/decode, namespace paths,
 * CORS for the Web UI, auth, errors), then end to end with a real Temporal
 * dev server — histories hold only ciphertext, and the Temporal CLI reads
 * them through the codec server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { EncryptionCodec, encryptedDataConverter, ENCRYPTED_ENCODING, payloadKeyId } from '../../worker/codec';
import {
  payloadFromJson,
  payloadToJson,
  startCodecServer,
  type JsonPayload,
  type RunningCodecServer,
} from '../../worker/codec-server';
import { startDevServer, type DevServer } from '../../worker/devserver';
import type { echoWorkflow, failingWorkflow } from './fixtures/codec-workflows';

jest.setTimeout(180_000);

const TEMPORAL = path.resolve(__dirname, '../../.tools/bin/temporal');
const MASTER = '5e'.repeat(32);
const UI = 'http://127.0.0.1:8233';

const codec = EncryptionCodec.fromMasterKeys(MASTER);
const str = (b: Uint8Array | null | undefined) => Buffer.from(b ?? new Uint8Array(0)).toString('utf8');

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

describe('codec server protocol', () => {
  let server: RunningCodecServer;
  let guarded: RunningCodecServer;

  beforeAll(async () => {
    server = await startCodecServer({ codec, corsOrigins: [UI], host: '127.0.0.1', port: 0 });
    guarded = await startCodecServer({ codec, corsOrigins: [UI], host: '127.0.0.1', port: 0, authToken: 'tok-123' });
  });
  afterAll(async () => {
    await server?.close();
    await guarded?.close();
  });

  test('proto3 JSON: metadata values and data in base64, both ways', () => {
    const p = defaultPayloadConverter.toPayload({ a: 1 });
    const json = payloadToJson(p);
    expect(Buffer.from(json.metadata!.encoding!, 'base64').toString()).toBe('json/plain');
    expect(JSON.parse(Buffer.from(json.data!, 'base64').toString())).toEqual({ a: 1 });
    const back = payloadFromJson(json);
    expect(str(back.metadata!.encoding)).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(back)).toEqual({ a: 1 });
  });

  test('POST /encode then /decode round-trips, also under a namespace segment', async () => {
    const plain = [defaultPayloadConverter.toPayload({ twinId: 'twin_rt' }), defaultPayloadConverter.toPayload(7)];
    const enc = await post(`${server.url}/encode`, { payloads: plain.map(payloadToJson) });
    expect(enc.status).toBe(200);
    const encoded = (enc.json!.payloads as unknown[]).map(payloadFromJson);
    expect(encoded.map((p) => str(p.metadata!.encoding))).toEqual([ENCRYPTED_ENCODING, ENCRYPTED_ENCODING]);
    expect(encoded.every((p) => payloadKeyId(p) === codec.keyId)).toBe(true);
    // what the server encrypted, the codec decrypts (and the other way round below)
    expect((await codec.decode(encoded)).map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([
      { twinId: 'twin_rt' },
      7,
    ]);
    const mine = await codec.encode(plain);
    const dec = await post(
      `${server.url}/default/decode`,
      { payloads: mine.map(payloadToJson) },
      {
        'x-namespace': 'default',
      },
    );
    expect(dec.status).toBe(200);
    const decoded = (dec.json!.payloads as unknown[]).map(payloadFromJson);
    expect(decoded.map((p) => defaultPayloadConverter.fromPayload(p))).toEqual([{ twinId: 'twin_rt' }, 7]);
    // an empty list is an empty list
    expect((await post(`${server.url}/decode`, { payloads: [] })).json).toEqual({ payloads: [] });
  });

  test('CORS for the Web UI origin: preflight and answer headers; other origins get none', async () => {
    const pre = await fetch(`${server.url}/decode`, {
      method: 'OPTIONS',
      headers: {
        origin: UI,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-namespace',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(UI);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('x-namespace');
    const ok = await post(`${server.url}/decode`, { payloads: [] }, { origin: UI });
    expect(ok.headers.get('access-control-allow-origin')).toBe(UI);

    const evil = 'http://evil.example';
    const preEvil = await fetch(`${server.url}/decode`, { method: 'OPTIONS', headers: { origin: evil } });
    expect(preEvil.status).toBe(403);
    expect(preEvil.headers.get('access-control-allow-origin')).toBeNull();
    const postEvil = await post(`${server.url}/decode`, { payloads: [] }, { origin: evil });
    expect(postEvil.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('errors: unknown path 404, other methods 405, bad bodies 400/415, unknown key 400', async () => {
    expect((await post(`${server.url}/transcode`, { payloads: [] })).status).toBe(404);
    const get = await fetch(`${server.url}/decode`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
    expect((await post(`${server.url}/decode`, '{not json')).status).toBe(400);
    expect((await post(`${server.url}/decode`, { nope: [] })).status).toBe(400);
    expect((await post(`${server.url}/decode`, { payloads: [{ data: '***' }] })).status).toBe(400);
    expect((await post(`${server.url}/decode`, { payloads: [] }, { 'content-type': 'text/plain' })).status).toBe(415);
    const other = await EncryptionCodec.fromMasterKeys('7f'.repeat(32)).encode([defaultPayloadConverter.toPayload(1)]);
    const unknown = await post(`${server.url}/decode`, { payloads: other.map(payloadToJson) });
    expect(unknown.status).toBe(400);
    expect(String(unknown.json!.error)).toMatch(/key id ttk1-/);
  });

  test('with a token: no or wrong Authorization is 401, the right one passes, preflight needs none', async () => {
    expect((await post(`${guarded.url}/decode`, { payloads: [] })).status).toBe(401);
    expect((await post(`${guarded.url}/decode`, { payloads: [] }, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post(`${guarded.url}/decode`, { payloads: [] }, { authorization: 'Bearer tok-123' })).status).toBe(
      200,
    );
    const pre = await fetch(`${guarded.url}/decode`, { method: 'OPTIONS', headers: { origin: UI } });
    expect(pre.status).toBe(204);
  });
});

describe('with a real Temporal server', () => {
  let env: TestWorkflowEnvironment;
  let server: RunningCodecServer;
  let address: string;
  let devServer: DevServer | undefined;
  let dataDir: string;

  beforeAll(async () => {
    // the product's own launcher (it waits up to 60 s; the SDK's ephemeral server gives up after 5 s,
    // which a loaded 2-core machine can exceed)
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-codec-'));
    devServer = await startDevServer({ dataDir, binary: TEMPORAL, port: 0, uiPort: 0 });
    address = devServer.address;
    env = await TestWorkflowEnvironment.createFromExistingServer({
      address,
      client: { dataConverter: encryptedDataConverter(codec) },
    });
    server = await startCodecServer({ codec, corsOrigins: [UI], host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await env?.teardown();
    await devServer?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('histories hold ciphertext only; the client and the CLI (through the codec server) read them', async () => {
    const taskQueue = 'codec-test';
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowsPath: require.resolve('./fixtures/codec-workflows'),
      activities: { echo: async (input: { twinId: string }) => ({ twinId: input.twinId, seen: true }) },
      dataConverter: encryptedDataConverter(codec),
    });
    const result = await worker.runUntil(async () => {
      const ok = await env.client.workflow.execute<typeof echoWorkflow>('echoWorkflow', {
        taskQueue,
        workflowId: 'twin_codec_ok',
        args: [{ twinId: 'twin_codec_ok' }],
        memo: { org: 'org_memo_value' },
      });
      const failed = await env.client.workflow
        .execute<typeof failingWorkflow>('failingWorkflow', {
          taskQueue,
          workflowId: 'twin_codec_failed',
          args: [{ twinId: 'twin_codec_failed' }],
        })
        .catch((err: Error & { cause?: Error }) => err.cause?.message);
      return { ok, failed };
    });
    // the client decodes everything, failure messages included
    expect(result.ok).toEqual({ twinId: 'twin_codec_ok', seen: true });
    expect(result.failed).toBe('run of twin_codec_failed failed at stage-b');

    // what the server stores: every payload encrypted, the failure message replaced
    const history = await env.client.workflow.getHandle('twin_codec_ok').fetchHistory();
    const payloads: Payload[] = [];
    for (const e of history.events ?? []) {
      payloads.push(...(e.workflowExecutionStartedEventAttributes?.input?.payloads ?? []));
      payloads.push(...Object.values(e.workflowExecutionStartedEventAttributes?.memo?.fields ?? {}));
      payloads.push(...(e.activityTaskScheduledEventAttributes?.input?.payloads ?? []));
      payloads.push(...(e.activityTaskCompletedEventAttributes?.result?.payloads ?? []));
      payloads.push(...(e.workflowExecutionCompletedEventAttributes?.result?.payloads ?? []));
    }
    expect(payloads.length).toBeGreaterThanOrEqual(5);
    for (const p of payloads) {
      expect(str(p.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);
      expect(Buffer.from(p.data ?? []).includes('twin_codec_ok')).toBe(false);
    }
    const failedHistory = await env.client.workflow.getHandle('twin_codec_failed').fetchHistory();
    const failure = failedHistory.events?.find((e) => e.workflowExecutionFailedEventAttributes)
      ?.workflowExecutionFailedEventAttributes?.failure;
    expect(failure?.message).toBe('Encoded failure');
    expect(JSON.stringify(failure)).not.toContain('stage-b');
    expect(str(failure?.encodedAttributes?.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);

    // the Temporal CLI, an independent client of the codec protocol, decodes through the server
    const show = async (extra: string[]) =>
      (
        await promisify(execFile)(
          TEMPORAL,
          ['workflow', 'show', '--workflow-id', 'twin_codec_ok', '--address', address, '--output', 'json', ...extra],
          { timeout: 60_000 },
        )
      ).stdout;
    // the CLI's JSON output keeps payloads in proto3 JSON: collect the inputs and results it shows
    const shown = (out: string) => {
      const events = (JSON.parse(out) as { events: Record<string, Record<string, unknown>>[] }).events;
      const found: { encoding: string; data: string }[] = [];
      for (const e of events)
        for (const attrs of Object.values(e))
          for (const field of ['input', 'result'])
            for (const p of ((attrs as Record<string, { payloads?: JsonPayload[] }>)?.[field]?.payloads ??
              []) as JsonPayload[])
              found.push({
                encoding: Buffer.from(p.metadata?.encoding ?? '', 'base64').toString(),
                data: Buffer.from(p.data ?? '', 'base64').toString(),
              });
      return found;
    };
    const raw = shown(await show([]));
    expect(raw.length).toBeGreaterThanOrEqual(4);
    expect(raw.every((p) => p.encoding === ENCRYPTED_ENCODING)).toBe(true);
    const decoded = shown(await show(['--codec-endpoint', server.url]));
    expect(decoded.length).toBe(raw.length);
    expect(decoded.every((p) => p.encoding === 'json/plain')).toBe(true);
    expect(decoded.map((p) => JSON.parse(p.data))).toEqual(
      expect.arrayContaining([{ twinId: 'twin_codec_ok' }, { twinId: 'twin_codec_ok', seen: true }]),
    );
  });
});
