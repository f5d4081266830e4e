/**
 * The twin endpoints: create (multipart, streamed to the blob store),
 * list, retrieve and content download.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError, isTransient, withDeadline } from '../db/errors';
import { newId } from '../db/ids';
import {
  acceptTwin,
  claimIdempotencyKey,
  confirmTwin,
  getTwin,
  listTwins,
  nowSeconds,
  releaseIdempotencyKey,
  undoAcceptedTwin,
  type IdempotencyScope,
} from '../db/repo';
import type { TwinRow } from '../db/schema';
import { BlobNotFoundError } from '../storage';
import { authenticate, type AuthContext } from './auth';
import type { AppDeps } from './app';
import { trackDownload } from './downloads';
import { ANSWER_DEADLINE_MS } from './config';
import { ApiError } from './errors';
import { contentTypeFor, replayedTwinObject, twinObject } from './objects';
import {
  CONFIDENTIAL_MAX_CHARS,
  CONFIDENTIAL_MAX_ENTRIES,
  END_USER_PATTERN,
  FILENAME_PATTERN,
  IdempotencyHeaders,
  IDEMPOTENCY_KEY_PATTERN,
  KEY_PATTERN,
  ListTwinsQuery,
  ServiceVersionHeader,
  TwinIdParams,
  commonErrors,
  errorResponse,
  formatBytes,
  okResponse,
} from './schemas';
import type { KeyCache } from './auth';
import { Type } from '@sinclair/typebox';

const FILENAME_RE = new RegExp(FILENAME_PATTERN);
const KEY_RE = new RegExp(KEY_PATTERN);
const END_USER_RE = new RegExp(END_USER_PATTERN);
const IDEMPOTENCY_KEY_RE = new RegExp(IDEMPOTENCY_KEY_PATTERN);
/** C0 controls and DEL: an organisation name never holds them (and NUL cannot be stored). */
const CONTROL_RE = /[\x00-\x1f\x7f]/;

/** Seconds a caller whose Idempotency-Key is in use is asked to wait. */
const IN_USE_RETRY_AFTER = 2;
/** Pause between attempts to mark a twin answered. */
const CONFIRM_RETRY_MS = 100;

interface CreateForm {
  filename: string;
  fileBytes: number;
  fileSha256: string;
  key: string | null;
  confidential: string[];
  endUser: string | null;
}

/** Counts and hashes bytes, keeping none of them. */
class HashSink extends Writable {
  bytes = 0;
  readonly hash = createHash('sha256');
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done();
  }
}

function idOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new ApiError(401, 'api_key_missing', 'No API key given.');
  return request.auth;
}

