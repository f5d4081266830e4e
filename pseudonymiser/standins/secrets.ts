/**
 * Stand-ins for secrets: provider tokens keep prefix, length and alphabet
 * (and a valid checksum where the format has a public one); JWTs stay
 * well-formed JWTs; private key blocks keep their header, footer and line
 * lengths. Every variable part goes through `keyed.permute` (format-
 * preserving and injective) with a tweak naming the kind and the attempt.
 */
import type { Keyed, Kind, StandInGenerator } from '../types';
import { classifyToken } from '../detectors/secrets/scan';
import { B64, B64URL, HEX, HEX_UPPER, b64urlDecode, type TokenRule } from '../detectors/secrets/rules';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

let crcTable: Int32Array | null = null;

/** CRC-32 (IEEE 802.3, the zlib polynomial) of an ASCII string. */
export function crc32(s: string): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < s.length; i++) crc = crcTable[(crc ^ s.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

/** The 6-character base62 checksum of GitHub and npm tokens (CRC32 of the entropy part, zero-padded). */
export function base62Checksum(entropy: string): string {
  let n = crc32(entropy);
  let out = '';
  while (n > 0) {
    out = BASE62[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(6, '0');
}

/** Permutes the capture groups of `rule` in `token`; everything outside them stays. */
function permuteByRule(token: string, rule: TokenRule, keyed: Keyed, tweak: string): string {
  rule.re.lastIndex = 0;
  const m = rule.re.exec(token);
  if (!m || !m.indices) return keyed.permute(token, tweak);
  const prefixLen = token.indexOf('_') + 1;
  if (rule.checksum === 'base62-crc32') {
    const body = token.slice(prefixLen);
    const entropy = body.slice(0, -6);
    if (base62Checksum(entropy) === body.slice(-6)) {
      const e2 = keyed.permute(entropy, `${tweak}\u0000${rule.id}`);
      return token.slice(0, prefixLen) + e2 + base62Checksum(e2);
    }
  }
  let out = '';
  let at = 0;
  for (let g = 1; g < m.indices.length; g++) {
    const span = m.indices[g];
    if (!span) continue;
    const [s, e] = span;
    if (s < at) continue;
    const alphabet = rule.alphabets[g - 1];
    const part = token.slice(s, e);
    out += token.slice(at, s);
    out += keyed.permute(part, `${tweak}\u0000${rule.id}\u0000${g}`, alphabet ? { alphabet } : undefined);
    at = e;
  }
  return out + token.slice(at);
}

/** Alphabet of a token with no known format: hex stays hex, base64 stays base64. */
function plainAlphabet(value: string): string | undefined {
  if (/^[0-9a-f-]+$/.test(value) && /[a-f]/.test(value) && /\d/.test(value)) return HEX;
  if (/^[0-9A-F-]+$/.test(value) && /[A-F]/.test(value) && /\d/.test(value)) return HEX_UPPER;
  if (/^[A-Za-z0-9+/]+=*$/.test(value) && /[+/]/.test(value)) return B64;
  return undefined;
}

/** A leading label of a value with no known format (`0x`, `sdk-`, `tgp_v1_`) that says what it is, not which one. */
const PLAIN_PREFIX = /^(?:0x|[a-z]{2,8}[-_.](?:v\d[-_.])?)(?=[A-Za-z0-9+/]{8})/;

function permutePlain(value: string, keyed: Keyed, tweak: string): string {
  const prefix = PLAIN_PREFIX.exec(value)?.[0] ?? '';
  const rest = value.slice(prefix.length);
  const alphabet = plainAlphabet(rest);
  return prefix + keyed.permute(rest, tweak, alphabet ? { alphabet } : undefined);
}

const secret: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const tweak = `secret\u0000${attempt}`;
    const rule = classifyToken(original);
    if (rule && rule.kind === 'jwt') return jwtStandIn(original, keyed, tweak);
    if (rule) return permuteByRule(original, rule, keyed, tweak);
    return permutePlain(original, keyed, tweak);
  },
};

/**
 * A password's stand-in: its characters permuted class by class. Percent-escapes (`%26` in a URL's userinfo, RFC
 * 3986 §2.1) stay as written and the characters between them are permuted, so the stand-in is still a
 * well-formed percent-encoded string.
 */
const password: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const tweak = `password\u0000${attempt}`;
    if (!/%[0-9A-Fa-f]{2}/.test(original)) return keyed.permute(original, tweak);
    const parts = original.split(/(%[0-9A-Fa-f]{2})/);
    const plain = parts.filter((_, i) => i % 2 === 0).join('');
    const p = plain.length > 0 ? keyed.permute(plain, tweak) : '';
    let k = 0;
    return parts
      .map((part, i) => {
        if (i % 2 === 1) return part;
        const out = p.slice(k, k + part.length);
        k += part.length;
        return out;
      })
      .join('');
  },
};

// ---------------------------------------------------------------- JWT

