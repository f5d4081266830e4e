/**
 * Keyed primitives: a PRF (HMAC-SHA256) and a format-preserving permutation
 * (a Feistel network over mixed radix, in the manner of NIST SP 800-38G FF1,
 * with HMAC-SHA256 as round function). Pure: node:crypto only.
 *
 * The output of every function here is part of the product's compatibility
 * promise: the same key must give the same stand-ins in every release.
 * test/pseudonymiser/golden.test.ts pins it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Keyed, PermuteOptions } from './types';

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ROUNDS = 10;
/** Plans (tweak and shape) a run keeps at most: past them all are dropped and made again as asked. */
const MAX_PLANS = 4096;

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

// ---------------------------------------------------------------- HMAC-SHA256

/*
 * HMAC-SHA256 (RFC 2104, FIPS 180-4) in JavaScript, the key's inner and outer
 * pad blocks hashed once per key. Stand-ins take tens of thousands of short
 * PRF calls per trace, and for messages this short node:crypto's per-call
 * overhead costs several times the hashing itself. It gives exactly
 * createHmac('sha256', key)'s output (test/pseudonymiser/keyed-hmac.test.ts
 * compares them).
 */

const K256 = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV256 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
/** A block's 16 big-endian words, for compressWords: the byte path's, and the outer hash's. */
const W = new Int32Array(16);

/**
 * One SHA-256 compression into state h of the block whose big-endian words are m[at, at + 16). The schedule's
 * last 16 words live in locals w0…w15 (w[t mod 16]) and the rounds are written out 16 at a time, the
 * working variables renamed instead of shifted: V8 keeps them all in registers.
 */
