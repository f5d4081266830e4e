/**
 * Crypto wallet addresses, each only when its own checksum holds:
 * base58check of a known version byte (Bitcoin `1…` / `3…` and testnet
 * `m… n… 2…`, Litecoin `L… M…`, Dogecoin `D… 9… A…`, Dash `X… 7…`, Tron
 * `T…`, Zcash transparent `t1… t3…`), segwit (bech32 for version 0,
 * bech32m above: `bc1…`, `tb1…`, `bcrt1…`, `ltc1…`, `tltc1…`), Ethereum and
 * its kin (`0x` + 40 hex; when mixed case, the EIP-55 casing must be right).
 * Solana addresses (base58 of 32 bytes, no checksum) only where the words
 * before them or their key say wallet, address, Solana, public key….
 * Forty hex digits without `0x` are git SHAs and stay.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { base58CheckDecode, base58Decode, eip55, segwitValid, SEGWIT_HRP_LIST } from './checks';
import { charTable, firstInRuns, isWord, lastKey, normKey } from './util';

/**
 * base58check version bytes of addresses (as the coins' chain parameters set them: Bitcoin 0x00, 0x05,
 * testnet 0x6f, 0xc4; Litecoin 0x30, 0x32; Dogecoin 0x1e, 0x16; Dash 0x4c, 0x10; Tron 0x41), all over a
 * 20-byte hash; Zcash transparent addresses have two version bytes (0x1cb8, 0x1cbd).
 */
const VERSIONS_1 = new Set([0x00, 0x05, 0x6f, 0xc4, 0x30, 0x32, 0x1e, 0x16, 0x4c, 0x10, 0x41]);
const VERSIONS_2 = new Set([0x1cb8, 0x1cbd]);

/** Whether a base58check payload is an address of a known version. */
export function addressPayload(payload: Buffer): boolean {
  if (payload.length === 21) return VERSIONS_1.has(payload[0]!);
  return payload.length === 22 && VERSIONS_2.has(payload.readUInt16BE(0));
}

/** The first characters those versions give an address of 25 or 26 bytes. */
export const BASE58 = /[123679ADLMTXmnt][1-9A-HJ-NP-Za-km-z]{25,34}/g;
const BASE58_AT = new RegExp(BASE58.source, 'y');
const BASE58_CHARS = charTable('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');

const BASE58_FIRST = charTable('123679ADLMTXmnt');

/**
 * The next match of BASE58 at or after `from`: 26 or more base58 characters
 * (firstInRuns), confirmed by the pattern at each of its first characters.
 */
export function nextBase58(s: string, from: number): RegExpExecArray | null {
  return firstInRuns(s, from, BASE58_CHARS, 26, (p) => {
    if (BASE58_FIRST[s.charCodeAt(p)] === 0) return null;
    BASE58_AT.lastIndex = p;
    return BASE58_AT.exec(s);
  });
}
/** Human-readable parts of segwit addresses (BIP-173 and the coins' chain parameters), longest first. */
const SEGWIT_HRPS: readonly string[] = SEGWIT_HRP_LIST;
export const SEGWIT = new RegExp(
  `(?<![\\w])(?:${SEGWIT_HRPS.join('|')}|${SEGWIT_HRPS.join('|').toUpperCase()})1[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}(?![\\w])`,
  'g',
);
const SEGWIT_AT = new RegExp(SEGWIT.source, 'y');
const HRP_FORMS = [...SEGWIT_HRPS, ...SEGWIT_HRPS.map((h) => h.toUpperCase())];

/**
 * The next match of SEGWIT at or after `from`: each starts right before a
 * `1` (indexOf, far faster than the pattern scans the text) with one of the
 * human-readable parts in one case before it, and is confirmed by the
 * pattern there. A part holds no `1`, so matches come in the order of their `1`.
 */
export function nextSegwit(s: string, from: number): RegExpExecArray | null {
  for (let one = s.indexOf('1', from + 2); one >= 0; one = s.indexOf('1', one + 1)) {
    const prev = s.charCodeAt(one - 1) | 32;
    if (prev !== 99 && prev !== 98 && prev !== 116) continue; // every part ends in c, b or t
    for (const hrp of HRP_FORMS) {
      const at = one - hrp.length;
      if (at < from || !s.startsWith(hrp, at)) continue;
      SEGWIT_AT.lastIndex = at;
      const m = SEGWIT_AT.exec(s);
      if (m) return m;
    }
  }
  return null;
}

