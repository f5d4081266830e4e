/** The payload encryption codec: round trips, key ids and rotation, tampering. */
import { randomBytes } from 'node:crypto';
import type { Payload } from '@temporalio/common';
import { defaultPayloadConverter, ValueError } from '@temporalio/common';
import {
  deriveCodecKey,
  ENCRYPTED_ENCODING,
  EncryptionCodec,
  encryptedDataConverter,
  isEncryptedPayload,
  KEY_ID_METADATA,
  payloadKeyId,
} from '../../worker/codec';

const MASTER_A = 'a'.repeat(64);
const MASTER_B = '0123456789abcdef'.repeat(4);

const str = (b: Uint8Array | null | undefined) => Buffer.from(b ?? new Uint8Array(0)).toString('utf8');

function samples(): Payload[] {
  return [
    defaultPayloadConverter.toPayload({ twinId: 'twin_123', counts: { person: 3 } }),
    defaultPayloadConverter.toPayload('svc.twin.completed'),
    defaultPayloadConverter.toPayload(undefined),
    defaultPayloadConverter.toPayload(new Uint8Array([0, 1, 2, 255])),
    { metadata: {}, data: new Uint8Array(0) },
    { metadata: { encoding: Buffer.from('json/plain'), custom: Buffer.from('x') }, data: randomBytes(70_000) },
  ];
}

describe('deriveCodecKey', () => {
  test('deterministic per master key, distinct across keys, id tells nothing of the key', () => {
    const a1 = deriveCodecKey(MASTER_A);
    const a2 = deriveCodecKey(MASTER_A.toUpperCase());
    const b = deriveCodecKey(MASTER_B);
    expect(a1.key).toEqual(a2.key);
    expect(a1.id).toBe(a2.id);
    expect(a1.key.length).toBe(32);
    expect(a1.id).toMatch(/^ttk1-[0-9a-f]{16}$/);
    expect(b.id).not.toBe(a1.id);
    expect(b.key.equals(a1.key)).toBe(false);
    // neither the master key nor the AES key shows in the id
    expect(a1.key.toString('hex')).not.toContain(a1.id.slice(5));
    expect(a1.key.equals(Buffer.from(MASTER_A, 'hex'))).toBe(false);
  });

  test('refuses a master key that is not 64 hex characters', () => {
    for (const bad of ['', 'abc', 'g'.repeat(64), 'a'.repeat(63)]) expect(() => deriveCodecKey(bad)).toThrow();
  });
});

describe('EncryptionCodec', () => {
  const codec = EncryptionCodec.fromMasterKeys(MASTER_A);

  test('encode then decode gives every payload back, metadata and data', async () => {
    const input = samples();
    const encoded = await codec.encode(input);
    expect(encoded).toHaveLength(input.length);
    for (const e of encoded) {
      expect(str(e.metadata?.encoding)).toBe(ENCRYPTED_ENCODING);
      expect(str(e.metadata?.[KEY_ID_METADATA])).toBe(codec.keyId);
      expect(Object.keys(e.metadata ?? {}).sort()).toEqual(['encoding', KEY_ID_METADATA].sort());
      expect(isEncryptedPayload(e)).toBe(true);
      expect(payloadKeyId(e)).toBe(codec.keyId);
    }
    // nothing of the plain text (values or the inner encoding) is visible
    expect(Buffer.from(encoded[0]!.data!).includes('twin_123')).toBe(false);
    expect(Buffer.from(encoded[0]!.data!).includes('json/plain')).toBe(false);
    const decoded = await codec.decode(encoded);
    expect(decoded.map((p) => ({ m: p.metadata, d: Buffer.from(p.data ?? []) }))).toEqual(
      input.map((p) => ({ m: p.metadata, d: Buffer.from(p.data ?? []) })),
    );
    expect(defaultPayloadConverter.fromPayload(decoded[0]!)).toEqual({ twinId: 'twin_123', counts: { person: 3 } });
  });

  test('a fresh nonce per payload: the same value encrypts differently each time', async () => {
    const p = defaultPayloadConverter.toPayload({ twinId: 'twin_1' });
    const [x, y] = await codec.encode([p, p]);
    expect(Buffer.from(x!.data!).equals(Buffer.from(y!.data!))).toBe(false);
  });

  test('payloads written before encryption pass through decode unchanged', async () => {
    const plain = defaultPayloadConverter.toPayload({ twinId: 'twin_9' });
    const [out] = await codec.decode([plain]);
    expect(out).toBe(plain);
  });

  test('rotation: the new key encrypts, the previous one still decrypts by its key id', async () => {
    const oldCodec = EncryptionCodec.fromMasterKeys(MASTER_A);
    const rotated = EncryptionCodec.fromMasterKeys(MASTER_B, [MASTER_A]);
    const onlyNew = EncryptionCodec.fromMasterKeys(MASTER_B);
    const payload = defaultPayloadConverter.toPayload({ twinId: 'twin_old' });
    const [old] = await oldCodec.encode([payload]);
    const [fresh] = await rotated.encode([payload]);
    expect(payloadKeyId(fresh!)).toBe(deriveCodecKey(MASTER_B).id);
    expect(defaultPayloadConverter.fromPayload((await rotated.decode([old!]))[0]!)).toEqual({ twinId: 'twin_old' });
    expect(defaultPayloadConverter.fromPayload((await onlyNew.decode([fresh!]))[0]!)).toEqual({ twinId: 'twin_old' });
    await expect(onlyNew.decode([old!])).rejects.toThrow(/no key for payloads encrypted with key id ttk1-/);
    await expect(oldCodec.decode([fresh!])).rejects.toBeInstanceOf(ValueError);
  });

  test('tampering is detected: a flipped bit, a swapped key id, a truncated body', async () => {
    const rotated = EncryptionCodec.fromMasterKeys(MASTER_B, [MASTER_A]);
    const [enc] = await rotated.encode([defaultPayloadConverter.toPayload({ twinId: 'twin_t' })]);
    const flipped = Buffer.from(enc!.data!);
    flipped[20] = (flipped[20] as number) ^ 1;
    await expect(rotated.decode([{ metadata: enc!.metadata, data: flipped }])).rejects.toThrow(/authentication/);
    // relabelled with the other known key id: the key id is authenticated data, so this fails too
    const relabelled = { ...enc!.metadata, [KEY_ID_METADATA]: Buffer.from(deriveCodecKey(MASTER_A).id) };
    await expect(rotated.decode([{ metadata: relabelled, data: enc!.data }])).rejects.toThrow(/authentication/);
    await expect(rotated.decode([{ metadata: enc!.metadata, data: new Uint8Array(10) }])).rejects.toThrow(/short/);
    const noId = { encoding: Buffer.from(ENCRYPTED_ENCODING) };
    await expect(rotated.decode([{ metadata: noId, data: enc!.data }])).rejects.toThrow(/without a key id/);
  });

  test('the data converter carries the codec and a failure converter loadable by path', () => {
    const dc = encryptedDataConverter(codec);
    expect(dc.payloadCodecs).toEqual([codec]);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(dc.failureConverterPath) as {
      failureConverter: { options: { encodeCommonAttributes: boolean } };
    };
    expect(mod.failureConverter.options.encodeCommonAttributes).toBe(true);
  });
});
