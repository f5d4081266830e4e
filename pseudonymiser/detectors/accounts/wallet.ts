/**
 * Crypto wallet addresses, each only when its own checksum holds: Bitcoin
 * base58check (`1…` P2PKH, `3…` P2SH), Bitcoin segwit (`bc1…`, `tb1…`,
 * bech32 for version 0 and bech32m above), Ethereum (`0x` + 40 hex; when
 * mixed case, the EIP-55 casing must be right). Forty hex digits without
 * `0x` are git SHAs and stay.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { base58CheckDecode, eip55, segwitValid } from './checks';
import { isWord } from './util';

const BASE58 = /[13][1-9A-HJ-NP-Za-km-z]{25,34}/g;
const SEGWIT = /(?<![\w])(?:bc|tb|BC|TB)1[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}(?![\w])/g;
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
      SEGWIT.lastIndex = 0;
      while ((m = SEGWIT.exec(corpus)) !== null)
        if (segwitValid(m[0]))
          sink.add({ kind: 'wallet', surface: m[0], canonical: m[0].toLowerCase(), caseInsensitive: true });
    }
    BASE58.lastIndex = 0;
    while ((m = BASE58.exec(corpus)) !== null) {
      const end = m.index + m[0].length;
      if ((m.index > 0 && isWord(corpus.charCodeAt(m.index - 1))) || isWord(corpus.charCodeAt(end))) continue;
      const payload = base58CheckDecode(m[0]);
      if (payload && payload.length === 21 && (payload[0] === 0 || payload[0] === 5))
        sink.add({ kind: 'wallet', surface: m[0] });
    }
  },
};
