/**
 * Crypto wallet addresses, valid for their format: Ethereum `0x` + 40 hex
 * (EIP-55 casing kept when the original is mixed case), Bitcoin base58check
 * and its kin (`1…`, `3…`, `L…`, `D…`, `T…`, `t1…`: same version bytes and
 * length), segwit bech32/bech32m (`bc1…`, `ltc1…`: same witness version,
 * program length and checksum variant), Solana (`sol:`: base58 of 32 bytes,
 * same length).
 */
import type { Keyed, StandInGenerator } from '../../types';
import {
  base58CheckDecode,
  base58CheckEncode,
  base58Encode,
  bech32Decode,
  bech32Encode,
  eip55,
} from '../../detectors/accounts/checks';

function bytes(keyed: Keyed, label: string, input: string, n: number): Buffer {
  const out: Buffer[] = [];
  for (let i = 0; out.length * 32 < n; i++) out.push(keyed.prf(label, `${input}\u0000${i}`));
  return Buffer.concat(out).subarray(0, n);
}

function toWords(data: Buffer): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of data) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

export const walletGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    if (/^0x[0-9a-fA-F]{40}$/.test(original)) {
      const hex = keyed.permute(original.slice(2).toLowerCase(), `wallet-eth\u0000${attempt}`, {
        alphabet: '0123456789abcdef',
      });
      const body = original.slice(2);
      if (body === body.toLowerCase()) return original.slice(0, 2) + hex;
      if (body === body.toUpperCase()) return original.slice(0, 2) + hex.toUpperCase();
      return original.slice(0, 2) + eip55(hex);
    }
    const seg = bech32Decode(original);
    if (seg && seg.data.length > 1) {
      const progLen = Math.floor(((seg.data.length - 1) * 5) / 8);
      const prog = bytes(keyed, 'wallet-bech32', `${canonical}\u0000${attempt}`, progLen);
      const out = bech32Encode(seg.hrp, [seg.data[0]!, ...toWords(prog)], seg.constant);
      return original === original.toUpperCase() ? out.toUpperCase() : out;
    }
    if (canonical.startsWith('sol:')) {
      // a Solana address: the base58 of 32 other bytes, as long as the original
      for (let i = 0; i < 256; i++) {
        const out = base58Encode(bytes(keyed, 'wallet-sol', `${canonical}\u0000${attempt}\u0000${i}`, 32));
        if (out.length === original.length) return out;
      }
    }
    const payload = base58CheckDecode(original);
    if (payload) {
      // the version byte(s) kept, a new 20-byte hash
      const version = payload.subarray(0, Math.max(1, payload.length - 20));
      for (let i = 0; i < 64; i++) {
        const body = bytes(
          keyed,
          'wallet-b58',
          `${canonical}\u0000${attempt}\u0000${i}`,
          payload.length - version.length,
        );
        const out = base58CheckEncode(Buffer.concat([version, body]));
        if (out.length === original.length) return out;
      }
    }
    return keyed.permute(original, `wallet\u0000${attempt}`);
  },
};