function compressWords(h: Int32Array, m: Int32Array, at: number): void {
  let a = h[0]!;
  let b = h[1]!;
  let c = h[2]!;
  let d = h[3]!;
  let e = h[4]!;
  let f = h[5]!;
  let g = h[6]!;
  let hh = h[7]!;
  let w0 = m[at + 0]!;
  let w1 = m[at + 1]!;
  let w2 = m[at + 2]!;
  let w3 = m[at + 3]!;
  let w4 = m[at + 4]!;
  let w5 = m[at + 5]!;
  let w6 = m[at + 6]!;
  let w7 = m[at + 7]!;
  let w8 = m[at + 8]!;
  let w9 = m[at + 9]!;
  let w10 = m[at + 10]!;
  let w11 = m[at + 11]!;
  let w12 = m[at + 12]!;
  let w13 = m[at + 13]!;
  let w14 = m[at + 14]!;
  let w15 = m[at + 15]!;
  let x: number;
  let y: number;
  let t1: number;
  for (let t = 0; t < 64; t += 16) {
    if (t > 0) {
      // w[i] = w[i - 16] + s0(w[i - 15]) + w[i - 7] + s1(w[i - 2])
      x = w1;
      y = w14;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w0 = (w0 + x + w9 + y) | 0;
      x = w2;
      y = w15;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w1 = (w1 + x + w10 + y) | 0;
      x = w3;
      y = w0;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w2 = (w2 + x + w11 + y) | 0;
      x = w4;
      y = w1;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w3 = (w3 + x + w12 + y) | 0;
      x = w5;
      y = w2;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w4 = (w4 + x + w13 + y) | 0;
      x = w6;
      y = w3;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w5 = (w5 + x + w14 + y) | 0;
      x = w7;
      y = w4;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w6 = (w6 + x + w15 + y) | 0;
      x = w8;
      y = w5;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w7 = (w7 + x + w0 + y) | 0;
      x = w9;
      y = w6;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w8 = (w8 + x + w1 + y) | 0;
      x = w10;
      y = w7;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w9 = (w9 + x + w2 + y) | 0;
      x = w11;
      y = w8;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w10 = (w10 + x + w3 + y) | 0;
      x = w12;
      y = w9;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w11 = (w11 + x + w4 + y) | 0;
      x = w13;
      y = w10;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w12 = (w12 + x + w5 + y) | 0;
      x = w14;
      y = w11;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w13 = (w13 + x + w6 + y) | 0;
      x = w15;
      y = w12;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w14 = (w14 + x + w7 + y) | 0;
      x = w0;
      y = w13;
      x = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      y = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w15 = (w15 + x + w8 + y) | 0;
    }
    // round t + i: t1 = h + S1(e) + Ch(e, f, g) + K[t + i] + w[i]; d += t1; h = t1 + S0(a) + Maj(a, b, c)
    t1 = hh + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7)));
    t1 = (t1 + (g ^ (e & (f ^ g))) + K256[t]! + w0) | 0;
    d = (d + t1) | 0;
    hh = t1 + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10)));
    hh = (hh + ((a & b) | (c & (a | b)))) | 0;
    t1 = g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7)));
    t1 = (t1 + (f ^ (d & (e ^ f))) + K256[t + 1]! + w1) | 0;
    c = (c + t1) | 0;
    g = t1 + (((hh >>> 2) | (hh << 30)) ^ ((hh >>> 13) | (hh << 19)) ^ ((hh >>> 22) | (hh << 10)));
    g = (g + ((hh & a) | (b & (hh | a)))) | 0;
    t1 = f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7)));
    t1 = (t1 + (e ^ (c & (d ^ e))) + K256[t + 2]! + w2) | 0;
    b = (b + t1) | 0;
    f = t1 + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10)));
    f = (f + ((g & hh) | (a & (g | hh)))) | 0;
    t1 = e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7)));
    t1 = (t1 + (d ^ (b & (c ^ d))) + K256[t + 3]! + w3) | 0;
    a = (a + t1) | 0;
    e = t1 + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10)));
    e = (e + ((f & g) | (hh & (f | g)))) | 0;
    t1 = d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7)));
    t1 = (t1 + (c ^ (a & (b ^ c))) + K256[t + 4]! + w4) | 0;
    hh = (hh + t1) | 0;
    d = t1 + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10)));
    d = (d + ((e & f) | (g & (e | f)))) | 0;
    t1 = c + (((hh >>> 6) | (hh << 26)) ^ ((hh >>> 11) | (hh << 21)) ^ ((hh >>> 25) | (hh << 7)));
    t1 = (t1 + (b ^ (hh & (a ^ b))) + K256[t + 5]! + w5) | 0;
    g = (g + t1) | 0;
    c = t1 + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10)));
    c = (c + ((d & e) | (f & (d | e)))) | 0;
    t1 = b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7)));
    t1 = (t1 + (a ^ (g & (hh ^ a))) + K256[t + 6]! + w6) | 0;
    f = (f + t1) | 0;
    b = t1 + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10)));
    b = (b + ((c & d) | (e & (c | d)))) | 0;
    t1 = a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7)));
    t1 = (t1 + (hh ^ (f & (g ^ hh))) + K256[t + 7]! + w7) | 0;
    e = (e + t1) | 0;
    a = t1 + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10)));
    a = (a + ((b & c) | (d & (b | c)))) | 0;
    t1 = hh + (((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7)));
    t1 = (t1 + (g ^ (e & (f ^ g))) + K256[t + 8]! + w8) | 0;
    d = (d + t1) | 0;
    hh = t1 + (((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10)));
    hh = (hh + ((a & b) | (c & (a | b)))) | 0;
    t1 = g + (((d >>> 6) | (d << 26)) ^ ((d >>> 11) | (d << 21)) ^ ((d >>> 25) | (d << 7)));
    t1 = (t1 + (f ^ (d & (e ^ f))) + K256[t + 9]! + w9) | 0;
    c = (c + t1) | 0;
    g = t1 + (((hh >>> 2) | (hh << 30)) ^ ((hh >>> 13) | (hh << 19)) ^ ((hh >>> 22) | (hh << 10)));
    g = (g + ((hh & a) | (b & (hh | a)))) | 0;
    t1 = f + (((c >>> 6) | (c << 26)) ^ ((c >>> 11) | (c << 21)) ^ ((c >>> 25) | (c << 7)));
    t1 = (t1 + (e ^ (c & (d ^ e))) + K256[t + 10]! + w10) | 0;
    b = (b + t1) | 0;
    f = t1 + (((g >>> 2) | (g << 30)) ^ ((g >>> 13) | (g << 19)) ^ ((g >>> 22) | (g << 10)));
    f = (f + ((g & hh) | (a & (g | hh)))) | 0;
    t1 = e + (((b >>> 6) | (b << 26)) ^ ((b >>> 11) | (b << 21)) ^ ((b >>> 25) | (b << 7)));
    t1 = (t1 + (d ^ (b & (c ^ d))) + K256[t + 11]! + w11) | 0;
    a = (a + t1) | 0;
    e = t1 + (((f >>> 2) | (f << 30)) ^ ((f >>> 13) | (f << 19)) ^ ((f >>> 22) | (f << 10)));
    e = (e + ((f & g) | (hh & (f | g)))) | 0;
    t1 = d + (((a >>> 6) | (a << 26)) ^ ((a >>> 11) | (a << 21)) ^ ((a >>> 25) | (a << 7)));
    t1 = (t1 + (c ^ (a & (b ^ c))) + K256[t + 12]! + w12) | 0;
    hh = (hh + t1) | 0;
    d = t1 + (((e >>> 2) | (e << 30)) ^ ((e >>> 13) | (e << 19)) ^ ((e >>> 22) | (e << 10)));
    d = (d + ((e & f) | (g & (e | f)))) | 0;
    t1 = c + (((hh >>> 6) | (hh << 26)) ^ ((hh >>> 11) | (hh << 21)) ^ ((hh >>> 25) | (hh << 7)));
    t1 = (t1 + (b ^ (hh & (a ^ b))) + K256[t + 13]! + w13) | 0;
    g = (g + t1) | 0;
    c = t1 + (((d >>> 2) | (d << 30)) ^ ((d >>> 13) | (d << 19)) ^ ((d >>> 22) | (d << 10)));
    c = (c + ((d & e) | (f & (d | e)))) | 0;
    t1 = b + (((g >>> 6) | (g << 26)) ^ ((g >>> 11) | (g << 21)) ^ ((g >>> 25) | (g << 7)));
    t1 = (t1 + (a ^ (g & (hh ^ a))) + K256[t + 14]! + w14) | 0;
    f = (f + t1) | 0;
    b = t1 + (((c >>> 2) | (c << 30)) ^ ((c >>> 13) | (c << 19)) ^ ((c >>> 22) | (c << 10)));
    b = (b + ((c & d) | (e & (c | d)))) | 0;
    t1 = a + (((f >>> 6) | (f << 26)) ^ ((f >>> 11) | (f << 21)) ^ ((f >>> 25) | (f << 7)));
    t1 = (t1 + (hh ^ (f & (g ^ hh))) + K256[t + 15]! + w15) | 0;
    e = (e + t1) | 0;
    a = t1 + (((b >>> 2) | (b << 30)) ^ ((b >>> 13) | (b << 19)) ^ ((b >>> 22) | (b << 10)));
    a = (a + ((b & c) | (d & (b | c)))) | 0;
  }
  h[0] = (h[0]! + a) | 0;
  h[1] = (h[1]! + b) | 0;
  h[2] = (h[2]! + c) | 0;
  h[3] = (h[3]! + d) | 0;
  h[4] = (h[4]! + e) | 0;
  h[5] = (h[5]! + f) | 0;
  h[6] = (h[6]! + g) | 0;
  h[7] = (h[7]! + hh) | 0;
}

