/** Opaque identifiers and secrets: a prefix and random base62 characters. */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` random base62 characters (rejection sampling, so every character is equally likely). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(n * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === n) break;
    }
  }
  return out;
}

export function newId(prefix: 'org' | 'key' | 'twin' | 'evt' | 'we'): string {
  return `${prefix}_${randomBase62(24)}`;
}

/** A new API key secret: `svc_sk_test_…` or `svc_sk_…` with 32 random characters. */
export function newApiSecret(mode: 'live' | 'test'): string {
  return `${mode === 'test' ? 'svc_sk_test_' : 'svc_sk_'}${randomBase62(32)}`;
}

/** The stored form of an API key secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
