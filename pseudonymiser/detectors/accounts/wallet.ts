/**
 * Crypto wallet addresses, each only when its own checksum holds: Bitcoin
 * base58check (`1…` P2PKH, `3…` P2SH), Bitcoin segwit (`bc1…`, `tb1…`,
 * bech32 for version 0 and bech32m above), Ethereum (`0x` + 40 hex; when
 * mixed case, the EIP-55 casing must be right). Forty hex digits without
 * `0x` are git SHAs and stay.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { base58CheckDecode, eip55, segwitValid } from './checks';
import { charTable, firstInRuns, isWord } from './util';

export const BASE58 = /[13][1-9A-HJ-NP-Za-km-z]{25,34}/g;
const BASE58_AT = new RegExp(BASE58.source, 'y');
const BASE58_CHARS = charTable('123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');

/**
 * The next match of BASE58 at or after `from`: 26 or more base58 characters
 * (firstInRuns), confirmed by the pattern at each `1` or `3`.
 */
export function nextBase58(s: string, from: number): RegExpExecArray | null {
  return firstInRuns(s, from, BASE58_CHARS, 26, (p) => {
    const c = s.charCodeAt(p);
    if (c !== 49 && c !== 51) return null;
    BASE58_AT.lastIndex = p;
    return BASE58_AT.exec(s);
  });
}
export const SEGWIT = /(?<![\w])(?:bc|tb|BC|TB)1[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}(?![\w])/g;
const SEGWIT_AT = new RegExp(SEGWIT.source, 'y');
/** Whether `bc`, `tb`, `BC` or `TB` ends right before `at`. */
function hrpBefore(s: string, at: number): boolean {
  const a = s.charCodeAt(at - 2);
  const b = s.charCodeAt(at - 1);
  return (a === 98 && b === 99) || (a === 116 && b === 98) || (a === 66 && b === 67) || (a === 84 && b === 66);
}

/**
 * The next match of SEGWIT at or after `from`: each starts two characters
 * before a `1` (indexOf, far faster than the pattern scans the text) that
 * follows `bc` or `tb` in one case, and is confirmed by the pattern there.
 */
export function nextSegwit(s: string, from: number): RegExpExecArray | null {
  for (let one = s.indexOf('1', from + 2); one >= 0; one = s.indexOf('1', one + 1)) {
    if (!hrpBefore(s, one)) continue;
    SEGWIT_AT.lastIndex = one - 2;
    const m = SEGWIT_AT.exec(s);
    if (m) return m;
  }
  return null;
}
const HEX40 = /^[0-9a-fA-F]{40}$/;

export const walletDetector: Detector = {
  name: 'accounts.wallet',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
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
    if (/bc1|tb1/i.test(corpus)) {
      for (let from = 0; (m = nextSegwit(corpus, from)) !== null; from = m.index + m[0].length)
        if (segwitValid(m[0]))
          sink.add({ kind: 'wallet', surface: m[0], canonical: m[0].toLowerCase(), caseInsensitive: true });
    }
    for (let from = 0; (m = nextBase58(corpus, from)) !== null;) {
      const end = m.index + m[0].length;
      from = end;
      if ((m.index > 0 && isWord(corpus.charCodeAt(m.index - 1))) || isWord(corpus.charCodeAt(end))) continue;
      const payload = base58CheckDecode(m[0]);
      if (payload && payload.length === 21 && (payload[0] === 0 || payload[0] === 5))
        sink.add({ kind: 'wallet', surface: m[0] });
    }
  },
};