function b64urlEncode(s: string | Buffer): string {
  return Buffer.from(s).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Header fields whose value says how the token is built; they stay. */
const HEADER_KEEP = new Set(['alg', 'typ', 'cty', 'enc', 'zip', 'crit', 'b64']);

function looksLikeTimestamp(n: number): boolean {
  return Number.isInteger(n) && n >= 1e9 && n < 1e10;
}

function twinJson(v: unknown, keyed: Keyed, tweak: string, key: string, keepKeys: Set<string> | null): unknown {
  if (keepKeys && keepKeys.has(key)) return v;
  if (typeof v === 'string') return keyed.permute(v, `${tweak}\u0000s`);
  if (typeof v === 'number') {
    if (looksLikeTimestamp(v) || !Number.isFinite(v)) return v;
    const text = String(v);
    if (!/^-?\d+$/.test(text) || text.replace('-', '').length < 2) return v;
    const digits = text.replace('-', '');
    let p = keyed.permute(digits, `${tweak}\u0000n`);
    if (p.startsWith('0')) p = digits[0] + p.slice(1);
    const n = Number((text.startsWith('-') ? '-' : '') + p);
    return Number.isSafeInteger(n) ? n : v;
  }
  if (Array.isArray(v)) return v.map((x) => twinJson(x, keyed, tweak, '', null));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) out[k] = twinJson(x, keyed, tweak, k, keepKeys);
    return out;
  }
  return v;
}

function twinSegment(seg: string, keyed: Keyed, tweak: string, keep: Set<string> | null): string | null {
  const text = b64urlDecode(seg);
  if (text === null) return null;
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object') return null;
    return b64urlEncode(JSON.stringify(twinJson(v, keyed, tweak, '', keep)));
  } catch {
    return null;
  }
}

/** Random bytes of the segment's decoded length, base64url-encoded: same length, same alphabet, decodable. */
function freshBytes(seg: string, keyed: Keyed, label: string, input: string): string {
  const bytes = Math.floor((seg.length * 6) / 8);
  const chunks: Buffer[] = [];
  for (let i = 0; chunks.length * 32 < bytes; i++) chunks.push(keyed.prf(label, `${i}\u0000${input}`));
  const out = b64urlEncode(Buffer.concat(chunks).subarray(0, bytes));
  // a length of 4k+1 base64url characters cannot come from whole bytes: keep such a segment's length anyway
  return out.length === seg.length ? out : keyed.permute(seg, `${label}\u0000${input}`, { alphabet: B64URL });
}

export function jwtStandIn(token: string, keyed: Keyed, tweak: string): string {
  const parts = token.split('.');
  const t = `jwt\u0000${tweak}`;
  const out = parts.map((p, i) => {
    if (p.length === 0) return p;
    if (i === 0) return twinSegment(p, keyed, `${t}\u0000h`, HEADER_KEEP) ?? keyed.permute(p, t, { alphabet: B64URL });
    if (i === 1 && parts.length === 3)
      return twinSegment(p, keyed, `${t}\u0000p`, null) ?? keyed.permute(p, t, { alphabet: B64URL });
    return freshBytes(p, keyed, 'jwt-part', `${t}\u0000${i}\u0000${token}`);
  });
  return out.join('.');
}

const jwt: StandInGenerator = {
  generate: (original, _canonical, keyed, attempt) => jwtStandIn(original, keyed, `${attempt}`),
};

// ---------------------------------------------------------------- private key blocks

/** Leading base64 of key containers that is format, not key material (kept so the block still reads as its type). */
const STRUCTURAL_PREFIXES = ['b3BlbnNzaC1rZXktdjEAAAAA', 'MII'];

export function privateKeyStandIn(block: string, keyed: Keyed, tweak: string): string {
  const headEnd = block.indexOf('-----', 5) + 5;
  const footStart = block.lastIndexOf('-----END');
  if (headEnd < 5 || footStart < headEnd) return keyed.permute(block, tweak, { alphabet: B64 });
  const body = block.slice(headEnd, footStart);
  // line breaks (real or written as \n escapes), armor headers and padding stay
  const pieces = body.split(/(\r?\n|\r|\\r\\n|\\n|\\r)/);
  let first = true;
  const out = pieces.map((piece, i) => {
    if (i % 2 === 1) return piece;
    const line = piece.trim();
    if (line.length === 0 || /^[A-Za-z][A-Za-z0-9-]{0,30}: ?/.test(line)) return piece;
    let keep = 0;
    if (first) {
      for (const p of STRUCTURAL_PREFIXES) if (piece.startsWith(p)) keep = p.length;
      first = false;
    }
    return piece.slice(0, keep) + keyed.permute(piece.slice(keep), `${tweak}\u0000${i}`, { alphabet: B64 });
  });
  return block.slice(0, headEnd) + out.join('') + block.slice(footStart);
}

const privateKey: StandInGenerator = {
  generate: (original, _canonical, keyed, attempt) => privateKeyStandIn(original, keyed, `private_key\u0000${attempt}`),
};

export const secretGenerators: Partial<Record<Kind, StandInGenerator>> = {
  secret,
  password,
  jwt,
  private_key: privateKey,
};
