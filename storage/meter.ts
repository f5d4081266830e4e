/** A pass-through stream that counts and hashes the bytes that flow through it (both blob stores' `put`). */
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

export class Meter extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}
