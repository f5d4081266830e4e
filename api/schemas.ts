/**
 * TypeBox schemas of the public API. The routes validate and serialize with
 * these, and @fastify/swagger writes the OpenAPI document from the very same
 * objects, so the document cannot drift from what the server does.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorStatus } from './errors';

export const API_VERSION = '2026-10-11';

/** Rules of the contract's "Create a twin" form fields. */
/** 1 to 255 letters, digits, `.`, `-`, `_`, not only dots (`.` and `..` name no file: a download would be saved as them). */
export const FILENAME_PATTERN = '^(?!\\.+$)[A-Za-z0-9._-]{1,255}$';
export const KEY_PATTERN = '^[0-9A-Fa-f]{64}$';
export const END_USER_PATTERN = '^[A-Za-z0-9._:-]{1,128}$';
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x20-\\x7E]{1,255}$';
export const CONFIDENTIAL_MAX_ENTRIES = 50;
export const CONFIDENTIAL_MAX_CHARS = 200;

export const TwinError = Type.Object(
  {
    type: Type.Union([Type.Literal('run_error'), Type.Literal('api_error')], {
      description: 'Family of the error.',
    }),
    code: Type.String({ description: 'Stable code to switch on, e.g. `unsupported_content`, `internal_error`.' }),
    message: Type.String({ description: 'A sentence for a person.' }),
    retryable: Type.Boolean({ description: 'Whether uploading the same trace again may succeed.' }),
  },
  { $id: 'TwinError', title: 'TwinError', additionalProperties: false, description: 'Why a twin failed.' },
);

export const Twin = Type.Object(
  {
    id: Type.String({ description: '`twin_` followed by the twin id.', pattern: '^twin_' }),
    object: Type.Literal('svc.twin'),
    status: Type.Union(
      [Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')],
      { description: 'Where the twin stands.' },
    ),
    created: Type.Integer({ description: 'Unix seconds.' }),
    completed: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Unix seconds when the twin ended (completed or failed); null before.',
    }),
    filename: Type.String({ description: 'Name of the uploaded file.' }),
    error: Type.Union([Type.Ref('TwinError'), Type.Null()], { description: 'The error when failed; null otherwise.' }),
    livemode: Type.Boolean({ description: 'False for a test-mode twin.' }),
    end_user: Type.Union([Type.String(), Type.Null()], {
      description: 'The `end_user` given at creation; null when none was given.',
    }),
  },
  { $id: 'Twin', title: 'Twin', additionalProperties: false, description: 'A synthetic twin of one trace file.' },
);

export const TwinList = Type.Object(
  {
    object: Type.Literal('list'),
    data: Type.Array(Type.Ref('Twin'), { description: 'One page, newest first.' }),
    has_more: Type.Boolean({ description: 'True when another page follows.' }),
    url: Type.String({ description: "The list's path." }),
  },
  { $id: 'TwinList', title: 'TwinList', additionalProperties: false },
);

export const ErrorDetail = Type.Object(
  {
    type: Type.String({ description: 'Family of the error.' }),
    code: Type.String({ description: 'Stable code.' }),
    message: Type.String({ description: 'A sentence for a person.' }),
    retryable: Type.Boolean({ description: 'Whether repeating the request may succeed.' }),
    request_id: Type.String({ description: 'The same id as the `Request-Id` response header.' }),
    action_url: Type.Optional(
      Type.String({ description: 'Only on `out_of_credit`: the page where the organization adds credit.' }),
    ),
  },
  { additionalProperties: false },
);

/** The shared schemas, registered with `app.addSchema` (OpenAPI components). */
export const SHARED_SCHEMAS: TSchema[] = [TwinError, Twin, TwinList];

const commonHeaders = {
  'Service-Version': Type.String({ description: `Always \`${API_VERSION}\`.` }),
  'Request-Id': Type.String({ description: 'Identifies this request; quote it when asking for help.' }),
};

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid.',
  401: 'No working API key.',
  402: "The organization's balance is used up; nothing was started.",
  403: 'The key lacks access to twins.',
  404: 'No such object, or it belongs to another organization or mode.',
  405: 'The method is not allowed on this path.',
  409: 'Conflict.',
  410: 'The content is past its retention and was deleted.',
  413: 'The file is too large.',
  429: 'A run limit was exceeded; retry after `Retry-After` seconds.',
  500: 'An internal error.',
  503: 'Try again shortly.',
};

