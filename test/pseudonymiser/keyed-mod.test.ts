import { stepMod16, wordsMod } from '../../pseudonymiser/keyed';

/**
 * wordsMod reduces a PRF output mod a half's modulus in doubles; for moduli above 2^36 each step estimates a
 * quotient in floating point and corrects the remainder. Both must agree with BigInt arithmetic, also where
 * the dividend lies next to a multiple of the modulus (where the estimate is one off).
 */
describe('keyed mod', () => {
  let seed = 3;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const rnd48 = () => rnd(0x1000000) * 0x1000000 + rnd(0x1000000);

  it('steps like BigInt next to multiples of the modulus', () => {
    let off = 0;
    for (let t = 0; t < 20000; t++) {
      const m = 2 ** 36 + 1 + (rnd48() % (2 ** 48 - 2 ** 36));
      const mh = Math.floor(m / 16777216);
      const ml = m - mh * 16777216;
      // x = q * m + d for d in [-2, 2], below m * 2^16
      const q = BigInt(1 + rnd(65535));
      const d = BigInt(rnd(5) - 2);
      const x = q * BigInt(m) + d;
      const r = Number(x >> 16n);
      const chunk = Number(x & 0xffffn);
      const want = Number(x % BigInt(m));
      if (Math.floor((r * 65536 + chunk) / m) !== Number(x / BigInt(m))) off++;
      expect(stepMod16(r, chunk, m, mh, ml, 1 / m)).toBe(want);
    }
    // the quotient estimate was off in some of them: the corrections are exercised
    expect(off).toBeGreaterThan(0);
  });

  it('reduces 256-bit numbers like BigInt for moduli of every size', () => {
    const h = new Int32Array(8);
    for (let t = 0; t < 20000; t++) {
      for (let i = 0; i < 8; i++) h[i] = rnd(0x10000) * 0x10000 + rnd(0x10000);
      if (t % 4 === 0) h.fill(-1);
      const bits = 1 + rnd(48);
      // powers of two (their low bits) and their neighbours as often as other moduli
      const m =
        t % 3 === 0
          ? 2 ** bits - 1 + rnd(3)
          : Math.max(2, Math.min(2 ** 48, Math.floor(2 ** bits * (1 + rnd(1000) / 1000)) - rnd(3)));
      let big = 0n;
      for (let i = 0; i < 8; i++) big = (big << 32n) | BigInt(h[i]! >>> 0);
      expect(wordsMod(h, m)).toBe(Number(big % BigInt(m)));
    }
  });
  // each step's quotient is estimated with 1 / m: words chosen so that every step's dividend lies next to a
  // multiple of the modulus, where the estimate can be one off either way
  it('reduces like BigInt where every step lands next to a multiple of the modulus', () => {
    const h = new Int32Array(8);
    for (let t = 0; t < 20000; t++) {
      const bits = 2 + rnd(46);
      const m = Math.max(3, Math.floor(2 ** bits * (1 + rnd(1000) / 1000)) - rnd(3));
      // the steps wordsMod takes: 32-bit chunks up to 2^20, 16-bit ones above
      const chunkBits = m <= 2 ** 20 ? 32 : 16;
      const bm = BigInt(m);
      let r = 0n;
      const chunks: number[] = [];
      for (let i = 0; i < 256 / chunkBits; i++) {
        const shifted = (r << BigInt(chunkBits)) % bm;
        // chunk = -r * 2^bits mod m + d (+ a multiple of m), when that fits in the chunk
        let c = Number((bm - shifted) % bm) + (rnd(5) - 2);
        if (m < 2 ** chunkBits) c += m * rnd(Math.floor(2 ** chunkBits / m));
        if (c < 0 || c >= 2 ** chunkBits) c = rnd(2 ** Math.min(chunkBits, 30));
        chunks.push(c);
        r = ((r << BigInt(chunkBits)) + BigInt(c)) % bm;
      }
      for (let i = 0; i < 8; i++) h[i] = chunkBits === 32 ? chunks[i]! : chunks[2 * i]! * 0x10000 + chunks[2 * i + 1]!;
      expect(wordsMod(h, m)).toBe(Number(r));
    }
  });
});
