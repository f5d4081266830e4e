/**
 * The public HTTP API: `buildApp(deps)` returns a Fastify instance with every
 * route registered and no listener, so tests drive it with `inject` and
 * `serve` listens on it.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { describeError } from '../db/errors';
import { randomBase62 } from '../db/ids';
import type { TwinRow } from '../db/schema';
import type { BlobStore } from '../storage';
import { KeyCache } from './auth';
import { ServiceLogController } from './downloads';
import type { ApiConfig } from './config';
import { ApiError, installErrorHandlers, methodNotAllowed, sendApiError } from './errors';
import { API_VERSION, SHARED_SCHEMAS, createTwinForm, errorResponse } from './schemas';
import { registerReviewPage } from '../review/page';
import { registerTwinRoutes } from './twins';
import { registerWebhookRoutes, webhooksOpenApi, type WebhookRoutesOptions } from './webhooks';

export interface AppDeps {
  db: Database;
  blobs: BlobStore;
  config: ApiConfig;
  /** Starts the twin's run (a Temporal workflow); a throw makes the create answer 503 and takes the twin back. */
  startTwin(twin: TwinRow): Promise<void>;
  /** Readiness of the run side (Temporal); resolves when reachable. */
  temporalReady?(): Promise<void>;
  /** A pino logger, `true` for the default one, or false/absent for none. */
  logger?: Logger | boolean;
  /** A key cache to share with the admin API (revocation takes effect at once in this process). */
  keyCache?: KeyCache;
  /** Webhook endpoint routes (and the events in the document) when given. */
  webhooks?: WebhookRoutesOptions;
  /** `GET /` answers the review page (review/page.ts); serve's `--no-review-page` turns it off. */
  reviewPage?: boolean;
}

/** Log options: request ids, and never the Authorization header or bodies. */
export const LOG_REDACT = {
  paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  censor: '[redacted]',
};

/** A request's path without its query string: query values (an `end_user`, a cursor) stay out of the logs. */
export function pathOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const at = url.search(/[?#]/);
  return at === -1 ? url : url.slice(0, at);
}

/**
 * Serializers of the access log: the request's method and path (never its
 * query string, headers or body) and the answer's status.
 */
export const LOG_SERIALIZERS = {
  req: (req: { method?: string; url?: string; ip?: string }) => ({
    method: req.method,
    path: pathOf(req.url),
    remoteAddress: req.ip,
  }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
};

function loggerOptions(logger: AppDeps['logger']): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (logger === true) return { logger: { level: 'info', redact: LOG_REDACT, serializers: LOG_SERIALIZERS } };
  if (!logger) return { logger: false };
  return { loggerInstance: logger as unknown as FastifyServerOptions['loggerInstance'] };
}

export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    ...loggerOptions(deps.logger),
    genReqId: newRequestId,
    requestIdHeader: false,
    logController: new ServiceLogController(),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 1024 },
    // Router-level faults (a path parameter over maxParamLength, a malformed URL) get the error object too.
    frameworkErrors: (err, request, reply) => {
      reply.header('Service-Version', API_VERSION);
      reply.header('Request-Id', request.id);
      const notAllowed = methodNotAllowed(request, reply);
      void sendApiError(
        request,
        reply,
        notAllowed ?? new ApiError(400, 'parameter_invalid', `The request URL is not valid (${err.code}).`),
      );
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, useDefaults: true, allErrors: false } },
  }) as unknown as FastifyInstance;

  installErrorHandlers(app);

  // Every answer carries the version and the request id; a pinned unknown version is refused.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Service-Version', API_VERSION);
    reply.header('Request-Id', request.id);
    const pinned = request.headers['service-version'];
    if (pinned !== undefined && pinned !== API_VERSION) {
      return sendApiError(
        request,
        reply,
        new ApiError(400, 'unknown_api_version', `Unknown Service-Version; the only version is ${API_VERSION}.`),
      );
    }
    return undefined;
  });

  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'tracetwin twin service',
        version: API_VERSION,
        description:
          'Synthetic twins of AI-agent traces. Every request except this document carries `Authorization: Bearer svc_sk_…` ' +
          '(live) or `svc_sk_test_…` (test). Every answer carries `Service-Version` and `Request-Id`; every error is ' +
          '`{"error": {type, code, message, retryable, request_id}}`.',
      },
      servers: [{ url: config.publicUrl }],
      tags: [
        { name: 'twins', description: 'Twins of trace files' },
        { name: 'webhooks', description: 'Webhook endpoints and the events sent to them' },
        { name: 'service' },
      ],
      ...(deps.webhooks ? { webhooks: webhooksOpenApi() } : {}),
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A secret API key.' } },
      },
      security: [{ bearerAuth: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transform: ({ schema, url, route }) => {
      // The create form is read part by part (streamed), so it is documented here rather than validated as a body.
      if (url === '/v1/svc/twins' && route.method === 'POST') {
        const body = {
          content: { 'multipart/form-data': { schema: createTwinForm(config.maxFileLive, config.maxFileTest) } },
        };
        return { schema: { ...schema, body } as typeof schema, url };
      }
      return { schema, url };
    },
  });

  await app.register(multipart, {
    limits: { fileSize: Math.max(config.maxFileLive, config.maxFileTest), files: 1 },
    throwFileSizeLimit: true,
  });

  const keys = deps.keyCache ?? new KeyCache(deps.db, config.keyCacheTtlMs);
  registerTwinRoutes(app, deps, keys);
  if (deps.webhooks) registerWebhookRoutes(app, deps, keys, deps.webhooks);
  if (deps.reviewPage) registerReviewPage(app);

  app.get(
    '/v1/svc/openapi.json',
    {
      schema: {
        operationId: 'getOpenApi',
        summary: 'This OpenAPI document',
        tags: ['service'],
        security: [],
        response: {
          200: {
            description: 'The OpenAPI 3.1 document of this service.',
            type: 'object',
            additionalProperties: true,
            headers: { 'Service-Version': Type.String(), 'Request-Id': Type.String() },
          },
          400: errorResponse(400, ['unknown_api_version']),
        },
      },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(JSON.stringify(app.swagger())),
  );

  const Health = Type.Object(
    {
      status: Type.String(),
      checks: Type.Optional(Type.Record(Type.String(), Type.String())),
    },
    { additionalProperties: false },
  );
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'health',
        summary: 'The process is up',
        tags: ['service'],
        security: [],
        response: { 200: { ...Health, description: 'Up.' } },
      },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'ready',
        summary: 'Database, storage and Temporal are reachable',
        tags: ['service'],
        security: [],
        response: {
          200: { ...Health, description: 'Ready.' },
          503: { ...Health, description: 'Not ready; `checks` says which part fails.' },
        },
      },
    },
    async (request, reply) => {
      const checks: Record<string, string> = {};
      const probe = async (name: string, fn: () => Promise<unknown>): Promise<void> => {
        try {
          await withTimeout(fn(), 3000);
          checks[name] = 'ok';
        } catch (err) {
          request.log.warn({ check: name, error: describeError(err) }, 'not ready');
          checks[name] = 'unreachable';
        }
      };
      await Promise.all([
        probe('database', () => deps.db.execute(sql`select 1`)),
        probe('storage', () => deps.blobs.ping()),
        probe('temporal', () => (deps.temporalReady ? deps.temporalReady() : Promise.resolve())),
      ]);
      const ok = Object.values(checks).every((v) => v === 'ok');
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'unready', checks });
    },
  );

  return app;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
