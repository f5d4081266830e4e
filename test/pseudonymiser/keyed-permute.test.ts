import { createHmac } from 'node:crypto';
import { createKeyed } from '../../pseudonymiser/keyed';
import type { PermuteOptions } from '../../pseudonymiser/types';

/**
 * The permutation as specified, written plainly: BigInt halves and node:crypto's HMAC. keyed.ts computes it
 * faster (doubles for small moduli, grouped digits, midstates); both must give the same string for every value.
 */
function referencePermute(key: Buffer, value: string, tweak: string, opts?: PermuteOptions): string {
  const prf = (input: string) =>
    createHmac('sha256', key)
      .update('fpe\u0000' + input)
      .digest();
  const chars = Array.from(value);
  const positions: number[] = [];
  const alphabets: string[] = [];
  chars.forEach((ch, i) => {
    if (opts?.keep?.(ch)) return;
    let alphabet: string | null = null;
    if (opts?.alphabet !== undefined) alphabet = opts.alphabet.includes(ch) ? opts.alphabet : null;
    else if (/[0-9]/.test(ch)) alphabet = '0123456789';
    else if (/[a-z]/.test(ch)) alphabet = 'abcdefghijklmnopqrstuvwxyz';
    else if (/[A-Z]/.test(ch)) alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    if (alphabet === null) return;
    positions.push(i);
    alphabets.push(alphabet);
  });
  if (positions.length === 0) return value;
  const digits = positions.map((p, i) => alphabets[i]!.indexOf(chars[p]!));
  const half = Math.ceil(positions.length / 2);
  const radA = alphabets.slice(0, half).map((a) => BigInt(a.length));
  const radB = alphabets.slice(half).map((a) => BigInt(a.length));
  const toNum = (ds: number[], rad: bigint[]) => ds.reduce((acc, d, i) => acc * rad[i]! + BigInt(d), 0n);
  const modA = radA.reduce((x, y) => x * y, 1n);
  const modB = radB.reduce((x, y) => x * y, 1n);
  let a = toNum(digits.slice(0, half), radA);
  let b = toNum(digits.slice(half), radB);
  const shape = alphabets.map((al) => al.length).join(',');
  const round = (r: number, other: bigint, mod: bigint): bigint => {
    const bits = mod.toString(2).length + 128;
    const blocks: Buffer[] = [];
    for (let i = 0; blocks.length * 256 < bits; i++)
      blocks.push(prf(`${i}\u0000${tweak}\u0000${shape}\u0000${r}\u0000${other}`));
    return BigInt('0x' + Buffer.concat(blocks).toString('hex')) % mod;
  };
  for (let r = 0; r < 10; r++) {
    if (r % 2 === 0) a = (a + round(r, b, modA)) % modA;
    else b = (b + round(r, a, modB)) % modB;
  }
  const fromNum = (n: bigint, rad: bigint[]) => {
    const out: number[] = [];
    for (let i = rad.length - 1; i >= 0; i--) {
      out[i] = Number(n % rad[i]!);
      n /= rad[i]!;
    }
    return out;
  };
  const out = fromNum(a, radA).concat(fromNum(b, radB));
  positions.forEach((p, i) => (chars[p] = alphabets[i]![out[i]!]!));
  return chars.join('');
}

