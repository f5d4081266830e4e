/**
 * Keyed primitives: a PRF (HMAC-SHA256) and a format-preserving permutation
 * (a Feistel network over mixed radix, in the manner of NIST SP 800-38G FF1,
 * with HMAC-SHA256 as round function). Pure: node:crypto only.
 *
 * The output of every function here is part of the product's compatibility
 * promise: the same key must give the same stand-ins in every release.
 * test/pseudonymiser/golden.test.ts pins it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Keyed, PermuteOptions } from './types';

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ROUNDS = 10;

/** Parses a 64-hex-character key; throws on anything else. */
export function parseKey(hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new TypeError('key must be 64 hexadecimal characters');
  }
  return Buffer.from(hex, 'hex');
}

/** A fresh random key, for a run that was given none. */
export function randomKey(): Buffer {
  return randomBytes(32);
}

function classAlphabet(ch: string): string | null {
  const c = ch.charCodeAt(0);
  if (c >= 48 && c <= 57) return DIGITS;
  if (c >= 97 && c <= 122) return LOWER;
  if (c >= 65 && c <= 90) return UPPER;
  return null;
}

function bytesToBigInt(buf: Buffer): bigint {
  return buf.length === 0 ? 0n : BigInt('0x' + buf.toString('hex'));
}

export function createKeyed(key: Buffer): Keyed {
  const prf = (label: string, input: string): Buffer =>
    createHmac('sha256', key).update(label).update('\u0000').update(input).digest();

  /** PRF output stretched to cover `modulus` with 128 spare bits, reduced mod modulus. */
  const prfMod = (label: string, input: string, modulus: bigint): bigint => {
    const bits = modulus.toString(2).length + 128;
    const blocks: Buffer[] = [];
    for (let i = 0; blocks.length * 256 < bits; i++) {
      blocks.push(prf(label, `${i}\u0000${input}`));
    }
    return bytesToBigInt(Buffer.concat(blocks)) % modulus;
  };

  const pick = (label: string, input: string, n: number): number => {
    if (n <= 1) return 0;
    const h = prf(label, input);
    // 48 bits are plenty for pool sizes far below 2^32; the bias is < 2^-16.
    return h.readUIntBE(0, 6) % n;
  };

  const permute = (value: string, tweak: string, opts?: PermuteOptions): string => {
    const chars = Array.from(value);
    const positions: number[] = [];
    const alphabets: string[] = [];
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (opts?.keep?.(ch)) continue;
      let alphabet: string | null;
      if (opts?.alphabet !== undefined) {
        alphabet = opts.alphabet.includes(ch) ? opts.alphabet : null;
      } else {
        alphabet = classAlphabet(ch);
      }
      if (alphabet === null) continue;
      positions.push(i);
      alphabets.push(alphabet);
    }
    if (positions.length === 0) return value;
    const digits = positions.map((p, i) => alphabets[i]!.indexOf(chars[p]!));
    const half = Math.ceil(positions.length / 2);
    const radA = alphabets.slice(0, half).map((a) => BigInt(a.length));
    const radB = alphabets.slice(half).map((a) => BigInt(a.length));
    const toNum = (ds: number[], rad: bigint[]): bigint => ds.reduce((acc, d, i) => acc * rad[i]! + BigInt(d), 0n);
    const fromNum = (n: bigint, rad: bigint[]): number[] => {
      const out = new Array<number>(rad.length);
      for (let i = rad.length - 1; i >= 0; i--) {
        out[i] = Number(n % rad[i]!);
        n /= rad[i]!;
      }
      return out;
    };
    const modA = radA.reduce((x, y) => x * y, 1n);
    const modB = radB.reduce((x, y) => x * y, 1n);
    let a = toNum(digits.slice(0, half), radA);
    let b = toNum(digits.slice(half), radB);
    const shape = alphabets.map((al) => al.length).join(',');
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        a = (a + prfMod('fpe', `${tweak}\u0000${shape}\u0000${r}\u0000${b}`, modA)) % modA;
      } else {
        b = (b + prfMod('fpe', `${tweak}\u0000${shape}\u0000${r}\u0000${a}`, modB)) % modB;
      }
    }
    const out = fromNum(a, radA).concat(fromNum(b, radB));
    for (let i = 0; i < positions.length; i++) {
      chars[positions[i]!] = alphabets[i]![out[i]!]!;
    }
    return chars.join('');
  };

  return { prf, pick, permute };
}
