/**
 * The admin API: a separate Fastify instance that `serve` binds to its own
 * loopback address, guarded by a bearer admin token. Creates organizations,
 * adds credit, creates and revokes API keys.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import { describeError } from '../db/errors';
import type { Database } from '../db/client';
import { createApiKey, createOrganization, creditOrganization, getOrganization, revokeApiKey } from '../db/repo';
import type { Organization } from '../db/schema';
import { LOG_REDACT, LOG_SERIALIZERS, newRequestId } from './app';
import type { KeyCache } from './auth';

export interface AdminDeps {
  db: Database;
  /** The bearer token admin requests must carry. */
  adminToken: string;
  logger?: Logger | boolean;
  /** The public API's key cache: a revocation here takes effect there at once. */
  keyCache?: KeyCache;
}

function orgObject(org: Organization) {
  return {
    id: org.id,
    object: 'organization',
    name: org.name,
    balance: org.balance,
    max_concurrent: org.maxConcurrent,
    max_daily_live: org.maxDailyLive,
    max_daily_test: org.maxDailyTest,
  };
}

const Count = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

export async function buildAdminApp(deps: AdminDeps): Promise<FastifyInstance> {
  const logger: Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> =
    deps.logger === true
      ? { logger: { level: 'info', redact: LOG_REDACT, serializers: LOG_SERIALIZERS } }
      : deps.logger
        ? { loggerInstance: deps.logger as unknown as FastifyServerOptions['loggerInstance'] }
        : { logger: false };
  const app = Fastify({ ...logger, genReqId: newRequestId, requestIdHeader: false }) as unknown as FastifyInstance;
  const expected = digest(deps.adminToken);

  const fail = (status: number, code: string, message: string, requestId: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', code, message, retryable: false, request_id: requestId } },
  });

  app.setErrorHandler((err: { validation?: unknown; message: string; statusCode?: number }, request, reply) => {
    const f = err.validation
      ? fail(400, 'parameter_invalid', err.message, request.id)
      : (err.statusCode ?? 500) < 500
        ? fail(err.statusCode ?? 400, 'invalid_request', err.message, request.id)
        : fail(500, 'internal_error', 'An internal error occurred.', request.id);
    if (f.status >= 500) request.log.error({ error: describeError(err) }, 'admin request failed');
    return reply.code(f.status).send(f.body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(fail(404, 'resource_missing', 'Unrecognized request URL.', request.id).body),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Request-Id', request.id);
    const header = request.headers.authorization ?? '';
    const m = /^Bearer[ \t]+(\S+)$/i.exec(header);
    if (!m?.[1] || !timingSafeEqual(digest(m[1]), expected)) {
      const f = fail(401, 'admin_token_invalid', 'A valid admin token is required.', request.id);
      return reply.code(f.status).send(f.body);
    }
    return undefined;
  });

  app.post(
    '/admin/organizations',
    {
      schema: {
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 200 }),
            balance: Type.Optional(Count),
            max_concurrent: Type.Optional(Count),
            max_daily_live: Type.Optional(Count),
            max_daily_test: Type.Optional(Count),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const b = request.body as {
        name: string;
        balance?: number;
        max_concurrent?: number;
        max_daily_live?: number;
        max_daily_test?: number;
      };
      const org = await createOrganization(deps.db, {
        name: b.name,
        ...(b.balance !== undefined ? { balance: b.balance } : {}),
        ...(b.max_concurrent !== undefined ? { maxConcurrent: b.max_concurrent } : {}),
        ...(b.max_daily_live !== undefined ? { maxDailyLive: b.max_daily_live } : {}),
        ...(b.max_daily_test !== undefined ? { maxDailyTest: b.max_daily_test } : {}),
      });
      return reply.code(201).send(orgObject(org));
    },
  );

  app.get('/admin/organizations/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const org = await getOrganization(deps.db, id);
    if (!org) return reply.code(404).send(fail(404, 'resource_missing', 'No such organization.', request.id).body);
    return reply.send(orgObject(org));
  });

  app.post(
    '/admin/organizations/:id/credit',
    { schema: { body: Type.Object({ add: Count }, { additionalProperties: false }) } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { add } = request.body as { add: number };
      const org = await creditOrganization(deps.db, id, add);
      if (!org) return reply.code(404).send(fail(404, 'resource_missing', 'No such organization.', request.id).body);
      return reply.send(orgObject(org));
    },
  );

  app.post(
    '/admin/keys',
    {
      schema: {
        body: Type.Object(
          {
            org: Type.String({ minLength: 1, maxLength: 255 }),
            mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
            twins_scope: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const b = request.body as { org: string; mode: 'live' | 'test'; twins_scope?: boolean };
      if (!(await getOrganization(deps.db, b.org))) {
        return reply.code(404).send(fail(404, 'resource_missing', 'No such organization.', request.id).body);
      }
      const { key, secret } = await createApiKey(deps.db, {
        orgId: b.org,
        mode: b.mode,
        twinsScope: b.twins_scope ?? true,
      });
      return reply
        .code(201)
        .send({ id: key.id, object: 'api_key', secret, mode: key.mode, org: key.orgId, twins_scope: key.twinsScope });
    },
  );

  app.post('/admin/keys/:id/revoke', async (request, reply) => {
    const { id } = request.params as { id: string };
    const key = await revokeApiKey(deps.db, id);
    if (!key) return reply.code(404).send(fail(404, 'resource_missing', 'No such key.', request.id).body);
    deps.keyCache?.forgetKeyId(id);
    return reply.send({ id: key.id, object: 'api_key', revoked: true, mode: key.mode, org: key.orgId });
  });

  return app;
}
