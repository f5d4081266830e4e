/**
 * Standard Webhooks signing (standard-webhooks/standard-webhooks,
 * spec/standard-webhooks.md, version 1.0.0, symmetric scheme `v1`):
 * the signed content is `<webhook-id>.<webhook-timestamp>.<raw body>`,
 * the signature is base64 of HMAC-SHA256 over it, keyed with the endpoint
 * secret's bytes (`whsec_` removed, the rest base64-decoded), and sent as
 * `webhook-signature: v1,<base64>`.
 */
import { createHmac } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const USER_AGENT = 'webhooks/1';

/** The HMAC key of a `whsec_…` secret (the prefix is optional, as in the reference libraries). */
export function secretKeyBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) {
    throw new Error('webhook secret is not standard base64');
  }
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length < 24 || bytes.length > 64) throw new Error('webhook secret must hold 24 to 64 bytes');
  return bytes;
}

/** `v1,<base64 HMAC-SHA256 of "<msgId>.<timestamp>.<body>">`. */
export function sign(secret: string, msgId: string, timestampSeconds: number, body: string | Buffer): string {
  if (msgId.includes('.')) throw new Error('a webhook id may not contain "."');
  if (!Number.isSafeInteger(timestampSeconds)) throw new Error('the timestamp must be whole seconds');
  const mac = createHmac('sha256', secretKeyBytes(secret));
  mac.update(`${msgId}.${timestampSeconds}.`, 'utf8');
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

export interface WebhookHeaders extends Record<string, string> {
  'content-type': string;
  'user-agent': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The headers of one attempt: the id stays the event's id; the timestamp and signature are fresh. */
export function signedHeaders(
  secret: string,
  eventId: string,
  body: string | Buffer,
  nowMs = Date.now(),
): WebhookHeaders {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(secret, eventId, timestamp, body),
  };
}