/** The response schema of an error status, its `code` limited to the codes this operation can answer. */
export function errorResponse(status: ErrorStatus, codes?: readonly string[], extra?: string): TSchema {
  const list = codes ?? ERROR_CODES[status];
  const headers: Record<string, TSchema> = { ...commonHeaders };
  if (status === 429 || status === 409 || status === 503) {
    headers['Retry-After'] = Type.String({ description: 'Seconds to wait before retrying (where given).' });
  }
  return Type.Object(
    {
      error: Type.Object(
        {
          ...ErrorDetail.properties,
          code: Type.Union(
            list.map((c) => Type.Literal(c)),
            { description: 'Stable code.' },
          ),
        },
        { additionalProperties: false },
      ),
    },
    {
      description: `${ERROR_DESCRIPTIONS[status]}${extra ? ` ${extra}` : ''} Codes: ${list.map((c) => `\`${c}\``).join(', ')}.`,
      headers,
      additionalProperties: false,
    },
  );
}

/** Error responses every authenticated operation may give. */
export function commonErrors(): Record<number, TSchema> {
  return {
    400: errorResponse(400, ['unknown_api_version', 'parameter_invalid']),
    401: errorResponse(401),
    403: errorResponse(403),
    429: errorResponse(429),
    500: errorResponse(500),
    503: errorResponse(503),
  };
}

export function okResponse(schema: TSchema, description: string, headers: Record<string, TSchema> = {}): TSchema {
  return { ...schema, description, headers: { ...commonHeaders, ...headers } } as TSchema;
}

export const ServiceVersionHeader = Type.Object({
  'service-version': Type.Optional(
    Type.Literal(API_VERSION, {
      description: `Pins the API version; the only accepted value is \`${API_VERSION}\`. Without it the current version applies.`,
    }),
  ),
});

export const TwinIdParams = Type.Object({
  twin_id: Type.String({ description: 'The twin id (`twin_…`).', maxLength: 255 }),
});

export const ListTwinsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size, 1 to 100.' })),
  starting_after: Type.Optional(
    Type.String({ maxLength: 255, description: "A twin id; returns the page after it (pass the last twin's id)." }),
  ),
  end_user: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9._:-]{0,128}$',
      description: 'Only twins created with this `end_user`; all twins when empty (`invalid_end_user`).',
    }),
  ),
});

/** The multipart form of `POST /v1/svc/twins` (documented through the swagger transform; parsed part by part). */
export function createTwinForm(maxFileLive: number, maxFileTest: number): TSchema {
  return Type.Object(
    {
      file: Type.String({
        format: 'binary',
        contentMediaType: 'application/octet-stream',
        description:
          `The trace: JSON, JSON Lines or text. At most ${maxFileLive} bytes (${formatBytes(maxFileLive)}) live, ` +
          `${maxFileTest} bytes (${formatBytes(maxFileTest)}) in test mode; larger answers 413 \`file_too_large\`. ` +
          `Its file name must match \`${FILENAME_PATTERN}\` (\`invalid_filename\`).`,
      }),
      key: Type.Optional(
        Type.String({
          // empty = omitted
          pattern: '^([0-9A-Fa-f]{64})?$',
          description:
            '64 hex characters keying the synthetic values (`invalid_key` otherwise). When omitted, each trace gets a fresh key. Not stored.',
        }),
      ),
      confidential: Type.Optional(
        Type.Array(
          Type.String({ minLength: 1, maxLength: CONFIDENTIAL_MAX_CHARS, pattern: '^[^\\x00-\\x1f\\x7f]*$' }),
          {
            maxItems: CONFIDENTIAL_MAX_ENTRIES,
            description: `An organisation to treat as confidential; repeat the field once per organisation. At most ${CONFIDENTIAL_MAX_ENTRIES} entries of at most ${CONFIDENTIAL_MAX_CHARS} characters (\`invalid_confidential\`).`,
          },
        ),
      ),
      end_user: Type.Optional(
        Type.String({
          // empty = omitted (the twin's end_user is then null)
          pattern: '^[A-Za-z0-9._:-]{0,128}$',
          description:
            "Caller's id for the customer owning the trace: 1 to 128 of letters, digits, `.`, `_`, `:`, `-` (`invalid_end_user`). Empty means none: the twin's `end_user` is null.",
        }),
      ),
    },
    { required: ['file'], additionalProperties: false },
  );
}

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        'Makes the create safe to retry: 1 to 255 printable ASCII characters, remembered per organization and mode (`invalid_idempotency_key`).',
    }),
  ),
  'service-version': ServiceVersionHeader.properties['service-version'],
});

export function formatBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
