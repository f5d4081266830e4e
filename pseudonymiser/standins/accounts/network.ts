/** Public IPs stay public and in their family; MAC addresses keep separators, case and the unicast/local bits. */
import type { StandInGenerator } from '../../types';
import { ipv4Public, ipv6Public, parseIPv4, parseIPv6 } from '../../detectors/accounts/checks';
import { walk } from './layout';

const HEX = '0123456789abcdef';
/** Public resolvers and other well-known service addresses are kept by the detector; never produce them. */
const WELL_KNOWN_V4 = new Set(['8.8.8.8', '8.8.4.4', '1.1.1.1', '1.0.0.1', '9.9.9.9', '149.112.112.112']);

export const ipGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const v4 = parseIPv4(original);
    if (v4 !== null) {
      const hex = v4.toString(16).padStart(8, '0');
      const ok = (h: string): boolean => {
        const n = parseInt(h, 16);
        const s = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
        return ipv4Public(n) && !WELL_KNOWN_V4.has(s);
      };
      const out = walk(keyed, hex, `ip4\u0000${attempt}`, ok, 200, HEX) ?? hex;
      const n = parseInt(out, 16);
      return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
    }
    // IPv6: the written form (compression, group widths) is kept; hex digits are permuted
    const lower = original.toLowerCase();
    const ok = (s: string): boolean => {
      const g = parseIPv6(s);
      return g !== null && ipv6Public(g);
    };
    const out = walk(keyed, lower, `ip6\u0000${attempt}`, ok, 400, HEX) ?? keyed.permute(canonical, `ip6\u0000x`);
    return /[A-F]/.test(original) && !/[a-f]/.test(original) ? out.toUpperCase() : out;
  },
};

export const macGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const hex = canonical.replace(/[^0-9a-f]/g, '');
    const bits = parseInt(hex.slice(0, 2), 16) & 3;
    const ok = (h: string): boolean => (parseInt(h.slice(0, 2), 16) & 3) === bits && !/^(?:0{12}|f{12})$/.test(h);
    const out = walk(keyed, hex, `mac\u0000${attempt}`, ok, 200, HEX) ?? hex;
    const upper = /[A-F]/.test(original) && !/[a-f]/.test(original);
    let k = 0;
    let res = '';
    for (const ch of original) {
      if (/[0-9a-fA-F]/.test(ch) && k < out.length) res += upper ? out[k++]!.toUpperCase() : out[k++]!;
      else res += ch;
    }
    return res;
  },
};
