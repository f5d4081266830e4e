import { createHmac } from 'node:crypto';
import { createKeyed } from '../../pseudonymiser/keyed';

// keyed.ts computes HMAC-SHA256 itself: it must give node:crypto's output for every key length and every string.
describe('keyed prf', () => {
  it('equals createHmac(sha256) of label, NUL, input', () => {
    let seed = 11;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    // ASCII, NUL, 2-, 3- and 4-byte UTF-8, lone surrogates (written as U+FFFD)
    const units = [
      'a',
      'Z',
      '0',
      '\u0000',
      'é',
      '\u07ff',
      '\u0800',
      '漢',
      '\uffff',
      '\ud83d\ude00',
      '\ud800',
      '\udc00',
    ];
    const text = (max: number) => Array.from({ length: rnd(max) }, () => units[rnd(units.length)]).join('');
    for (const len of [0, 1, 32, 64, 65, 100]) {
      const key = Buffer.from(Array.from({ length: len }, (_, i) => (i * 37 + len) & 255));
      const keyed = createKeyed(key);
      for (let i = 0; i < 300; i++) {
        const label = text(i % 10 === 0 ? 300 : 40);
        // now and then longer than the kept buffer holds (a message of its own), then short again
        const input = text(i % 7 === 0 ? 500 : i % 25 === 0 ? 3000 : 90);
        const want = createHmac('sha256', key).update(label).update('\u0000').update(input).digest('hex');
        expect(keyed.prf(label, input).toString('hex')).toBe(want);
      }
    }
  });
});

// pick reads the PRF output's first 6 bytes from its words, without the Buffer prf returns
describe('keyed pick', () => {
  it('is the first 6 bytes of createHmac(sha256) big-endian, mod n', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 53 + 9) & 255));
    const keyed = createKeyed(key);
    let seed = 23;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const input = `${rnd(1000000)}\u0000é${i}`;
      const n = [0, 1, 2, 26, 990, 1000, 65536, 2 ** 31 + 1, 2 ** 40 - 3, 2 ** 48][i % 10]!;
      const mac = createHmac('sha256', key).update('label').update('\u0000').update(input).digest();
      expect(keyed.pick('label', input, n)).toBe(n <= 1 ? 0 : mac.readUIntBE(0, 6) % n);
    }
  });
});