/** Base58 runs of 32 to 44 characters: a Solana address is the base58 of 32 bytes. */
const SOLANA_AT = /[1-9A-HJ-NP-Za-km-z]{32,44}(?![\w-])/y;
/** Words before a Solana address (within its line) or in its key. */
const SOLANA_WORDS =
  /(?:solana|\bsol\b|phantom|wallet|address|addr\b|pubkey|public[ _-]?key|recipient|payee|payout|deposit|withdraw|\bmint\b|owner|signer|\bspl\b)[^\n]{0,40}$/i;
const SOLANA_KEYS =
  /(?:^|_)(?:wallet|address|addr|pubkey|public_key|recipient|payee|owner|signer|mint|sol|solana)(?:_|$)/;

/** Whether the base58 run at `p` sits where the words or its key say it is an address. */
function solanaContext(chunk: Chunk, ctx: DetectContext, p: number): boolean {
  const seg = ctx.segmentAt(chunk, p);
  if (seg.path.length > 0 && SOLANA_KEYS.test(normKey(lastKey(seg.path)))) return true;
  return SOLANA_WORDS.test(chunk.corpus.slice(Math.max(seg.start, p - 64), p));
}

const HEX40 = /^[0-9a-fA-F]{40}$/;

export const walletDetector: Detector = {
  name: 'accounts.wallet',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const corpus = chunk.corpus;
    let i = corpus.indexOf('0x');
    while (i >= 0) {
      const body = corpus.slice(i + 2, i + 42);
      if (
        (i === 0 || !isWord(corpus.charCodeAt(i - 1))) &&
        HEX40.test(body) &&
        !isWord(corpus.charCodeAt(i + 42)) &&
        !/^[0-9]+$/.test(body)
      ) {
        const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
        if (!mixed || eip55(body) === body)
          sink.add({
            kind: 'wallet',
            surface: '0x' + body,
            canonical: '0x' + body.toLowerCase(),
            caseInsensitive: true,
          });
        i = corpus.indexOf('0x', i + 42);
      } else i = corpus.indexOf('0x', i + 2);
    }
    let m: RegExpExecArray | null;
    if (/(?:bc|tb|rt|tc)1/i.test(corpus)) {
      for (let from = 0; (m = nextSegwit(corpus, from)) !== null; from = m.index + m[0].length)
        if (segwitValid(m[0]))
          sink.add({ kind: 'wallet', surface: m[0], canonical: m[0].toLowerCase(), caseInsensitive: true });
    }
    for (let from = 0; (m = nextBase58(corpus, from)) !== null;) {
      let end = m.index + m[0].length;
      from = end;
      if (isWord(corpus.charCodeAt(end))) {
        // inside a longer word: no address ends in it, nor starts after its first character (and a scan
        // from each later place would read the whole run again: quadratic in a long run)
        while (isWord(corpus.charCodeAt(end))) end++;
        from = end;
        continue;
      }
      if (m.index > 0 && isWord(corpus.charCodeAt(m.index - 1))) continue;
      const payload = base58CheckDecode(m[0]);
      if (payload && addressPayload(payload)) sink.add({ kind: 'wallet', surface: m[0] });
    }
    for (let from = 0; ;) {
      const found = firstInRuns(corpus, from, BASE58_CHARS, 32, (p) => {
        if (p > 0 && (isWord(corpus.charCodeAt(p - 1)) || corpus.charCodeAt(p - 1) === 45)) return null;
        SOLANA_AT.lastIndex = p;
        return SOLANA_AT.exec(corpus);
      });
      if (found === null) break;
      from = found.index + found[0].length;
      const text = found[0];
      // a base58check address of the kinds above, or a run of digits or of letters alone, is none
      if (/^\d+$|^[A-Za-z]+$/.test(text) || !/\d/.test(text) || !solanaContext(chunk, ctx, found.index)) continue;
      const bytes = base58Decode(text);
      if (bytes !== null && bytes.length === 32 && base58CheckDecode(text) === null)
        sink.add({ kind: 'wallet', surface: text, canonical: 'sol:' + text });
    }
  },
};
