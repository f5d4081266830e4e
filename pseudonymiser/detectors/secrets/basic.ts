/**
 * HTTP Basic credentials (RFC 7617): `Basic base64(user ":" password)`. The
 * user and the password are found as themselves, and the credential's
 * stand-in is base64 of their stand-ins joined by `:`, so that a twin's
 * credential still decodes, and its user is the user's stand-in everywhere
 * else in the trace.
 */
import type { Composed, FindingSink } from '../../types';
import { PLACEHOLDER } from './values';

const BASE64 = /^[A-Za-z0-9+/]{4,}={0,2}$/;
/** Printable text of a decoded credential (no control characters). */
const PRINTABLE = /^[^\u0000-\u001f\u007f]+$/;

/** The user and password of a Basic credential's base64, or null when it is not one. */
export function basicParts(b64: string): { user: string; password: string } | null {
  if (b64.length > 1024 || b64.length % 4 !== 0 || !BASE64.test(b64)) return null;
  const bytes = Buffer.from(b64, 'base64');
  const text = bytes.toString('utf8');
  // a round trip: the text was UTF-8 and the base64 canonical
  if (Buffer.from(text, 'utf8').toString('base64') !== b64 || !PRINTABLE.test(text)) return null;
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

const basicJoin = (standIns: readonly string[]): string =>
  Buffer.from(`${standIns[0] ?? ''}:${standIns[1] ?? ''}`, 'utf8').toString('base64');

/**
 * Reports the Basic credential `b64` found at corpus offset `start`: its
 * user (a user name) and password, and the credential itself as a secret
 * whose stand-in is built from theirs. False when `b64` is not one.
 */
export function reportBasic(sink: FindingSink, b64: string, start: number): boolean {
  const parts = basicParts(b64);
  if (parts === null) return false;
  const { user, password } = parts;
  if (password.length === 0 || PLACEHOLDER.test(password)) return false;
  const lowUser = user.toLowerCase();
  if (user.length >= 3) sink.add({ kind: 'username', surface: user, canonical: lowUser });
  if (password.length >= 8) sink.add({ kind: 'password', surface: password });
  const composed: Composed = {
    parts: [
      { kind: 'username', surface: user, canonical: lowUser },
      { kind: 'password', surface: password, canonical: password },
    ],
    build: user.length === 0 ? (s) => basicJoin(['', s[1]!]) : basicJoin,
  };
  if (b64.length >= 8) sink.add({ kind: 'secret', surface: b64, composed });
  else sink.add({ kind: 'secret', surface: b64, composed, at: { start, end: start + b64.length } });
  return true;
}
