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
      expect(stepMod16(r, chunk, m, mh, ml)).toBe(want);
    }
    // the quotient estimate was off in some of them: the corrections are exercised
    expect(off).toBeGreaterThan(0);
  });

  it('reduces 256-bit numbers like BigInt for moduli of every size', () => {
    const h = new Int32Array(8);
    for (let t = 0; t < 20000; t++) {
      for (let i = 0; i < 8; i++) h[i] = rnd(0x10000) * 0x10000 + rnd(0x10000);
      if (t % 4 === 0) h.fill(-1);
      const bits = 2 + rnd(47);
      const m = Math.max(2, Math.min(2 ** 48, Math.floor(2 ** bits * (1 + rnd(1000) / 1000)) - rnd(3)));
      let big = 0n;
      for (let i = 0; i < 8; i++) big = (big << 32n) | BigInt(h[i]! >>> 0);
      expect(wordsMod(h, m)).toBe(Number(big % BigInt(m)));
    }
  });
});