/** One SHA-256 compression of the 64-byte block at buf[at] into state h. */
function compress(h: Int32Array, buf: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const j = at + 4 * t;
    W[t] = (buf[j]! << 24) | (buf[j + 1]! << 16) | (buf[j + 2]! << 8) | buf[j + 3]!;
  }
  compressWords(h, W, 0);
}

/** Writes s as UTF-8 (a lone surrogate as U+FFFD, as Buffer and node:crypto do) at buf[at]; returns the end. */
function putUtf8(buf: Uint8Array, at: number, s: string): number {
  let p = at;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) buf[p++] = c;
    else if (c < 0x800) {
      buf[p++] = 0xc0 | (c >> 6);
      buf[p++] = 0x80 | (c & 63);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          buf[p++] = 0xf0 | (c >> 18);
          buf[p++] = 0x80 | ((c >> 12) & 63);
          buf[p++] = 0x80 | ((c >> 6) & 63);
          buf[p++] = 0x80 | (c & 63);
          continue;
        }
        c = 0xfffd;
      }
      buf[p++] = 0xe0 | (c >> 12);
      buf[p++] = 0x80 | ((c >> 6) & 63);
      buf[p++] = 0x80 | (c & 63);
    }
  }
  return p;
}

function setState(h: Int32Array, from: Int32Array): void {
  for (let i = 0; i < 8; i++) h[i] = from[i]!;
}

/** The inner hash of an HMAC message's fixed beginning: its state after the whole blocks, and the bytes after them. */
interface Midstate {
  readonly state: Int32Array;
  readonly tail: Uint8Array;
  /** `tail` as the first 16 big-endian words of a block, zeros after it. */
  readonly words: Int32Array;
  /** Bytes compressed into `state`, the key's pad block included. */
  readonly hashed: number;
}

/** Blocks of message words after a midstate that macAfterBytes builds in M; longer messages take the byte path. */
const AFTER_BLOCKS = 8;
/** The message words after a midstate: its tail, the suffix, the padding. */
const M = new Int32Array(16 * AFTER_BLOCKS);
/** The outer hash's block: the inner hash's 8 words (written per call), 0x80, zeros, the bit length (64 + 32) * 8. */
const OUTER_W = new Int32Array(16);
OUTER_W[8] = 0x80000000 | 0;
OUTER_W[15] = 768;

/** HMAC-SHA256 under one key of `label`, a NUL and `input` (both UTF-8). */
class HmacSha256 {
  private readonly inner = IV256.slice();
  private readonly outer = IV256.slice();
  private readonly h = new Int32Array(8);
  /**
   * The byte path's buffer. Never replaced (a longer message gets a buffer of its own): optimised code that
   * takes this field for a constant would be thrown away the first time it changed.
   */
  private readonly buf = new Uint8Array(4096);

  constructor(key: Uint8Array) {
    const k = key.length > 64 ? createHash('sha256').update(key).digest() : key;
    const pad = new Uint8Array(64);
    for (let i = 0; i < 64; i++) pad[i] = (k[i] ?? 0) ^ 0x36;
    compress(this.inner, pad, 0);
    for (let i = 0; i < 64; i++) pad[i] = (k[i] ?? 0) ^ 0x5c;
    compress(this.outer, pad, 0);
  }

  /** A buffer for `units` UTF-16 code units (3 bytes each at most), padding included. */
  private room(units: number): Uint8Array {
    const need = 3 * units + 1 + 72;
    return need <= this.buf.length ? this.buf : new Uint8Array(need);
  }

  mac(label: string, input: string): Buffer {
    return this.toBuffer(this.macWords(label, input));
  }

  /** mac(label, input) as eight big-endian 32-bit words, in a state array the next call overwrites. */
  macWords(label: string, input: string): Int32Array {
    const buf = this.room(label.length + input.length);
    let n = putUtf8(buf, 0, label);
    buf[n++] = 0;
    n = putUtf8(buf, n, input);
    setState(this.h, this.inner);
    return this.finish(buf, n, 64);
  }

  /**
   * mac(label, prefix + suffix) is macAfterBytes(midstate(label, prefix), suffix):
   * the hashing of the prefix's whole blocks done once for every suffix (the
   * rounds of the permutation hash long common beginnings). Not kept here: the
   * permutation's plans keep theirs (cycle-walking permutes one value again
   * and again).
   */
  midstate(label: string, prefix: string): Midstate {
    const buf = this.room(label.length + 1 + prefix.length);
    let n = putUtf8(buf, 0, label);
    buf[n++] = 0;
    n = putUtf8(buf, n, prefix);
    const whole = n - (n % 64);
    const state = this.inner.slice();
    for (let at = 0; at < whole; at += 64) compress(state, buf, at);
    const tail = buf.slice(whole, n);
    const words = new Int32Array(16);
    for (let i = 0; i < tail.length; i++) words[i >> 2] = words[i >> 2]! | (tail[i]! << (24 - ((i & 3) << 3)));
    return { state, tail, words, hashed: 64 + whole };
  }

