/**
 * Endpoint signing secrets: `whsec_` + standard base64 of 24 random bytes
 * (a multiple of 3, so no `=` padding that strict decoders could trip on),
 * returned once at creation and stored encrypted with the server's master
 * key: AES-256-GCM under a key derived from the master key with HKDF-SHA256,
 * a fresh 12-byte nonce per secret, and the endpoint id as associated data so
 * a ciphertext copied onto another endpoint's row does not decrypt.
 *
 * Stored form: `v1.<base64url nonce>.<base64url ciphertext>.<base64url tag>`.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SECRET_PREFIX } from './sign';

export const SECRET_BYTES = 24;
const INFO = 'tracetwin webhook endpoint secret v1';

export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** Accepts the master key as bytes or text (hex, base64 or any string of at least 16 characters). */
function encryptionKey(masterKey: Buffer | string): Buffer {
  const material = typeof masterKey === 'string' ? Buffer.from(masterKey, 'utf8') : masterKey;
  if (material.length < 16) throw new Error('the master key is too short');
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), INFO, 32));
}

export class SecretBox {
  private readonly key: Buffer;
  constructor(masterKey: Buffer | string) {
    this.key = encryptionKey(masterKey);
  }

  seal(secret: string, endpointId: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(endpointId, 'utf8'));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', nonce, body, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string, endpointId: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('unknown sealed secret format');
    const [nonce, body, tag] = parts.slice(1).map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAAD(Buffer.from(endpointId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}
