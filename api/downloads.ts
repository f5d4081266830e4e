/**
 * Content downloads and the log. Fastify logs `stream closed prematurely`
 * whenever the client's connection closes before the response's own end,
 * which also happens to a complete download: the client has every byte of
 * the Content-Length and closes while the server has yet to see its source
 * end. Here a download counts its bytes, and the log controller tells the
 * two apart: a complete download is not reported as cut short; one that the
 * client really left early is logged at info with the byte counts.
 */
import { Transform, pipeline, type Readable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

interface Download {
  /** The content's size, when known. */
  expected: number | null;
  counter: Transform;
  sent: number;
}

const downloads = new WeakMap<object, Download>();

/** `source` as the body of `request`'s answer, with its bytes counted. */
export function trackDownload(request: FastifyRequest, source: Readable, expected: number | null): Readable {
  const download: Download = {
    expected,
    sent: 0,
    counter: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        download.sent += chunk.length;
        done(null, chunk);
      },
    }),
  };
  downloads.set(request, download);
  // an error or an early close on either side destroys the other (Fastify destroys the body when the client goes)
  pipeline(source, download.counter, () => undefined);
  return download.counter;
}

/** Whether every byte of the download was handed to the connection (none left waiting on the way). */
function complete(d: Download, reply: FastifyReply): boolean {
  return (
    d.expected !== null &&
    d.sent === d.expected &&
    d.counter.readableLength === 0 &&
    reply.raw.writableLength === 0 &&
    (reply.raw.socket?.writableLength ?? 0) === 0
  );
}

/** Fastify's request log lines, with downloads' early closes told apart (see above). */
export class ServiceLogController extends LogController {
  override streamError(
    error: Error,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    const download = downloads.get(request);
    if (!download || (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      super.streamError(error, request, reply, metadata);
      return;
    }
    if (this.isLogDisabled(request)) return;
    if (complete(download, reply)) {
      reply.log.debug({ bytes: download.sent }, 'download complete; the client closed the connection first');
    } else {
      reply.log.info(
        { bytes_sent: download.sent, bytes_expected: download.expected },
        'download closed by the client before its end',
      );
    }
  }
}