  /**
   * mac(label, prefix + suffix) as eight big-endian 32-bit words, in a state array the next call overwrites,
   * for mid = midstate(label, prefix) and the suffix's UTF-8 bytes suffix[0, len).
   */
  macAfterBytes(mid: Midstate, suffix: Uint8Array, len: number): Int32Array {
    const t = mid.tail.length;
    // the tail, the suffix, 0x80 and the 8-byte bit length, in whole blocks
    const blocks = (t + len + 9 + 63) >> 6;
    if (blocks > AFTER_BLOCKS) return this.macAfterBytesLong(mid, suffix, len);
    // built as big-endian words, the tail's copied from the midstate: no bytes to pack block by block
    const words = mid.words;
    for (let i = 0; i < 16; i++) M[i] = words[i]!;
    const end = blocks << 4;
    for (let i = 16; i < end; i++) M[i] = 0;
    for (let i = 0; i < len; i++) {
      const p = t + i;
      M[p >> 2] = M[p >> 2]! | (suffix[i]! << (24 - ((p & 3) << 3)));
    }
    const p = t + len;
    M[p >> 2] = M[p >> 2]! | (0x80 << (24 - ((p & 3) << 3)));
    const bits = (mid.hashed + p) * 8;
    M[end - 2] = Math.floor(bits / 0x100000000);
    M[end - 1] = bits | 0;
    const h = this.h;
    setState(h, mid.state);
    for (let at = 0; at < end; at += 16) compressWords(h, M, at);
    return this.outerHash(h);
  }

  /** macAfterBytes for a message longer than M holds, through the byte buffer. */
  private macAfterBytesLong(mid: Midstate, suffix: Uint8Array, len: number): Int32Array {
    const tail = mid.tail;
    const t = tail.length;
    const buf = t + len + 73 <= this.buf.length ? this.buf : new Uint8Array(t + len + 73);
    buf.set(tail, 0);
    buf.set(suffix.subarray(0, len), t);
    setState(this.h, mid.state);
    return this.finish(buf, t + len, mid.hashed);
  }

  private toBuffer(h: Int32Array): Buffer {
    const out = Buffer.allocUnsafe(32);
    // by hand: writeInt32BE validates its arguments on every call
    for (let i = 0; i < 8; i++) {
      const w = h[i]!;
      out[4 * i] = w >>> 24;
      out[4 * i + 1] = (w >>> 16) & 255;
      out[4 * i + 2] = (w >>> 8) & 255;
      out[4 * i + 3] = w & 255;
    }
    return out;
  }

  /** Pads and hashes buf[0, n) into the inner state (`hashed` bytes before it), then the outer hash; returns the state. */
  private finish(buf: Uint8Array, n: number, hashed: number): Int32Array {
    const h = this.h;
    // padding: 0x80, zeros, the bit length of the whole inner message (pad block included) big-endian
    const bits = (hashed + n) * 8;
    let end = n;
    buf[end++] = 0x80;
    while (end % 64 !== 56) buf[end++] = 0;
    const hi = Math.floor(bits / 0x100000000);
    buf[end++] = hi >>> 24;
    buf[end++] = (hi >>> 16) & 255;
    buf[end++] = (hi >>> 8) & 255;
    buf[end++] = hi & 255;
    buf[end++] = bits >>> 24;
    buf[end++] = (bits >>> 16) & 255;
    buf[end++] = (bits >>> 8) & 255;
    buf[end++] = bits & 255;
    for (let at = 0; at < end; at += 64) compress(h, buf, at);
    return this.outerHash(h);
  }

  /** The outer hash of the inner hash h, into h. */
  private outerHash(h: Int32Array): Int32Array {
    const outer = this.outer;
    for (let i = 0; i < 8; i++) {
      OUTER_W[i] = h[i]!;
      h[i] = outer[i]!;
    }
    compressWords(h, OUTER_W, 0);
    return h;
  }
}

/**
 * Moduli up to this take the number path of the permutation, in exact doubles (below 2^53); larger ones take
 * BigInt. Both give the same values.
 */
const NUMBER_MODULUS = 2 ** 48;

/**
 * (r * 2^bits + chunk) mod m for r < m, by a floored quotient: exact while m * (2^bits + 1) < 2^53, which keeps
 * the dividend and the product below 2^53. The quotient is estimated with inv = 1 / m rounded (a multiplication
 * costs less than a division): its relative error is below 2^-51 and the quotient below 2^33, so the estimate
 * is the true one or one off, and the remainder one correction away.
 */
function stepMod(r: number, scale: number, chunk: number, m: number, inv: number): number {
  const x = r * scale + chunk;
  const y = x - Math.floor(x * inv) * m;
  return y < 0 ? y + m : y >= m ? y - m : y;
}

/**
 * (r * 2^16 + chunk) mod m for r < m and 2^36 < m <= 2^48, m = mh * 2^24 + ml, inv = 1 / m rounded: the
 * quotient estimated in doubles is the true one or one off (the dividend's rounding error is below 2^11, a
 * 2^-25th of m, and inv's below 2^-52 of the quotient, itself below 2^17), and the remainder is computed exactly
 * from 24-bit halves of r and m, every product below 2^41 and every sum below 2^51.
 */