describe('keyed permute', () => {
  it('equals the plain BigInt permutation for every modulus size', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 29 + 3) & 255));
    const keyed = createKeyed(key);
    let seed = 5;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const sets: [string, PermuteOptions | undefined][] = [
      ['0123456789', undefined],
      ['abcdefghijklmnopqrstuvwxyz', undefined],
      ['0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_.é', undefined],
      ['0123456789abcdef', { alphabet: '0123456789abcdef' }],
      [B64, { alphabet: B64 }],
      ['0123456789-', { keep: (ch) => ch === '5' }],
    ];
    for (const [set, opts] of sets) {
      // lengths across the double / BigInt boundary and the one- / two-block PRF output
      for (const len of [
        1, 2, 3, 5, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 24, 29, 30, 31, 40, 47, 64, 90,
      ]) {
        for (let t = 0; t < 3; t++) {
          const v = Array.from({ length: len }, (_, i) =>
            t === 0 ? set[0]! : t === 1 ? set[set.length - 1 - (i % 2)]! : set[rnd(set.length)]!,
          ).join('');
          const tweak = `t\u0000${len}\u0000${t}`;
          expect(keyed.permute(v, tweak, opts)).toBe(referencePermute(key, v, tweak, opts));
        }
      }
    }
  });

  // keyed.ts takes ASCII values through character tables and scratch arrays kept between calls, and caches
  // per tweak and shape what the rounds need; anything else through the code points
  it('equals it for ASCII and other values, one call after another', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 13 + 7) & 255));
    const keyed = createKeyed(key);
    let seed = 9;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const pick = (set: string, len: number) => Array.from({ length: len }, () => set[rnd(set.length)]!).join('');
    const cases: [string, string, PermuteOptions | undefined][] = [];
    for (const len of [1, 7, 33, 64, 200, 4100, 9000]) cases.push([pick(B64 + '-=\\n', len), 'b64', { alphabet: B64 }]);
    for (const len of [3, 64, 5000]) cases.push([pick('0123456789abcdefXYZ-_.:', len), 'mixed', undefined]);
    // a fixed alphabet with characters outside ASCII, or one written twice (indexOf finds the first)
    cases.push([pick('abcé-', 20), 'wide', { alphabet: 'abcé' }]);
    cases.push([pick('abcé-', 20), 'wide', { alphabet: 'éabc' }]);
    cases.push([pick('0123456789', 12), 'twice', { alphabet: '01234567890123' }]);
    cases.push([pick('😀ab01', 15), 'astral', undefined]);
    // one tweak and shape for a class alphabet and a fixed one of its length
    cases.push(['4155550100', 'shared', undefined]);
    cases.push(['qrstuvwxyz', 'shared', { alphabet: 'qrstuvwxyz' }]);
    // plans and shapes are cached by tweak, then shape: fixed alphabets of other lengths (or the same length)
    // and class alphabets, of one length and tweak, one after another
    for (const len of [8, 12, 40]) {
      cases.push([pick('0123456789abcdef', len), 'fixed', { alphabet: '0123456789abcdef' }]);
      cases.push([pick(B64, len), 'fixed', { alphabet: B64 }]);
      cases.push([pick('fedcba9876543210', len), 'fixed', { alphabet: 'fedcba9876543210' }]);
      cases.push([pick('0123456789', len), 'fixed', { alphabet: '0123456789' }]);
      cases.push([pick('0123456789', len), 'fixed', undefined]);
      cases.push([pick('0123456789', len), 'fixed\u0000', { alphabet: '0123456789' }]);
    }
    // a long value, then short ones of one shape (the scratch arrays keep the long one's tail)
    cases.push([pick('0123456789', 300), 'digits', undefined]);
    for (let i = 0; i < 5; i++) cases.push([pick('0123456789', 9), 'digits', undefined]);
    for (const [value, tweak, opts] of cases) {
      // cycle-walking: the output permuted again, under the same tweak
      let v = value;
      for (let step = 0; step < 3; step++) {
        const want = referencePermute(key, v, tweak, opts);
        expect(keyed.permute(v, tweak, opts)).toBe(want);
        v = want;
      }
    }
  });
  // the number path writes each half's decimal digits, reduces the PRF output mod the half's modulus and
  // splits the halves into digits in int32 arithmetic where it can: values of every length up to the BigInt
  // path's, with every digit at its smallest and largest, and random ones
  it('equals it for values of every length, with extreme and random digits', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 7 + 1) & 255));
    const keyed = createKeyed(key);
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const sets: [string, PermuteOptions | undefined][] = [
      ['0123456789', undefined],
      ['abcdefghijklmnopqrstuvwxyz', undefined],
      ['0123456789aB', undefined],
      ['0123456789abcdef', { alphabet: '0123456789abcdef' }],
      [
        'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
        { alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/' },
      ],
    ];
    for (const [set, opts] of sets) {
      const classes = opts === undefined && set.length === 12;
      for (let len = 1; len <= 40; len++) {
        for (let t = 0; t < 4; t++) {
          const v = Array.from({ length: len }, (_, i) => {
            if (classes) return t === 0 ? '0' : t === 1 ? (i % 2 === 0 ? '9' : 'z') : set[rnd(set.length)]!;
            return t === 0 ? set[0]! : t === 1 ? set[set.length - 1]! : set[rnd(set.length)]!;
          }).join('');
          const tweak = `n\u0000${len}\u0000${t}`;
          expect(keyed.permute(v, tweak, opts)).toBe(referencePermute(key, v, tweak, opts));
        }
      }
    }
  });
});
