/**
 * The OpenAPI document: valid OpenAPI 3.1 by a real validator, complete
 * (every operation, status, error code, the configured sizes), served without
 * a key, and the server's actual answers match it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../api/app';
import { ERROR_CODES } from '../../api/errors';
import type { Resolver } from '../../webhooks/address';
import { SecretBox } from '../../webhooks/secrets';
import { twins } from '../../db/schema';
import { createTwin, makeHarness, TEST_DB, type Harness } from './helpers';

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}
interface Operation {
  operationId: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
  >;
}

const MAX_LIVE = 3 * 1024 * 1024;
const MAX_TEST = 2048;
let h: Harness;
let doc: Doc;

beforeAll(async () => {
  h = await makeHarness(TEST_DB, { maxFileLive: MAX_LIVE, maxFileTest: MAX_TEST });
  const res = await h.app.inject({ method: 'GET', url: '/v1/svc/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});
afterAll(async () => {
  await h.close();
});

test('served without a key, with the version headers, equal to app.swagger()', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/v1/svc/openapi.json' });
  expect(res.headers['service-version']).toBe('2026-10-11');
  expect(res.headers['request-id']).toMatch(/^req_/);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(doc).toEqual(JSON.parse(JSON.stringify(h.app.swagger())));
  expect(doc.openapi).toBe('3.1.0');
});

test('a real OpenAPI validator accepts the document', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-openapi-')), 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  const cli = path.resolve(__dirname, '../../node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
  const out = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual({ valid: true });
  // and refuses a broken one, so the check above can fail
  const broken = { ...doc, paths: { '/x': { get: { responses: 'nope' } } } };
  fs.writeFileSync(file, JSON.stringify(broken));
  let refused: boolean;
  try {
    const res = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
    refused = (JSON.parse(res) as { valid: boolean }).valid === false;
  } catch {
    refused = true;
  }
  expect(refused).toBe(true);
});

test('every operation, status and error code of the contract is documented', () => {
  const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
  expect(ops.map((o) => o.operationId).sort()).toEqual(
    ['createTwin', 'downloadTwinContent', 'getOpenApi', 'health', 'listTwins', 'ready', 'retrieveTwin'].sort(),
  );
  const statuses = (p: string, m: string) => Object.keys(doc.paths[p]![m]!.responses).sort();
  expect(statuses('/v1/svc/twins', 'post')).toEqual(
    expect.arrayContaining(['202', '400', '401', '402', '403', '409', '413', '429', '503']),
  );
  expect(statuses('/v1/svc/twins', 'get')).toEqual(
    expect.arrayContaining(['200', '400', '401', '403', '404', '429', '503']),
  );
  expect(statuses('/v1/svc/twins/{twin_id}', 'get')).toEqual(
    expect.arrayContaining(['200', '400', '401', '403', '404', '429', '503']),
  );
  expect(statuses('/v1/svc/twins/{twin_id}/content', 'get')).toEqual(
    expect.arrayContaining(['200', '400', '401', '403', '404', '409', '410', '429', '503']),
  );
  // every error code the server can answer appears in some response's schema
  const text = JSON.stringify(doc);
  // (405 answers methods no operation declares, so no operation lists it)
  for (const [status, codes] of Object.entries(ERROR_CODES)) {
    if (status !== '405') for (const code of codes) expect(text).toContain(`"${code}"`);
  }
  // the 202 names its headers
  const accepted = doc.paths['/v1/svc/twins']!.post!.responses['202']!;
  expect(Object.keys(accepted.headers ?? {})).toEqual(
    expect.arrayContaining(['Service-Version', 'Request-Id', 'Location', 'Idempotent-Replayed']),
  );
  expect(Object.keys(doc.paths['/v1/svc/twins']!.post!.responses['429']!.headers ?? {})).toContain('Retry-After');
  // no key needed for the document
  expect(doc.paths['/v1/svc/openapi.json']!.get!.security).toEqual([]);
});

test('the document states the upload caps the server enforces', async () => {
  const form = doc.paths['/v1/svc/twins']!.post!.requestBody!.content['multipart/form-data']!.schema;
  expect(Object.keys(form.properties).sort()).toEqual(['confidential', 'end_user', 'file', 'key']);
  const fileDoc = form.properties.file!.description ?? '';
  expect(fileDoc).toContain(`${MAX_LIVE} bytes`);
  expect(fileDoc).toContain(`${MAX_TEST} bytes`);
  const { test: key } = await h.org();
  expect((await createTwin(h.app, key, { content: 'a'.repeat(MAX_TEST) })).statusCode).toBe(202);
  expect((await createTwin(h.app, key, { content: 'a'.repeat(MAX_TEST + 1) })).statusCode).toBe(413);
});

describe('answers match the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  function check(res: LightMyRequestResponse, pathKey: string, method: string): void {
    const op = doc.paths[pathKey]![method]!;
    const documented = op.responses[String(res.statusCode)];
    if (!documented) throw new Error(`${method} ${pathKey}: status ${res.statusCode} is not documented`);
    for (const header of Object.keys(documented.headers ?? {})) {
      if (['Location', 'Idempotent-Replayed', 'Retry-After'].includes(header)) continue;
      expect(res.headers[header.toLowerCase()]).toBeDefined();
    }
    const media = documented.content?.['application/json'];
    if (!media || !String(res.headers['content-type']).startsWith('application/json')) return;
    const validate = ajv.compile({ ...(media.schema as object), components: doc.components });
    const ok = validate(res.json());
    if (!ok) throw new Error(`${method} ${pathKey} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`);
  }

  test('create, list, retrieve, content and their errors', async () => {
    const { test: key, live } = await h.org({ balance: 0, maxConcurrent: 2 });
    const auth = { authorization: `Bearer ${key}` };
    const created = await createTwin(h.app, key, {
      parts: [
        { name: 'file', filename: 'a.json', content: '{}' },
        { name: 'end_user', value: 'c-1' },
      ],
      headers: { 'idempotency-key': 'k1' },
    });
    check(created, '/v1/svc/twins', 'post');
    const id = (created.json() as { id: string }).id;
    check(
      await createTwin(h.app, key, {
        parts: [
          { name: 'file', filename: 'a.json', content: '{}' },
          { name: 'end_user', value: 'c-1' },
        ],
        headers: { 'idempotency-key': 'k1' },
      }),
      '/v1/svc/twins',
      'post',
    );
    check(await createTwin(h.app, key, { headers: { 'idempotency-key': 'k1' } }), '/v1/svc/twins', 'post'); // 409
    check(await createTwin(h.app, key, { filename: 'bad name' }), '/v1/svc/twins', 'post'); // 400
    check(await createTwin(h.app, live), '/v1/svc/twins', 'post'); // 402
    check(await createTwin(h.app, key, { content: 'x'.repeat(MAX_TEST + 5) }), '/v1/svc/twins', 'post'); // 413
    await createTwin(h.app, key);
    check(await createTwin(h.app, key), '/v1/svc/twins', 'post'); // 429
    check(await createTwin(h.app, 'svc_sk_test_nope0000000000'), '/v1/svc/twins', 'post'); // 401

    const inject = (url: string, headers: Record<string, string> = auth) =>
      h.app.inject({ method: 'GET', url, headers });
    check(await inject('/v1/svc/twins?limit=1'), '/v1/svc/twins', 'get');
    check(await inject('/v1/svc/twins?limit=0'), '/v1/svc/twins', 'get');
    check(await inject('/v1/svc/twins?starting_after=twin_x'), '/v1/svc/twins', 'get');
    check(await inject('/v1/svc/twins', { ...auth, 'service-version': '1999-01-01' }), '/v1/svc/twins', 'get');
    check(await inject(`/v1/svc/twins/${id}`), '/v1/svc/twins/{twin_id}', 'get');
    check(await inject('/v1/svc/twins/twin_none'), '/v1/svc/twins/{twin_id}', 'get');
    check(await inject(`/v1/svc/twins/${id}/content`), '/v1/svc/twins/{twin_id}/content', 'get'); // 409
    await h.handle.db
      .update(twins)
      .set({
        status: 'failed',
        completed: 1,
        error: { type: 'run_error', code: 'unsupported_content', message: 'x', retryable: false },
      })
      .where(eq(twins.id, id));
    check(await inject(`/v1/svc/twins/${id}`), '/v1/svc/twins/{twin_id}', 'get');
    check(await inject(`/v1/svc/twins/${id}/content`), '/v1/svc/twins/{twin_id}/content', 'get');
    await h.handle.db
      .update(twins)
      .set({ status: 'completed', error: null, contentExpired: true })
      .where(eq(twins.id, id));
    check(await inject(`/v1/svc/twins/${id}/content`), '/v1/svc/twins/{twin_id}/content', 'get'); // 410
    check(await inject('/healthz', {}), '/healthz', 'get');
    check(await inject('/readyz', {}), '/readyz', 'get');
  });

  test('the check itself fails on an answer outside the document', async () => {
    const { test: key } = await h.org();
    const res = await h.app.inject({
      method: 'GET',
      url: '/v1/svc/twins',
      headers: { authorization: `Bearer ${key}` },
    });
    const tampered = { ...res, statusCode: 418 } as LightMyRequestResponse;
    expect(() => check(tampered, '/v1/svc/twins', 'get')).toThrow(/not documented/);
  });
});

describe('the document and the validation agree', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  test('webhook `url`: what the schema refuses the server refuses with webhook_url_invalid, and the reverse', async () => {
    // every host resolves to a public address: only what the document can say decides
    const resolve: Resolver = async () => [{ address: '93.184.215.14', family: 4 }];
    const app = await buildApp({
      db: h.handle.db,
      blobs: h.blobs,
      config: h.config,
      startTwin: async () => undefined,
      webhooks: {
        secrets: new SecretBox(randomBytes(32)),
        allowLoopback: false,
        resolve,
        stopDeliveries: async () => undefined,
      },
    });
    try {
      const served = (await app.inject({ method: 'GET', url: '/v1/svc/openapi.json' })).json() as Doc;
      const op = served.paths['/v1/svc/webhook_endpoints']!.post!;
      const body = (op.requestBody!.content['application/json']!.schema as { properties: { url: object } }).properties
        .url;
      const validate = ajv.compile(body);
      const { test: key } = await h.org();
      const cases = [
        '',
        'https://',
        'http://hooks.example.com/in',
        'ftp://hooks.example.com',
        'https://user:pw@hooks.example.com/in',
        'https://hooks.example.com/a b',
        ' https://hooks.example.com/in',
        'https://hooks.example.com\\in',
        'https://hooks.example.com/in',
        'HTTPS://hooks.example.com:8443/in?x=1#y',
        `https://hooks.example.com/${'a'.repeat(2100)}`,
      ];
      for (const url of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/v1/svc/webhook_endpoints',
          headers: { authorization: `Bearer ${key}` },
          payload: { url },
        });
        const valid = validate(url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: valid ? 201 : 400 });
        if (!valid) expect((res.json() as { error: { code: string } }).error.code).toBe('webhook_url_invalid');
      }
    } finally {
      await app.close();
    }
  });

  test('file names of only dots are refused with invalid_filename, as the documented pattern says', async () => {
    const form = doc.paths['/v1/svc/twins']!.post!.requestBody!.content['multipart/form-data']!.schema;
    const pattern = /must match `([^`]+)`/.exec(form.properties.file!.description ?? '')![1]!;
    const re = new RegExp(pattern);
    const { test: key } = await h.org({ maxConcurrent: 10 });
    for (const filename of ['.', '..', '...', '.trace', 'a..json', 'trace.jsonl']) {
      const res = await createTwin(h.app, key, { filename });
      expect({ filename, status: res.statusCode }).toEqual({ filename, status: re.test(filename) ? 202 : 400 });
      if (res.statusCode === 400)
        expect((res.json() as { error: { code: string } }).error.code).toBe('invalid_filename');
    }
    expect(re.test('.')).toBe(false);
    expect(re.test('..')).toBe(false);
  });
});
