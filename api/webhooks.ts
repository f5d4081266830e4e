/**
 * The webhook endpoint routes: create (the URL checked and its host
 * resolved, the `whsec_` secret returned once and stored sealed with the
 * master key), list (newest first, never a secret) and delete (pending
 * deliveries dropped and their workflows told at once). Endpoints belong to
 * the organization and mode of the key that made them, like twins.
 *
 * Also the OpenAPI description of the events the service sends
 * (`webhooks` of the document), with their headers and how to verify them.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { WebhookEndpointRow } from '../db/schema';
import { MAX_ENDPOINTS, createEndpoint, deleteEndpoint, listEndpoints } from '../db/webhooks';
import { MAX_URL_LENGTH, checkUrlSyntax, checkWebhookUrl, describeRefusal, type Resolver } from '../webhooks/address';
import { generateSecret, type SecretBox } from '../webhooks/secrets';
import { authenticate, type AuthContext, type KeyCache } from './auth';
import { ApiError, logFailure, sendApiError, toApiError, type ErrorCode } from './errors';
import { API_VERSION, ServiceVersionHeader, commonErrors, errorResponse, okResponse } from './schemas';

export const EVENT_TYPES = ['svc.twin.completed', 'svc.twin.failed'] as const;

/** Error codes of these routes (400). */
export const WEBHOOK_ERROR_CODES = ['webhook_url_invalid', 'too_many_webhook_endpoints'] as const;
const URL_INVALID = 'webhook_url_invalid' as string as ErrorCode;
const TOO_MANY = 'too_many_webhook_endpoints' as string as ErrorCode;

export interface WebhookRoutesOptions {
  /** Seals endpoint secrets with the server's master key. */
  secrets: SecretBox;
  /** `--webhook-allow-loopback`. */
  allowLoopback: boolean;
  /** Host name resolution (tests stub it); default: the system resolver. */
  resolve?: Resolver;
  /** Tells the deleted endpoint's pending delivery workflows to stop (a Temporal signal). */
  stopDeliveries?(workflowIds: string[]): Promise<void>;
}

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String({ description: 'Endpoint id (`we_…`).', pattern: '^we_' }),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String({ description: 'The https address that receives events.' }),
    created: Type.Integer({ description: 'Unix seconds.' }),
    enabled_events: Type.Array(Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))), {
      description: 'The events sent to this endpoint: `svc.twin.completed` and `svc.twin.failed`.',
    }),
    secret: Type.Optional(
      Type.String({
        pattern: '^whsec_[A-Za-z0-9+/]+={0,2}$',
        description:
          'Only in the answer to creation: `whsec_` followed by the base64 signing key. Never returned again; keep it on your server.',
      }),
    ),
  },
  {
    $id: 'WebhookEndpoint',
    title: 'WebhookEndpoint',
    additionalProperties: false,
    description: 'An https address that receives signed events.',
  },
);

export const WebhookEndpointList = Type.Object(
  {
    object: Type.Literal('list'),
    data: Type.Array(Type.Ref('WebhookEndpoint'), { description: 'The endpoints, newest first, without secrets.' }),
    has_more: Type.Boolean({ description: 'True when another page follows (never: all endpoints fit one page).' }),
    url: Type.String({ description: "The list's path." }),
  },
  { $id: 'WebhookEndpointList', title: 'WebhookEndpointList', additionalProperties: false },
);

export const DeletedWebhookEndpoint = Type.Object(
  {
    id: Type.String({ description: 'Id of the deleted endpoint.' }),
    object: Type.Literal('webhook_endpoint'),
    deleted: Type.Literal(true),
  },
  { $id: 'DeletedWebhookEndpoint', title: 'DeletedWebhookEndpoint', additionalProperties: false },
);

export const Event = Type.Object(
  {
    id: Type.String({
      pattern: '^evt_',
      description: 'Event id; also the `webhook-id` header, the same on every attempt.',
    }),
    object: Type.Literal('event'),
    type: Type.Union(EVENT_TYPES.map((t) => Type.Literal(t))),
    api_version: Type.Literal(API_VERSION),
    created: Type.Integer({ description: 'Unix seconds.' }),
    livemode: Type.Boolean({ description: 'Mode of the twin.' }),
    data: Type.Ref('Twin', { description: 'The twin (with its `end_user`) as it was when it ended.' }),
  },
  { $id: 'Event', title: 'Event', additionalProperties: false, description: 'An event sent to webhook endpoints.' },
);

export const WEBHOOK_SCHEMAS: TSchema[] = [WebhookEndpoint, WebhookEndpointList, DeletedWebhookEndpoint, Event];

/**
 * What the document can say of a webhook url (the rest, the host and its addresses, is checked by
 * webhooks/address.ts): `https://`, in any letter case as URL parsers read it, then a host without a user
 * or password, nothing that URL parsers would rewrite silently (whitespace, controls, backslashes).
 */
