/**
 * The error object of the contract: every non-2xx answer is
 * `{ error: { type, code, message, retryable, request_id, action_url? } }`.
 * Handlers throw ApiError; the app's error handler turns anything else
 * (validation, parser, multipart, unexpected faults) into one as well.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, isTransient } from '../db/errors';

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'billing_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error';

/** Every code the public API answers with, by status (the OpenAPI document lists the same). */
export const ERROR_CODES = {
  400: [
    'unknown_api_version',
    'parameter_invalid',
    'parameter_unknown',
    'multipart_required',
    'missing_file',
    'invalid_filename',
    'invalid_key',
    'invalid_confidential',
    'invalid_end_user',
    'invalid_idempotency_key',
  ],
  401: ['api_key_missing', 'api_key_invalid'],
  402: ['out_of_credit'],
  403: ['insufficient_scope'],
  404: ['resource_missing'],
  405: ['method_not_allowed'],
  409: ['idempotency_key_reused', 'idempotency_key_in_use', 'twin_not_completed', 'twin_failed'],
  410: ['content_expired'],
  413: ['file_too_large'],
  429: ['concurrent_runs_exceeded', 'daily_runs_exceeded'],
  500: ['internal_error'],
  503: ['service_unavailable'],
} as const;

export type ErrorStatus = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorStatus][number];

const TYPE_BY_STATUS: Record<ErrorStatus, ErrorType> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'invalid_request_error',
  405: 'invalid_request_error',
  409: 'invalid_request_error',
  410: 'invalid_request_error',
  413: 'invalid_request_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
};

export interface ApiErrorOptions {
  type?: ErrorType;
  retryable?: boolean;
  actionUrl?: string;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
}

export class ApiError extends Error {
  readonly type: ErrorType;
  readonly retryable: boolean;
  readonly actionUrl?: string;
  readonly retryAfter?: number;
  constructor(
    readonly status: ErrorStatus,
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.type = options.type ?? TYPE_BY_STATUS[status];
    this.retryable = options.retryable ?? (status === 429 || status >= 500);
    if (options.actionUrl !== undefined) this.actionUrl = options.actionUrl;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }
}

export interface ErrorBody {
  error: {
    type: ErrorType;
    code: string;
    message: string;
    retryable: boolean;
    request_id: string;
    action_url?: string;
  };
}

export function sendApiError(request: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  const body: ErrorBody = {
    error: {
      type: err.type,
      code: err.code,
      message: err.message,
      retryable: err.retryable,
      request_id: request.id,
    },
  };
  if (err.actionUrl !== undefined) body.error.action_url = err.actionUrl;
  if (err.retryAfter !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
  // Sent as a string: the error bypasses response serializers, so no code can be lost on the way.
  return reply.code(err.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** Maps framework errors (validation, content parsing, multipart limits) to the contract's codes. */
export function toApiError(err: FastifyError): ApiError {
  if (err instanceof ApiError) return err;
  if (err.validation) {
    const first = err.validation[0];
    const at = `${err.validationContext ?? ''}${first?.instancePath ?? ''}`;
    if (at === 'querystring/end_user') {
      return new ApiError(
        400,
        'invalid_end_user',
        '`end_user` must have 1 to 128 characters from letters, digits, `.`, `_`, `:`, `-`.',
      );
    }
    if (at === 'headers/idempotency-key') {
      return new ApiError(
        400,
        'invalid_idempotency_key',
        '`Idempotency-Key` must be 1 to 255 printable ASCII characters.',
      );
    }
    if (at === 'headers/service-version') {
      return new ApiError(400, 'unknown_api_version', 'Unknown Service-Version.');
    }
    const where = err.validationContext ?? 'request';
    const field = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    const missing = first?.keyword === 'required' ? String(first.params?.missingProperty ?? '') : '';
    const name = field || missing;
    return new ApiError(
      400,
      'parameter_invalid',
      `Invalid ${where} parameter${name ? ` \`${name}\`` : ''}: ${first?.message ?? 'not valid'}.`,
    );
  }
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'file_too_large', 'The file is larger than this mode allows.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'multipart_required', 'The body must be multipart/form-data with a `file` part.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return new ApiError(400, 'parameter_invalid', 'The multipart body is malformed or has too many parts.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'file_too_large', 'The request body is too large.');
    default:
      break;
  }
  if (typeof err.message === 'string' && /multipart|boundary|part terminated/i.test(err.message)) {
    return new ApiError(400, 'parameter_invalid', 'The multipart body is malformed.');
  }
  if (err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiError(400, 'parameter_invalid', 'The request is not valid.');
  }
  if (isTransient(err)) {
    return new ApiError(503, 'service_unavailable', 'A dependency of the service is unavailable; retry shortly.', {
      retryAfter: 1,
    });
  }
  return new ApiError(500, 'internal_error', 'An internal error occurred; retry later.', { retryable: true });
}

/** Logs a failed request: the error's class and code only (driver messages quote parameters such as the key). */
export function logFailure(request: FastifyRequest, err: unknown): void {
  request.log.error({ error: describeError(err) }, 'request failed');
}

/** The routes' paths and their methods, for 405 answers to other methods. */
const KNOWN_PATHS: [RegExp, string[]][] = [
  [/^\/v1\/svc\/twins\/?$/, ['GET', 'HEAD', 'POST']],
  [/^\/v1\/svc\/twins\/[^/]+\/?$/, ['GET', 'HEAD']],
  [/^\/v1\/svc\/twins\/[^/]+\/content\/?$/, ['GET', 'HEAD']],
  [/^\/v1\/svc\/webhook_endpoints\/?$/, ['GET', 'HEAD', 'POST']],
  [/^\/v1\/svc\/webhook_endpoints\/[^/]+\/?$/, ['DELETE']],
  [/^\/v1\/svc\/openapi\.json$/, ['GET', 'HEAD']],
  [/^\/healthz$/, ['GET', 'HEAD']],
  [/^\/readyz$/, ['GET', 'HEAD']],
];

/** A 405 (with its Allow header set) when the path is known but the method is not; else null. */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply): ApiError | null {
  const path = (request.raw.url ?? request.url).split('?')[0] ?? '';
  const allowed = KNOWN_PATHS.find(([re]) => re.test(path))?.[1];
  if (!allowed || allowed.includes(request.raw.method ?? request.method)) return null;
  reply.header('Allow', allowed.join(', '));
  return new ApiError(405, 'method_not_allowed', `This method is not allowed here; use ${allowed.join(' or ')}.`);
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A fault while reading the body of a request no route takes (e.g. an unusual method): answer as unrouted.
    const apiErr = request.is404
      ? (methodNotAllowed(request, reply) ?? new ApiError(404, 'resource_missing', 'Unrecognized request URL.'))
      : toApiError(err);
    if (apiErr.status >= 500) logFailure(request, err);
    else request.log.info({ code: apiErr.code, status: apiErr.status }, 'request refused');
    return sendApiError(request, reply, apiErr);
  });
  app.setNotFoundHandler((request, reply) => {
    const notAllowed = methodNotAllowed(request, reply);
    if (notAllowed) return sendApiError(request, reply, notAllowed);
    return sendApiError(request, reply, new ApiError(404, 'resource_missing', 'Unrecognized request URL.'));
  });
}
