/**
 * Public IPv6 addresses (global unicast 2000::/3 outside documentation
 * prefixes; loopback, link-local, unique-local and multicast stay) and MAC
 * addresses (colon or dash separated; the all-zero and broadcast addresses
 * stay). Public IPv4 addresses are found with the other digit-led values
 * (numbers.ts).
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { ipv6Public, parseIPv6 } from './checks';
import { charTable, firstInRuns, isWord } from './util';

// Found without lookarounds (fast scans); the boundaries are checked on each match.
const IPV6 = /[23][0-9A-Fa-f]{0,3}:[0-9A-Fa-f:]{2,36}/g;
const MAC = /[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}/g;

const IPV6_AT = new RegExp(IPV6.source, 'y');
const isHexCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/**
 * The next match of IPV6 at or after `from`. A match's first `:` comes at
 * most four hex digits after its start, so each is found from a `:` (indexOf,
 * far faster than the pattern scans the text) and confirmed by the pattern
 * at each `2` or `3` among those digits, leftmost first.
 */
function nextIpv6(s: string, from: number): RegExpExecArray | null {
  for (let c = s.indexOf(':', from); c >= 0; c = s.indexOf(':', c + 1)) {
    let q = c;
    while (q > from && c - q < 4 && isHexCode(s.charCodeAt(q - 1))) q--;
    for (let p = q; p < c; p++) {
      const d = s.charCodeAt(p);
      if (d !== 50 && d !== 51) continue;
      IPV6_AT.lastIndex = p;
      const m = IPV6_AT.exec(s);
      if (m) return m;
    }
  }
  return null;
}

const MAC_AT = new RegExp(MAC.source, 'y');
const MAC_CHARS = charTable('0123456789ABCDEFabcdef:-');

/** The next match of MAC at or after `from`: 17 characters of hex digits and separators (see firstInRuns). */
function nextMac(s: string, from: number): RegExpExecArray | null {
  return firstInRuns(s, from, MAC_CHARS, 17, (p) => {
    const sep = s.charCodeAt(p + 2);
    if ((sep !== 58 && sep !== 45) || s.charCodeAt(p + 5) !== sep) return null;
    MAC_AT.lastIndex = p;
    return MAC_AT.exec(s);
  });
}

const isHexOrWord = (c: number): boolean => isWord(c);
/** No letter, digit, `_`, `:` or `.` right before `start`. */
function leftFree(s: string, start: number, extra: string): boolean {
  if (start === 0) return true;
  const c = s.charCodeAt(start - 1);
  return !isHexOrWord(c) && !extra.includes(s[start - 1]!);
}

export const networkDetector: Detector = {
  name: 'accounts.network',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    let m: RegExpExecArray | null;
    for (let from = 0; (m = nextIpv6(corpus, from)) !== null;) {
      from = m.index + m[0].length;
      if (!leftFree(corpus, m.index, ':.')) {
        // a later start inside this run is a different token: skip the run
        continue;
      }
      const end = m.index + m[0].length;
      if (end < corpus.length && (isWord(corpus.charCodeAt(end)) || corpus[end] === '.')) continue;
      const g = parseIPv6(m[0]);
      // at least three groups written out, so `2:30:` times and `3::x` code never qualify
      if (g && ipv6Public(g) && m[0].split(':').filter((x) => x.length > 0).length >= 3)
        sink.add({
          kind: 'ip',
          surface: m[0],
          canonical: g.map((x) => x.toString(16)).join(':'),
          caseInsensitive: true,
        });
    }
    for (let from = 0; (m = nextMac(corpus, from)) !== null;) {
      const end = m.index + m[0].length;
      from = end;
      const next = corpus[end] ?? ' ';
      if (
        !leftFree(corpus, m.index, ':-.') ||
        isWord(corpus.charCodeAt(end)) ||
        next === ':' ||
        next === '-' ||
        (next === '.' && /\d/.test(corpus[end + 1] ?? ''))
      )
        continue;
      const hex = m[0].replace(/[:-]/g, '').toLowerCase();
      if (/^(?:0{12}|f{12})$/.test(hex)) continue;
      if (m[1] === '-' && /^[\d-]+$/.test(m[0])) continue; // dashed digit groups are dates or codes more often
      sink.add({ kind: 'mac', surface: m[0], canonical: hex, caseInsensitive: true });
    }
  },
};