export const URL_PATTERN =
  '^[Hh][Tt][Tt][Pp][Ss]://[^\\s\\x00-\\x1f\\x7f\\\\@/?#]+(?:[/?#][^\\s\\x00-\\x1f\\x7f\\\\]*)?$';
/** `https://` and one character of host. */
const URL_MIN_LENGTH = 9;

const CreateBody = Type.Object(
  {
    url: Type.String({
      minLength: URL_MIN_LENGTH,
      maxLength: MAX_URL_LENGTH,
      pattern: URL_PATTERN,
      description:
        `At most ${MAX_URL_LENGTH} characters; scheme https; no user or password; no spaces, control characters or ` +
        'backslashes; the host written plainly and resolving only to public addresses (`webhook_url_invalid` otherwise).',
    }),
  },
  { additionalProperties: false },
);

const EndpointIdParams = Type.Object({
  endpoint_id: Type.String({ maxLength: 255, description: 'The endpoint id (`we_…`).' }),
});

const VERIFY_TEXT =
  'Signed per Standard Webhooks: the signed content is `<webhook-id>.<webhook-timestamp>.<raw body>`; ' +
  '`webhook-signature` holds `v1,<base64 HMAC-SHA256>` entries separated by spaces, keyed with the endpoint secret ' +
  'without `whsec_`, base64-decoded. Compare in constant time; reject a timestamp more than 5 minutes from your clock; ' +
  'deduplicate on `webhook-id`. Answer any 2xx within 10 seconds; anything else (a redirect or time-out included) is ' +
  'a failed attempt, retried after 1 m, 5 m, 30 m, 2 h, 5 h, 10 h and 6 h (8 attempts), then dropped.';

const DeliveryHeaders = {
  'webhook-id': Type.String({ description: "The event's id; identical on every attempt." }),
  'webhook-timestamp': Type.String({ description: 'Unix seconds when this attempt was signed.' }),
  'webhook-signature': Type.String({
    description: '`v1,<base64 signature>`; several entries are separated by spaces.',
  }),
  'user-agent': Type.Literal('webhooks/1'),
};

function eventOperation(type: string, summary: string): Record<string, unknown> {
  return {
    post: {
      operationId: `event_${type.replace(/\./g, '_')}`,
      summary,
      description: VERIFY_TEXT,
      tags: ['webhooks'],
      security: [],
      parameters: Object.entries(DeliveryHeaders).map(([name, schema]) => ({
        name,
        in: 'header',
        required: true,
        schema,
        description: (schema as { description?: string }).description ?? 'Always `webhooks/1`.',
      })),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Event' } } },
      },
      responses: {
        '2XX': { description: 'Received. Any 2xx within 10 seconds counts.' },
        default: { description: 'Any other answer, a redirect or a time-out: a failed attempt, retried later.' },
      },
    },
  };
}

/** The `webhooks` object of the OpenAPI document: the two events the service sends. */
export function webhooksOpenApi(): Record<string, unknown> {
  return {
    'svc.twin.completed': eventOperation('svc.twin.completed', 'A twin reached `completed`; its content is ready.'),
    'svc.twin.failed': eventOperation('svc.twin.failed', 'A twin reached `failed`; `data.error` says why.'),
  };
}

export function endpointObject(row: WebhookEndpointRow, secret?: string): Record<string, unknown> {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    created: Number(row.created),
    enabled_events: [...EVENT_TYPES],
    ...(secret !== undefined ? { secret } : {}),
  };
}

function who(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'api_key_missing', 'No API key given.');
  return request.auth;
}

/** This route's body faults read as this route's errors, not as an upload's. */
function bodyErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (typeof err.code === 'string' && err.code.startsWith('FST_ERR_CTP_')) {
    const tooLarge = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
    return sendApiError(
      request,
      reply,
      new ApiError(
        400,
        'parameter_invalid',
        tooLarge ? 'The body is too large.' : 'The body must be JSON: `{"url": "https://…"}`.',
      ),
    );
  }
  const apiErr = toApiError(err);
  if (apiErr.status >= 500) logFailure(request, err);
  return sendApiError(request, reply, apiErr);
}

