/**
 * Payload encryption for everything tracetwin hands to Temporal: workflow and
 * activity inputs and results, memos, signals, heartbeat details and — through
 * the failure converter — failure messages and stack traces. Payloads already
 * carry ids, counts and statuses only; encryption is defence in depth, so that
 * the Temporal cluster (or Temporal Cloud) stores nothing it can read.
 *
 * Format of an encrypted payload:
 *   metadata.encoding          = "binary/encrypted"
 *   metadata.encryption-key-id = key id (e.g. "ttk1-3f9c0a6b1d2e4f50"), not secret
 *   data                       = nonce (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes)
 * The plaintext is the original payload serialised as a `temporal.api.common.v1.Payload`
 * protobuf message (so its own metadata travels encrypted too); the key id is the
 * additional authenticated data.
 *
 * The AES key is derived from the server master key (HKDF-SHA256), so every
 * process of a deployment that shares `--master-key` shares the codec key.
 * Rotation: start every process with the new master key and the old one in
 * `previous`; new payloads use the new key, histories written with the old one
 * still decode by their key id. Drop the old key once no open workflow (and no
 * retained history you want to read) uses it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { type Payload, type PayloadCodec, ValueError } from '@temporalio/common';
import { temporal } from '@temporalio/proto';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

const CIPHER = 'aes-256-gcm';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const SALT = Buffer.from('tracetwin/temporal-payload-codec');

export interface CodecKey {
  /** Public identifier written into each payload's metadata. */
  id: string;
  /** 32-byte AES key. */
  key: Buffer;
}

function masterKeyBytes(masterKeyHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(masterKeyHex)) throw new Error('the master key is 64 hexadecimal characters');
  return Buffer.from(masterKeyHex, 'hex');
}

/**
 * The codec key of a master key: an AES-256 key and an id, both derived with
 * HKDF-SHA256 under different labels (the id tells nothing about the key, nor
 * about the master key's other uses such as webhook secrets).
 */
export function deriveCodecKey(masterKeyHex: string): CodecKey {
  const ikm = masterKeyBytes(masterKeyHex);
  const key = Buffer.from(hkdfSync('sha256', ikm, SALT, 'payload-encryption-key/v1', 32));
  const id = Buffer.from(hkdfSync('sha256', ikm, SALT, 'payload-encryption-key-id/v1', 8)).toString('hex');
  return { id: `ttk1-${id}`, key };
}

const utf8 = (s: string): Uint8Array => Buffer.from(s, 'utf8');
const text = (b: Uint8Array | null | undefined): string | undefined =>
  b == null ? undefined : Buffer.from(b).toString('utf8');

/** True when the payload was written by {@link EncryptionCodec}. */
export function isEncryptedPayload(p: Payload): boolean {
  return text(p.metadata?.encoding) === ENCRYPTED_ENCODING;
}

/** The key id an encrypted payload names, or undefined. */
export function payloadKeyId(p: Payload): string | undefined {
  return isEncryptedPayload(p) ? text(p.metadata?.[KEY_ID_METADATA]) : undefined;
}

export class EncryptionCodec implements PayloadCodec {
  private readonly current: CodecKey;
  private readonly byId = new Map<string, Buffer>();

  /** `current` encrypts; `current` and `previous` decrypt. */
  constructor(current: CodecKey, previous: CodecKey[] = []) {
    this.current = current;
    for (const k of [current, ...previous]) {
      if (k.key.length !== 32) throw new Error('a codec key is 32 bytes');
      this.byId.set(k.id, k.key);
    }
  }

  /** The codec of a master key (hex), with older master keys still readable. */
  static fromMasterKeys(current: string, previous: readonly string[] = []): EncryptionCodec {
    return new EncryptionCodec(deriveCodecKey(current), previous.map(deriveCodecKey));
  }

  get keyId(): string {
    return this.current.id;
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((p) => this.encryptOne(p));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((p) => this.decryptOne(p));
  }

  private encryptOne(payload: Payload): Payload {
    const plain = temporal.api.common.v1.Payload.encode({
      metadata: payload.metadata ?? {},
      data: payload.data ?? new Uint8Array(0),
    }).finish();
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv(CIPHER, this.current.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(this.current.id, 'utf8'));
    const body = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return {
      metadata: { encoding: utf8(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: utf8(this.current.id) },
      data: new Uint8Array(body.buffer, body.byteOffset, body.length),
    };
  }

  private decryptOne(payload: Payload): Payload {
    // Payloads written before encryption was turned on pass through unchanged.
    if (!isEncryptedPayload(payload)) return payload;
    const id = text(payload.metadata?.[KEY_ID_METADATA]);
    if (id === undefined) throw new ValueError('encrypted payload without a key id');
    const key = this.byId.get(id);
    if (key === undefined) throw new ValueError(`no key for payloads encrypted with key id ${id}`);
    const data = Buffer.from(payload.data ?? new Uint8Array(0));
    if (data.length < NONCE_BYTES + TAG_BYTES) throw new ValueError('encrypted payload too short');
    const decipher = createDecipheriv(CIPHER, key, data.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(id, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new ValueError(`encrypted payload failed authentication (key id ${id})`);
    }
    const inner = temporal.api.common.v1.Payload.decode(plain);
    return { metadata: inner.metadata ?? {}, data: inner.data ?? new Uint8Array(0) };
  }
}

/**
 * The `dataConverter` option for `Worker.create`, `Client` and
 * `bundleWorkflowCode`: the codec, and a failure converter that puts failure
 * messages and stack traces into encoded payloads (so through the codec)
 * instead of plain text — given by path, as the workflow bundle loads it.
 */
export function encryptedDataConverter(codec: PayloadCodec): {
  payloadCodecs: PayloadCodec[];
  failureConverterPath: string;
} {
  return { payloadCodecs: [codec], failureConverterPath: require.resolve('./failure-converter') };
}