export function registerTwinRoutes(app: FastifyInstance, deps: AppDeps, keys: KeyCache): void {
  const { db, blobs, config } = deps;
  const auth = async (request: FastifyRequest): Promise<void> => {
    await authenticate(request, keys);
  };

  /**
   * Reads the multipart form part by part. The file streams into the blob
   * store under `uploadKey` (or, with `uploadKey` null, only through a hash),
   * capped at `cap` bytes. Every part is consumed before the first problem is
   * reported, so the connection stays usable.
   */
  async function readForm(request: FastifyRequest, cap: number, uploadKey: string | null): Promise<CreateForm> {
    let problem: ApiError | null = null;
    const fail = (err: ApiError): void => {
      problem ??= err;
    };
    let file: { filename: string; bytes: number; sha256: string } | null = null;
    let key: string | null = null;
    let keySeen = false;
    let endUser: string | null = null;
    let endUserSeen = false;
    const confidential: string[] = [];

    const parts = request.parts({
      // preservePath: the name is validated as sent, not cut down to its last path segment
      preservePath: true,
      limits: { fileSize: cap, files: 1, fields: 120, parts: 121, fieldSize: 1024, fieldNameSize: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const filePart = part as MultipartFile;
        if (filePart.fieldname !== 'file') {
          fail(new ApiError(400, 'parameter_unknown', `Unknown form field \`${filePart.fieldname}\`.`));
        }
        const name = filePart.filename ?? '';
        if (!FILENAME_RE.test(name)) {
          fail(
            new ApiError(
              400,
              'invalid_filename',
              'The file name may use only letters, digits, `.`, `-` and `_` (1 to 255 characters), and not only dots.',
            ),
          );
        }
        if (problem || uploadKey === null) {
          const sink = new HashSink();
          await pipeline(filePart.file, sink);
          if (!problem) file = { filename: name, bytes: sink.bytes, sha256: sink.hash.digest('hex') };
        } else {
          const put = await blobs.put(uploadKey, filePart.file);
          file = { filename: name, bytes: put.bytes, sha256: put.sha256 };
        }
        if (filePart.file.truncated) {
          throw new ApiError(
            413,
            'file_too_large',
            `The file is larger than ${formatBytes(cap)}, the most this mode accepts.`,
          );
        }
        continue;
      }
      const field = part as MultipartValue<unknown>;
      const value = typeof field.value === 'string' ? field.value : String(field.value);
      const truncated = field.valueTruncated || field.fieldnameTruncated;
      switch (field.fieldname) {
        case 'file':
          fail(new ApiError(400, 'missing_file', 'The `file` field must be a file part with a file name.'));
          break;
        case 'key':
          if (keySeen) fail(new ApiError(400, 'invalid_key', '`key` may be given once.'));
          keySeen = true;
          if (value === '') break;
          if (truncated || !KEY_RE.test(value)) {
            fail(new ApiError(400, 'invalid_key', '`key` must be 64 hex characters.'));
          } else key = value.toLowerCase();
          break;
        case 'confidential':
          if (truncated || value.length < 1 || value.length > CONFIDENTIAL_MAX_CHARS || CONTROL_RE.test(value)) {
            fail(
              new ApiError(
                400,
                'invalid_confidential',
                `Each \`confidential\` entry must have 1 to ${CONFIDENTIAL_MAX_CHARS} characters, without control characters.`,
              ),
            );
          } else if (confidential.length >= CONFIDENTIAL_MAX_ENTRIES) {
            fail(
              new ApiError(
                400,
                'invalid_confidential',
                `At most ${CONFIDENTIAL_MAX_ENTRIES} \`confidential\` entries are accepted.`,
              ),
            );
          } else confidential.push(value);
          break;
        case 'end_user':
          if (endUserSeen) fail(new ApiError(400, 'invalid_end_user', '`end_user` may be given once.'));
          endUserSeen = true;
          if (value === '') break;
          if (truncated || !END_USER_RE.test(value)) {
            fail(
              new ApiError(
                400,
                'invalid_end_user',
                '`end_user` must have 1 to 128 characters from letters, digits, `.`, `_`, `:`, `-`.',
              ),
            );
          } else endUser = value;
          break;
        default:
          fail(new ApiError(400, 'parameter_unknown', `Unknown form field \`${field.fieldname.slice(0, 100)}\`.`));
      }
    }
    if (problem) throw problem;
    if (!file) throw new ApiError(400, 'missing_file', 'The form has no `file` part.');
    const f = file as { filename: string; bytes: number; sha256: string };
    return { filename: f.filename, fileBytes: f.bytes, fileSha256: f.sha256, key, confidential, endUser };
  }

  /** "Same request" = same file name, file bytes, `key` and `confidential` list, compared by hashes. */
  function requestHash(form: CreateForm): string {
    const keyed = createHmac('sha256', config.hmacSecret)
      .update(form.key ?? '', 'utf8')
      .digest('hex');
    return createHash('sha256')
      .update(JSON.stringify([form.filename, form.fileSha256, keyed, form.confidential]), 'utf8')
      .digest('hex');
  }

  function location(id: string): string {
    return `/v1/svc/twins/${id}`;
  }

  /**
   * Marks the accepted twin answered (the create answers 202 only once this is known committed), trying again until
   * `ms` has passed. The row, undefined when the twin was taken back first, or 'unknown' when no attempt answered
   * (one of them may have landed).
   */
  async function confirm(twinId: string, ms: number): Promise<TwinRow | undefined | 'unknown'> {
    const until = Date.now() + ms;
    for (;;) {
      try {
        return await withDeadline(confirmTwin(db, twinId), Math.max(1, until - Date.now()), 'answering the twin');
      } catch {
        if (Date.now() + CONFIRM_RETRY_MS >= until) return 'unknown';
        await new Promise((r) => setTimeout(r, CONFIRM_RETRY_MS));
      }
    }
  }

  /**
   * Whether the twin was marked answered is unknown: neither 202 nor an error would be sure to tell the truth, so
   * the connection is closed without an answer, as if the process had died here. The row decides: answered, it
   * runs; else a reconciler takes it back. A retry with the same Idempotency-Key gets the twin or a fresh create.
   */
  function noAnswer(request: FastifyRequest, reply: FastifyReply, twinId: string): FastifyReply {
    request.log.error({ twin_id: twinId }, 'whether the twin is answered is unknown: closing without an answer');
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }

  async function createTwin(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const who = idOf(request);
    const cap = who.livemode ? config.maxFileLive : config.maxFileTest;
    const rawKey = request.headers['idempotency-key'];
    let scope: IdempotencyScope | null = null;
    if (rawKey !== undefined) {
      if (typeof rawKey !== 'string' || !IDEMPOTENCY_KEY_RE.test(rawKey)) {
        throw new ApiError(
          400,
          'invalid_idempotency_key',
          '`Idempotency-Key` must be 1 to 255 printable ASCII characters.',
        );
      }
      const wanted: IdempotencyScope = { orgId: who.orgId, livemode: who.livemode, key: rawKey };
      const holder = await claimIdempotencyKey(db, wanted, config.idempotencyTtlMs);
      if (holder) {
        if (holder.state === 'in_flight' || !holder.twinId) {
          throw new ApiError(
            409,
            'idempotency_key_in_use',
            'A request with this Idempotency-Key is still being handled; retry shortly.',
            { retryable: true, retryAfter: IN_USE_RETRY_AFTER },
          );
        }
        const form = await readForm(request, cap, null);
        if (requestHash(form) !== holder.requestHash) {
          throw new ApiError(409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.', {
            type: 'idempotency_error',
            retryable: false,
          });
        }
        let twin: TwinRow | undefined | 'unknown' = await getTwin(db, who.orgId, who.livemode, holder.twinId);
        if (!twin) throw new ApiError(404, 'resource_missing', 'The twin of this Idempotency-Key is gone.');
        if (!twin.answered) {
          // The first request answered an error or none: this answer makes the twin the request's, unless a
          // reconciler took it back first (then the key is free again). While the first request may still decide
          // (within its answer deadline), the key is in use.
          const answerDeadline = config.answerDeadlineMs ?? ANSWER_DEADLINE_MS;
          const deciding = nowSeconds() - twin.created <= Math.ceil(answerDeadline / 1000);
          twin = deciding ? undefined : await confirm(twin.id, answerDeadline * 0.5);
          if (twin === 'unknown') return noAnswer(request, reply, holder.twinId);
          if (!twin) {
            throw new ApiError(
              409,
              'idempotency_key_in_use',
              'A request with this Idempotency-Key is still being handled; retry shortly.',
              { retryable: true, retryAfter: IN_USE_RETRY_AFTER },
            );
          }
          try {
            await deps.startTwin(twin);
          } catch (err) {
            request.log.warn(
              { error: describeError(err), twin_id: twin.id },
              'could not start the run now; the reconciler starts it',
            );
          }
        }
        return reply
          .code(202)
          .header('Location', location(twin.id))
          .header('Idempotent-Replayed', 'true')
          .send(replayedTwinObject(twin));
      }
      scope = wanted;
    }

    const twinId = newId('twin');
    const uploadKey = `uploads/${twinId}`;
    const deadline = config.answerDeadlineMs ?? ANSWER_DEADLINE_MS;
    // 'unknown' from the moment the accepting transaction is sent until its answer: a commit can land while its
    // answer is lost, so an error then must take the twin back before the caller is told nothing was kept.
    let accepted: 'no' | 'unknown' | 'yes' = 'no';
    let accepting: Promise<unknown> | undefined;
    let acceptanceSettled = false;
    try {
      const form = await readForm(request, cap, uploadKey);
      accepted = 'unknown';
      const acceptance = acceptTwin(db, {
        id: twinId,
        orgId: who.orgId,
        livemode: who.livemode,
        filename: form.filename,
        endUser: form.endUser,
        uploadKey,
        uploadBytes: form.fileBytes,
        twinningKey: form.key ?? randomBytes(32).toString('hex'),
        confidential: form.confidential,
        ...(scope ? { idempotency: { scope, requestHash: requestHash(form) } } : {}),
      });
      accepting = acceptance;
      acceptance.then(
        () => (acceptanceSettled = true),
        () => (acceptanceSettled = true),
      );
      const result = await withDeadline(acceptance, deadline * 0.6, 'accepting the twin');
      accepted = result.ok ? 'yes' : 'no';
      if (!result.ok) {
        switch (result.reason) {
          case 'out_of_credit':
            throw new ApiError(402, 'out_of_credit', "The organization's balance is used up; add credit.", {
              actionUrl: `${config.publicUrl.replace(/\/+$/, '')}/billing`,
              retryable: false,
            });
          case 'concurrent_limit':
            throw new ApiError(
              429,
              'concurrent_runs_exceeded',
              `At most ${result.limit} runs may go at once; retry when one ends.`,
              { retryAfter: result.retryAfter },
            );
          case 'daily_limit':
            throw new ApiError(429, 'daily_runs_exceeded', `At most ${result.limit} runs may start in 24 hours.`, {
              retryAfter: result.retryAfter,
            });
          default:
            throw new ApiError(401, 'api_key_invalid', 'The API key is not valid.');
        }
      }
      // The twin is answered 202 only once it is marked answered: from then the row (and its Idempotency-Key) is the
      // durable record of the run. Not marked, it is taken back by a reconciler: the answer is then an error.
      const twin = await confirm(twinId, deadline * 0.3);
      if (twin === 'unknown') return noAnswer(request, reply, twinId);
      if (!twin) {
        throw new ApiError(503, 'service_unavailable', 'The twin could not be accepted in time; retry shortly.', {
          retryAfter: 1,
        });
      }
      // A start that fails or runs past its deadline is left to the reconciler, which starts the twin shortly.
      try {
        await deps.startTwin(twin);
      } catch (err) {
        request.log.warn(
          { error: describeError(err), twin_id: twinId },
          'could not start the run now; the reconciler starts it',
        );
      }
      return reply.code(202).header('Location', location(twinId)).send(twinObject(twin));
    } catch (err) {
      if (accepted === 'unknown') {
        // A twin whose accepting transaction committed unknown to us stays unanswered: any reconciler takes it back
        // (row, credit, key, upload), after a restart too. Taken back here already once that transaction has ended
        // (a take-back that ran first would find nothing, and the commit land after it); else, and when the
        // take-back fails or the transaction ended by a lost connection (its commit may still be landing), the
        // reconciler also deletes the upload, which a row that never landed does not name.
        const undone =
          acceptanceSettled &&
          (await withDeadline(undoAcceptedTwin(db, twinId), deadline * 0.2, 'taking the twin back').then(
            (outcome) => outcome !== 'kept',
            () => false,
          ));
        if (undone) await blobs.delete(uploadKey).catch(() => undefined);
        if (!undone || isTransient(err)) {
          // the upload stays until the twin is taken back: the row may name it
          deps.reconciler?.undoLater(twinId, uploadKey, accepting);
          if (!undone) {
            request.log.error(
              { twin_id: twinId },
              'the twin may be committed; it is taken back when the database answers',
            );
          }
        }
      } else if (accepted === 'no') {
        await blobs.delete(uploadKey).catch(() => undefined);
      }
      if (scope) {
        const claimed = scope;
        await withDeadline(releaseIdempotencyKey(db, claimed), deadline * 0.1, 'releasing the key').catch(() =>
          deps.reconciler?.releaseLater(claimed),
        );
      }
      throw err;
    }
  }

  const twinsErrors = commonErrors();

  app.post(
    '/v1/svc/twins',
    {
      onRequest: auth,
      schema: {
        operationId: 'createTwin',
        summary: 'Create a twin',
        description:
          'Uploads one trace (multipart/form-data) and starts its twin. Answers 202 with the twin `queued` and a `Location` header. ' +
          `Upload caps: ${formatBytes(config.maxFileLive)} live, ${formatBytes(config.maxFileTest)} in test mode.`,
        tags: ['twins'],
        headers: IdempotencyHeaders,
        response: {
          202: okResponse(
            Type.Ref('Twin'),
            'The twin, `queued` (or the first request’s twin on an idempotent replay).',
            {
              Location: Type.String({ description: 'Path of the twin.' }),
              'Idempotent-Replayed': Type.Optional(
                Type.Literal('true', { description: 'Present on an idempotent replay.' }),
              ),
            },
          ),
          ...twinsErrors,
          400: errorResponse(400),
          402: errorResponse(402, undefined, '`action_url` names the page where credit is added.'),
          404: errorResponse(404),
          409: errorResponse(409, ['idempotency_key_reused', 'idempotency_key_in_use']),
          413: errorResponse(
            413,
            undefined,
            `Caps: ${config.maxFileLive} bytes live, ${config.maxFileTest} bytes in test mode.`,
          ),
        },
      },
    },
    createTwin,
  );

  app.get(
    '/v1/svc/twins',
    {
      onRequest: auth,
      schema: {
        operationId: 'listTwins',
        summary: 'List twins',
        description: "The organization's twins in the key's mode, newest first.",
        tags: ['twins'],
        headers: ServiceVersionHeader,
        querystring: ListTwinsQuery,
        response: {
          200: okResponse(Type.Ref('TwinList'), 'One page of twins.'),
          ...twinsErrors,
          400: errorResponse(400, ['unknown_api_version', 'parameter_invalid', 'invalid_end_user']),
          404: errorResponse(404, undefined, '`starting_after` names no twin of this organization and mode.'),
        },
      },
    },
    async (request, reply) => {
      const who = idOf(request);
      const q = request.query as { limit?: number; starting_after?: string; end_user?: string };
      const endUser = q.end_user ?? '';
      if (endUser !== '' && !END_USER_RE.test(endUser)) {
        throw new ApiError(
          400,
          'invalid_end_user',
          '`end_user` must have 1 to 128 characters from letters, digits, `.`, `_`, `:`, `-`.',
        );
      }
      const page = await listTwins(db, who.orgId, who.livemode, {
        limit: q.limit ?? 10,
        ...(q.starting_after ? { startingAfter: q.starting_after } : {}),
        ...(endUser ? { endUser } : {}),
      });
      if (page === 'missing') {
        throw new ApiError(404, 'resource_missing', `No such twin: \`${q.starting_after ?? ''}\`.`);
      }
      return reply.send({
        object: 'list',
        data: page.rows.map(twinObject),
        has_more: page.hasMore,
        url: '/v1/svc/twins',
      });
    },
  );

  async function ownTwin(request: FastifyRequest): Promise<TwinRow> {
    const who = idOf(request);
    const { twin_id } = request.params as { twin_id: string };
    const twin = await getTwin(db, who.orgId, who.livemode, twin_id);
    if (!twin) throw new ApiError(404, 'resource_missing', `No such twin: \`${twin_id.slice(0, 255)}\`.`);
    return twin;
  }

  app.get(
    '/v1/svc/twins/:twin_id',
    {
      onRequest: auth,
      schema: {
        operationId: 'retrieveTwin',
        summary: 'Retrieve a twin',
        tags: ['twins'],
        headers: ServiceVersionHeader,
        params: TwinIdParams,
        response: {
          200: okResponse(Type.Ref('Twin'), 'The twin as it stands now.'),
          ...twinsErrors,
          404: errorResponse(404),
        },
      },
    },
    async (request, reply) => reply.send(twinObject(await ownTwin(request))),
  );

  app.get(
    '/v1/svc/twins/:twin_id/content',
    {
      onRequest: auth,
      schema: {
        operationId: 'downloadTwinContent',
        summary: "Download a twin's content",
        description:
          'The twinned file itself, in the format it came in. `Content-Type` follows the file name: `.json` application/json, ' +
          '`.jsonl`/`.ndjson` application/x-ndjson, anything else text/plain; charset=utf-8. Kept for the content retention after completion.',
        tags: ['twins'],
        headers: ServiceVersionHeader,
        params: TwinIdParams,
        produces: ['application/json', 'application/x-ndjson', 'text/plain; charset=utf-8'],
        response: {
          200: {
            description: 'The twinned file.',
            headers: {
              'Service-Version': Type.String(),
              'Request-Id': Type.String(),
            },
            content: {
              'application/json': { schema: {} },
              'application/x-ndjson': { schema: Type.String() },
              'text/plain; charset=utf-8': { schema: Type.String() },
            },
          },
          ...twinsErrors,
          404: errorResponse(404),
          409: errorResponse(409, ['twin_not_completed', 'twin_failed']),
          410: errorResponse(410),
        },
      },
    },
    async (request, reply) => {
      const twin = await ownTwin(request);
      if (twin.status === 'queued' || twin.status === 'running') {
        throw new ApiError(409, 'twin_not_completed', 'The twin is not completed yet; retry later.', {
          retryable: true,
        });
      }
      if (twin.status === 'failed') {
        throw new ApiError(409, 'twin_failed', 'The twin failed and has no content.', { retryable: false });
      }
      const expiredByAge =
        twin.completed !== null && (nowSeconds() - twin.completed) * 1000 >= config.contentRetentionMs;
      if (twin.contentExpired || !twin.contentKey || expiredByAge) {
        throw new ApiError(410, 'content_expired', 'The content is past its retention and was deleted.');
      }
      let stream;
      try {
        stream = await blobs.get(twin.contentKey);
      } catch (err) {
        if (err instanceof BlobNotFoundError) {
          throw new ApiError(410, 'content_expired', 'The content is past its retention and was deleted.');
        }
        throw err;
      }
      reply.header('Content-Type', contentTypeFor(twin.filename));
      if (twin.contentBytes !== null) reply.header('Content-Length', String(twin.contentBytes));
      // a name of only dots (refused since, stored before) names no file a browser may save as
      const saveAs = /^\.+$/.test(twin.filename) ? 'twin' : twin.filename;
      reply.header('Content-Disposition', `attachment; filename="${saveAs}"`);
      return reply.code(200).send(trackDownload(request, stream, twin.contentBytes));
    },
  );
}