export function stepMod16(r: number, chunk: number, m: number, mh: number, ml: number, inv: number): number {
  const q = Math.floor((r * 65536 + chunk) * inv);
  const rh = Math.floor(r * 2 ** -24);
  const rl = r - rh * 16777216;
  let y = (rh * 65536 - q * mh) * 16777216 + (rl * 65536 - q * ml) + chunk;
  while (y < 0) y += m;
  while (y >= m) y -= m;
  return y;
}

/**
 * The 256-bit big-endian number in `h` mod m (1 < m <= NUMBER_MODULUS): for a power of two its low bits, else by
 * Horner's rule in chunks that fit.
 */
export function wordsMod(h: Int32Array, m: number): number {
  if (m <= 0x80000000) {
    if ((m & (m - 1)) === 0) return h[7]! & (m - 1);
  } else if (m % 0x100000000 === 0) {
    const hi = m / 0x100000000;
    if ((hi & (hi - 1)) === 0) return (h[6]! & (hi - 1)) * 0x100000000 + (h[7]! >>> 0);
  }
  const inv = 1 / m;
  let r = 0;
  if (m <= 2 ** 20) {
    for (let i = 0; i < 8; i++) r = stepMod(r, 0x100000000, h[i]! >>> 0, m, inv);
  } else if (m <= 2 ** 36) {
    for (let i = 0; i < 8; i++) {
      const w = h[i]! >>> 0;
      r = stepMod(r, 0x10000, w >>> 16, m, inv);
      r = stepMod(r, 0x10000, w & 0xffff, m, inv);
    }
  } else {
    const mh = Math.floor(m / 16777216);
    const ml = m - mh * 16777216;
    for (let i = 0; i < 8; i++) {
      const w = h[i]! >>> 0;
      r = stepMod16(r, w >>> 16, m, mh, ml, inv);
      r = stepMod16(r, w & 0xffff, m, mh, ml, inv);
    }
  }
  return r;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
const WORDS32 = new Uint32Array(8);
const WORDS64 = new BigUint64Array(WORDS32.buffer);

/** `acc` followed by the 256-bit big-endian number in `h`: acc * 2^256 + h. */
function appendWords(acc: bigint, h: Int32Array): bigint {
  if (!LITTLE_ENDIAN) {
    for (let i = 0; i < 8; i++) acc = (acc << 32n) | BigInt(h[i]! >>> 0);
    return acc;
  }
  // four 64-bit words, each its high 32 bits then its low ones in the big-endian state
  for (let j = 0; j < 4; j++) {
    WORDS32[2 * j] = h[2 * j + 1]!;
    WORDS32[2 * j + 1] = h[2 * j]!;
  }
  const top = acc === 0n ? WORDS64[0]! : (acc << 64n) | WORDS64[0]!;
  return (((((top << 64n) | WORDS64[1]!) << 64n) | WORDS64[2]!) << 64n) | WORDS64[3]!;
}

/** Number of bits of a positive BigInt. */
function bitLength(n: bigint): number {
  return n.toString(2).length;
}

/** Digits are gathered into groups whose radix product stays below this, to take few BigInt steps. */
const GROUP = 2 ** 53;

/** The product of radices as a BigInt. */
function product(rad: readonly number[]): bigint {
  let p = 1n;
  for (let i = 0; i < rad.length;) {
    let g = 1;
    for (; i < rad.length && g * rad[i]! < GROUP; i++) g *= rad[i]!;
    if (g === 1) g = rad[i++]!; // a radix of 2^53 or more: never, alphabets are short
    p *= BigInt(g);
  }
  return p;
}

/** The mixed-radix number of digits[from, from + rad.length), most significant first. */
function toBig(digits: readonly number[], from: number, rad: readonly number[]): bigint {
  let acc = 0n;
  for (let i = 0; i < rad.length;) {
    let g = 1;
    let v = 0;
    for (; i < rad.length && g * rad[i]! < GROUP; i++) {
      g *= rad[i]!;
      v = v * rad[i]! + digits[from + i]!;
    }
    if (g === 1) {
      g = rad[i]!;
      v = digits[from + i]!;
      i++;
    }
    acc = acc * BigInt(g) + BigInt(v);
  }
  return acc;
}

/** Writes the mixed-radix digits of n (n below the product of rad) to out[at, at + rad.length). */
function fromBig(n: bigint, rad: readonly number[], out: number[], at: number): void {
  for (let i = rad.length - 1; i >= 0;) {
    let g = 1;
    let j = i;
    for (; j >= 0 && g * rad[j]! < GROUP; j--) g *= rad[j]!;
    if (g === 1) {
      g = rad[j]!;
      j--;
    }
    const big = BigInt(g);
    putDigits(Number(n % big), rad, j + 1, i + 1, out, at);
    n /= big;
    i = j;
  }
}

/** The class of each ASCII character: 1 digits, 2 lower case, 3 upper case, 0 none; CLASS_FIRST: each class's first code. */
const CLASS_OF = new Uint8Array(128);
for (let c = 48; c <= 57; c++) CLASS_OF[c] = 1;
for (let c = 97; c <= 122; c++) CLASS_OF[c] = 2;
for (let c = 65; c <= 90; c++) CLASS_OF[c] = 3;
const CLASS_FIRST = Uint8Array.of(0, 48, 97, 65);

/** An alphabet's ASCII characters: the index of each one's first occurrence in it (indexOf), or -1. */
const asciiIndexes = new Map<string, Int32Array>();
function asciiIndexOf(alphabet: string): Int32Array {
  let table = asciiIndexes.get(alphabet);
  if (table === undefined) {
    table = new Int32Array(128).fill(-1);
    for (let i = alphabet.length - 1; i >= 0; i--) {
      const c = alphabet.charCodeAt(i);
      if (c < 128) table[c] = i;
    }
    if (asciiIndexes.size >= 256) asciiIndexes.clear();
    asciiIndexes.set(alphabet, table);
  }
  return table;
}

/** What the rounds of one permutation input shape need besides its digits (see `KeyedPrimitives.plan`). */
interface Plan {
  /** `${tweak}\0${shape}\0`: the PRF input's beginning after the block number. */
  readonly prefix: string;
  /** Midstates of `${i}\0${prefix}` for the PRF blocks i = 0, 1, …, made as needed. */
  readonly mids: Midstate[];
  /** The BigInt path's two sides; made at its first use. */
  big: { readonly a: BigSide; readonly b: BigSide } | null;
}

/** One half of the BigInt path: its modulus, and the PRF blocks its rounds take. */
interface BigSide {
  readonly modulus: bigint;
  /** k where the modulus is 2^k, else -1. */
  readonly pow: number;
  /** PRF blocks of the round function: its output covers the modulus with 128 spare bits. */
  readonly blocks: number;
  /** The first block that changes the result: 0, or for 2^k the first of the last ceil(k / 256). */
  readonly first: number;
}

function bigSide(modulus: bigint): BigSide {
  const bits = bitLength(modulus);
  const blocks = Math.ceil((bits + 128) / 256);
  const pow = modulus === 1n << BigInt(bits - 1) ? bits - 1 : -1;
  return { modulus, pow, blocks, first: pow < 0 ? 0 : blocks - Math.ceil(pow / 256) };
}

/** Writes the decimal digits of the integer 0 <= n < 2^53 at out[at]; returns the end. */
function putDecimal(out: Uint8Array, at: number, n: number): number {
  if (n < 0x80000000) return putSmallDecimal(out, at, n | 0, 0);
  // the last 8 digits apart, both parts in int32 arithmetic (n / 10^8 < 2^27)
  const hi = Math.floor(n / 1e8);
  const end = putSmallDecimal(out, at, hi | 0, 0);
  return putSmallDecimal(out, end, (n - hi * 1e8) | 0, 8);
}

/** Writes the decimal digits of the int32 0 <= n, zero-padded to `width`, at out[at]; returns the end. */
function putSmallDecimal(out: Uint8Array, at: number, n: number, width: number): number {
  // digits counted by division: the powers of ten past 10^9 are not int32s, and reaching one (for the first
  // n >= 10^9) deoptimised this function
  let len = 1;
  for (let m = n; m >= 10; m = (m / 10) | 0) len++;
  if (len < width) len = width;
  const end = at + len;
  for (let j = end - 1; j >= at; j--) {
    const q = (n / 10) | 0;
    out[j] = 48 + n - q * 10;
    n = q;
  }
  return end;
}

/**
 * Writes the mixed-radix digits of the integer 0 <= r < 2^53 to out[at + i] for i in [from, to), rad[i] the
 * radix of each, the least significant last: in double arithmetic while r is 2^31 or more, then in int32.
 */
function putDigits(r: number, rad: readonly number[], from: number, to: number, out: number[], at: number): void {
  let i = to - 1;
  for (; i >= from && r >= 0x80000000; i--) {
    const d = r % rad[i]!;
    out[at + i] = d;
    r = (r - d) / rad[i]!;
  }
  let x = r | 0;
  for (; i >= from; i--) {
    const q = (x / rad[i]!) | 0;
    out[at + i] = x - q * rad[i]!;
    x = q;
  }
}

/** Writes the ASCII string s at out[at]; returns the end. */
function putAscii(out: Uint8Array, at: number, s: string): number {
  for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  return at + s.length;
}

/** The string of UTF-16 code units codes[0, n), in slices that keep fromCharCode's argument list short. */
function fromCodes(codes: number[], n: number): string {
  if (n <= 4096) return String.fromCharCode.apply(null, n === codes.length ? codes : codes.slice(0, n));
  let out = '';
  for (let at = 0; at < n; at += 4096) out += String.fromCharCode.apply(null, codes.slice(at, Math.min(n, at + 4096)));
  return out;
}

/**
 * The keyed primitives of one key. A class, not closures made per key: a twin makes one per run, and V8 compiled
 * closures made afresh again in each run (a pool thread twinning file after file optimised the permutation's
 * functions again every few files); a class's methods are one function each for the life of the thread.
 */
class KeyedPrimitives implements Keyed {
  private readonly hmac: HmacSha256;
  /** The PRF input after a midstate: `${round}\0${half}`, as bytes (ASCII: a digit, NUL, decimal digits). */
  private suffix = new Uint8Array(64);
  /**
   * Plans by tweak, then shape (the prefix `${tweak}\0${shape}\0` is built once per plan): cycle-walking
   * permutes one value again and again, and values of one kind share a tweak and shape (private key lines,
   * tokens of one provider). A shape string of a fixed alphabet comes from `shapes`, already hashed.
   */
  private readonly plans = new Map<string, Map<string, Plan>>();
  private planCount = 0;
  /** Shapes of n positions of one fixed alphabet's length, by n * 1024 + length. */
  private readonly shapes = new Map<number, string>();
  /** Scratch arrays of the ASCII path, grown as needed. */
  private codes: number[] = [];
  private readonly positions: number[] = [];
  private readonly digits: number[] = [];
  private readonly rad: number[] = [];
  /** The alphabet of each position, as its class (1, 2, 3) or 0 for the fixed alphabet. */
  private readonly classes: number[] = [];

  constructor(key: Buffer) {
    this.hmac = new HmacSha256(key);
  }

  prf(label: string, input: string): Buffer {
    return this.hmac.mac(label, input);
  }

  private roomFor(digits: number): Uint8Array {
    if (this.suffix.length < digits + 2) this.suffix = new Uint8Array(2 * (digits + 2));
    return this.suffix;
  }

  /**
   * acc plus the permutation's round function, mod the side's modulus. The round function is
   * prf('fpe', `${i}\0${tweak}\0${shape}\0${round}\0${half}`) for i = 0, 1, … while fewer than `bits` bits
   * (the modulus's bit length and 128 more), as one big-endian number, reduced mod the modulus; `p.mids[i]`
   * holds the midstate of the beginning up to `${round}`. A power-of-two modulus 2^k keeps the number's low
   * k bits, which the blocks before the last ceil(k / 256) do not touch: those are not computed.
   */
  private fpeRound(p: Plan, round: number, half: bigint, acc: bigint, side: BigSide): bigint {
    const digits = half.toString();
    const buf = this.roomFor(digits.length);
    buf[0] = 48 + round;
    buf[1] = 0;
    const len = putAscii(buf, 2, digits);
    let v = 0n;
    for (let i = side.first; i < side.blocks; i++) {
      const mid = (p.mids[i] ??= this.hmac.midstate('fpe', `${i}\u0000${p.prefix}`));
      v = appendWords(v, this.hmac.macAfterBytes(mid, buf, len));
    }
    // (acc + v mod m) mod m in one division; mod 2^k, the low k bits
    return side.pow < 0 ? (acc + v) % side.modulus : BigInt.asUintN(side.pow, acc + v);
  }

  /** fpeRound for a modulus of at most NUMBER_MODULUS (one block of PRF output: 49 + 128 bits < 256). */
  private fpeRoundNumber(mid: Midstate, round: number, half: number, modulus: number): number {
    const buf = this.roomFor(16);
    buf[0] = 48 + round;
    buf[1] = 0;
    return wordsMod(this.hmac.macAfterBytes(mid, buf, putDecimal(buf, 2, half)), modulus);
  }

  pick(label: string, input: string, n: number): number {
    if (n <= 1) return 0;
    const h = this.hmac.macWords(label, input);
    // 48 bits are plenty for pool sizes far below 2^32; the bias is < 2^-16. The PRF output's first 6 bytes
    // big-endian (readUIntBE(0, 6) of prf's Buffer): the first word and the top half of the second.
    return ((h[0]! >>> 0) * 0x10000 + (h[1]! >>> 16)) % n;
  }

  private plan(tweak: string, shape: string): Plan {
    let byShape = this.plans.get(tweak);
    let p = byShape?.get(shape);
    if (p === undefined) {
      // bounded in all, not only when a tweak is new: the shapes of random tokens (a digit or a letter at each
      // place) are nearly all distinct, and one tweak's plans grew by one per token (about 2.4 KiB each: the
      // prefix, the midstate, the sides) for the whole run
      if (this.planCount >= MAX_PLANS) {
        this.plans.clear();
        this.planCount = 0;
        byShape = undefined;
      }
      if (byShape === undefined) {
        byShape = new Map();
        this.plans.set(tweak, byShape);
      }
      p = { prefix: `${tweak}\u0000${shape}\u0000`, mids: [], big: null };
      byShape.set(shape, p);
      this.planCount++;
    }
    return p;
  }

  private fixedShape(fixedLen: number, n: number): string {
    const id = n * 1024 + fixedLen;
    let shape = fixedLen < 1024 && n < 0x100000 ? this.shapes.get(id) : undefined;
    if (shape === undefined) {
      shape = n === 1 ? `${fixedLen}` : `${fixedLen},`.repeat(n - 1) + `${fixedLen}`;
      if (fixedLen < 1024 && n < 0x100000) {
        if (this.shapes.size >= 4096) this.shapes.clear();
        this.shapes.set(id, shape);
      }
    }
    return shape;
  }

  permute(value: string, tweak: string, opts?: PermuteOptions): string {
    if (opts?.keep === undefined) {
      const len = value.length;
      let ascii = true;
      for (let i = 0; i < len; i++) {
        if (value.charCodeAt(i) >= 128) {
          ascii = false;
          break;
        }
      }
      if (ascii) return this.permuteAscii(value, tweak, opts?.alphabet);
    }
    return this.permuteChars(value, tweak, opts);
  }

  /**
   * permuteChars for a value of ASCII characters and no `keep`: each character a code unit, found in its
   * alphabet by table; the same positions, digits and shape.
   */
  private permuteAscii(value: string, tweak: string, fixed: string | undefined): string {
    const len = value.length;
    if (this.codes.length < len) this.codes = new Array<number>(len);
    const { codes, positions, digits, rad, classes } = this;
    const table = fixed === undefined ? null : asciiIndexOf(fixed);
    const fixedLen = fixed === undefined ? 0 : fixed.length;
    let n = 0;
    for (let i = 0; i < len; i++) {
      const c = value.charCodeAt(i);
      codes[i] = c;
      if (table !== null) {
        const d = table[c]!;
        if (d < 0) continue;
        positions[n] = i;
        digits[n] = d;
        rad[n] = fixedLen;
        classes[n] = 0;
        n++;
      } else {
        const k = CLASS_OF[c]!;
        if (k === 0) continue;
        positions[n] = i;
        digits[n] = c - CLASS_FIRST[k]!;
        rad[n] = k === 1 ? 10 : 26;
        classes[n] = k;
        n++;
      }
    }
    if (n === 0) return value;
    const half = Math.ceil(n / 2);
    let shape: string;
    if (table !== null) {
      shape = this.fixedShape(fixedLen, n);
    } else {
      shape = `${rad[0]}`;
      for (let i = 1; i < n; i++) shape += rad[i] === 10 ? ',10' : ',26';
    }
    const out = this.rounds(digits, rad, n, half, this.plan(tweak, shape));
    for (let i = 0; i < n; i++) {
      const k = classes[i]!;
      codes[positions[i]!] = k === 0 ? fixed!.charCodeAt(out[i]!) : CLASS_FIRST[k]! + out[i]!;
    }
    return fromCodes(codes, len);
  }

  /** The permutation of any value: its code points, each letter or digit (or character of `opts.alphabet`) a digit. */
  private permuteChars(value: string, tweak: string, opts?: PermuteOptions): string {
    const chars = Array.from(value);
    const positions: number[] = [];
    const alphabets: string[] = [];
    const keep = opts?.keep;
    const fixed = opts?.alphabet;
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (keep?.(ch)) continue;
      let alphabet: string | null;
      if (fixed !== undefined) {
        alphabet = fixed.includes(ch) ? fixed : null;
      } else {
        alphabet = classAlphabet(ch);
      }
      if (alphabet === null) continue;
      positions.push(i);
      alphabets.push(alphabet);
    }
    const n = positions.length;
    if (n === 0) return value;
    const half = Math.ceil(n / 2);
    const digits = new Array<number>(n);
    const rad = new Array<number>(n);
    let shape = '';
    for (let i = 0; i < n; i++) {
      const alphabet = alphabets[i]!;
      digits[i] = alphabet.indexOf(chars[positions[i]!]!);
      rad[i] = alphabet.length;
      shape += i === 0 ? `${alphabet.length}` : `,${alphabet.length}`;
    }
    const out = this.rounds(digits, rad, n, half, this.plan(tweak, shape));
    for (let i = 0; i < n; i++) {
      chars[positions[i]!] = alphabets[i]![out[i]!]!;
    }
    return chars.join('');
  }

  /** The Feistel network on digits[0, n) of radices rad[0, n), the first `half` one side; returns the new digits. */
  private rounds(digits: number[], rad: number[], n: number, half: number, p: Plan): number[] {
    // the moduli as doubles: exact while small, and never below NUMBER_MODULUS once the exact product is above it
    let modA = 1;
    let modB = 1;
    for (let i = 0; i < half; i++) modA *= rad[i]!;
    for (let i = half; i < n; i++) modB *= rad[i]!;
    return modA <= NUMBER_MODULUS && modB <= NUMBER_MODULUS
      ? this.permuteNumber(digits, rad, n, half, modA, modB, p)
      : this.permuteBig(digits, rad, n, half, p);
  }

  /** The Feistel rounds on exact doubles; the PRF input writes each half in decimal, as BigInt's toString does. */
  private permuteNumber(
    digits: number[],
    rad: number[],
    n: number,
    half: number,
    modA: number,
    modB: number,
    p: Plan,
  ): number[] {
    let a = 0;
    let b = 0;
    for (let i = 0; i < half; i++) a = a * rad[i]! + digits[i]!;
    for (let i = half; i < n; i++) b = b * rad[i]! + digits[i]!;
    const mid = (p.mids[0] ??= this.hmac.midstate('fpe', `0\u0000${p.prefix}`));
    for (let r = 0; r < ROUNDS; r++) {
      // a half with a modulus of 1 is always 0 whatever the round adds
      if (r % 2 === 0) {
        if (modA > 1) a = (a + this.fpeRoundNumber(mid, r, b, modA)) % modA;
      } else if (modB > 1) {
        b = (b + this.fpeRoundNumber(mid, r, a, modB)) % modB;
      }
    }
    const out = new Array<number>(n);
    putDigits(b, rad, half, n, out, 0);
    putDigits(a, rad, 0, half, out, 0);
    return out;
  }

  private permuteBig(digits: number[], rad: number[], n: number, half: number, p: Plan): number[] {
    const radA = rad.slice(0, half);
    const radB = rad.slice(half, n);
    p.big ??= { a: bigSide(product(radA)), b: bigSide(product(radB)) };
    const { a: sideA, b: sideB } = p.big;
    let a = toBig(digits, 0, radA);
    let b = toBig(digits, half, radB);
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) a = this.fpeRound(p, r, b, a, sideA);
      else b = this.fpeRound(p, r, a, b, sideB);
    }
    const out = new Array<number>(n);
    fromBig(a, radA, out, 0);
    fromBig(b, radB, out, half);
    return out;
  }
}

export function createKeyed(key: Buffer): Keyed {
  return new KeyedPrimitives(key);
}
