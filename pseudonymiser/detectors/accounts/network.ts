/**
 * Public IPv6 addresses (global unicast 2000::/3 outside documentation
 * prefixes; loopback, link-local, unique-local and multicast stay) and MAC
 * addresses (colon or dash separated; the all-zero and broadcast addresses
 * stay). Public IPv4 addresses are found with the other digit-led values
 * (numbers.ts).
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { ipv6Public, parseIPv6 } from './checks';
import { isWord } from './util';

// Found without lookarounds (fast scans); the boundaries are checked on each match.
const IPV6 = /[23][0-9A-Fa-f]{0,3}:[0-9A-Fa-f:]{2,36}/g;
const MAC = /[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}\1[0-9A-Fa-f]{2}/g;

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
    IPV6.lastIndex = 0;
    while ((m = IPV6.exec(corpus)) !== null) {
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
    MAC.lastIndex = 0;
    while ((m = MAC.exec(corpus)) !== null) {
      const end = m.index + m[0].length;
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