export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { db: Database },
  keys: KeyCache,
  options: WebhookRoutesOptions,
): void {
  const { db } = deps;
  const policy = { allowLoopback: options.allowLoopback };
  const auth = async (request: FastifyRequest): Promise<void> => {
    await authenticate(request, keys);
  };
  for (const schema of WEBHOOK_SCHEMAS) app.addSchema(schema);

  const errors = commonErrors();
  const endpointErrors400 = errorResponse(400, ['unknown_api_version', 'parameter_invalid', ...WEBHOOK_ERROR_CODES]);

  app.post(
    '/v1/svc/webhook_endpoints',
    {
      onRequest: auth,
      attachValidation: true,
      errorHandler: bodyErrorHandler,
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Create a webhook endpoint',
        description:
          'Registers an https address for `svc.twin.completed` and `svc.twin.failed` events of this organization and mode. ' +
          `The answer holds the signing \`secret\`, the only time it is given. At most ${MAX_ENDPOINTS} endpoints per ` +
          'organization and mode (`too_many_webhook_endpoints`). To change a secret, create a new endpoint and delete the old one.',
        tags: ['webhooks'],
        headers: ServiceVersionHeader,
        body: CreateBody,
        response: {
          201: okResponse(Type.Ref('WebhookEndpoint'), 'The endpoint, with its `secret`.'),
          ...errors,
          400: endpointErrors400,
        },
      },
    },
    async (request, reply) => {
      const caller = who(request);
      if (request.validationError) {
        const onUrl = (request.validationError.validation ?? []).some(
          (v: { instancePath?: string }) => v.instancePath === '/url',
        );
        if (onUrl) {
          // the syntax check names what is wrong; the schema only says that something is
          const url = (request.body as { url?: unknown } | null)?.url;
          const syntax = typeof url === 'string' ? checkUrlSyntax(url, policy) : null;
          throw new ApiError(
            400,
            URL_INVALID,
            syntax !== null && !syntax.ok
              ? `\`url\` is refused: ${describeRefusal(syntax.reason)}.`
              : `\`url\` is not valid: an https address of at most ${MAX_URL_LENGTH} characters, without a user or password, spaces or backslashes.`,
          );
        }
        throw toApiError(request.validationError as FastifyError);
      }
      const { url } = request.body as { url: string };
      const check = await checkWebhookUrl(url, policy, options.resolve);
      if (!check.ok) {
        request.log.info({ reason: check.reason }, 'webhook url refused');
        throw new ApiError(400, URL_INVALID, `\`url\` is refused: ${check.detail}.`);
      }
      const secret = generateSecret();
      const created = await createEndpoint(db, {
        orgId: caller.orgId,
        livemode: caller.livemode,
        url: check.checked.url.href,
        sealSecret: (id) => options.secrets.seal(secret, id),
      });
      if (!created.ok) {
        if (created.reason === 'limit') {
          throw new ApiError(
            400,
            TOO_MANY,
            `At most ${created.limit} webhook endpoints per organization and mode; delete one first.`,
          );
        }
        throw new ApiError(401, 'api_key_invalid', 'The API key is not valid.');
      }
      request.log.info({ endpoint_id: created.endpoint.id }, 'webhook endpoint created');
      return reply.code(201).send(endpointObject(created.endpoint, secret));
    },
  );

  app.get(
    '/v1/svc/webhook_endpoints',
    {
      onRequest: auth,
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: 'List webhook endpoints',
        description: "The organization's endpoints in the key's mode, newest first, never with secrets.",
        tags: ['webhooks'],
        headers: ServiceVersionHeader,
        response: {
          200: okResponse(Type.Ref('WebhookEndpointList'), 'The endpoints.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = who(request);
      const rows = await listEndpoints(db, caller.orgId, caller.livemode);
      return reply.send({
        object: 'list',
        data: rows.map((r) => endpointObject(r)),
        has_more: false,
        url: '/v1/svc/webhook_endpoints',
      });
    },
  );

  app.delete(
    '/v1/svc/webhook_endpoints/:endpoint_id',
    {
      onRequest: auth,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint',
        description: 'Stops sending to it; its pending deliveries are dropped at once.',
        tags: ['webhooks'],
        headers: ServiceVersionHeader,
        params: EndpointIdParams,
        response: {
          200: okResponse(Type.Ref('DeletedWebhookEndpoint'), 'The endpoint was deleted.'),
          ...errors,
          404: errorResponse(404),
        },
      },
    },
    async (request, reply) => {
      const caller = who(request);
      const { endpoint_id } = request.params as { endpoint_id: string };
      const gone = await deleteEndpoint(db, caller.orgId, caller.livemode, endpoint_id);
      if (!gone) throw new ApiError(404, 'resource_missing', `No such webhook endpoint: \`${endpoint_id}\`.`);
      if (gone.droppedWorkflowIds.length > 0 && options.stopDeliveries) {
        // The deliveries were dropped in the database already; each attempt checks that before sending.
        await options.stopDeliveries(gone.droppedWorkflowIds).catch((err: unknown) => {
          request.log.warn(
            { endpoint_id, err: err instanceof Error ? err.name : typeof err },
            'could not signal the pending deliveries; their next attempt stops them',
          );
        });
      }
      request.log.info({ endpoint_id, dropped: gone.droppedWorkflowIds.length }, 'webhook endpoint deleted');
      return reply.send({ id: gone.endpoint.id, object: 'webhook_endpoint', deleted: true });
    },
  );
}
