/**
 * Crypto wallet addresses, valid for their format: Ethereum `0x` + 40 hex
 * (EIP-55 casing kept when the original is mixed case), Bitcoin base58check
 * (`1…`, `3…`: same version byte and length), Bitcoin segwit bech32/bech32m
 * (`bc1…`: same witness version, program length and checksum variant).
 */
import type { Keyed, StandInGenerator } from '../../types';
import {
  base58CheckDecode,
  base58CheckEncode,
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
    const payload = base58CheckDecode(original);
    if (payload) {
      for (let i = 0; i < 64; i++) {
        const body = bytes(keyed, 'wallet-b58', `${canonical}\u0000${attempt}\u0000${i}`, payload.length - 1);
        const out = base58CheckEncode(Buffer.concat([payload.subarray(0, 1), body]));
        if (out.length === original.length) return out;
      }
    }
    return keyed.permute(original, `wallet\u0000${attempt}`);
  },
};
