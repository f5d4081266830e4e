/**
 * Pass two twins a line (or a JSON string) longer than twice its stretch in pieces, cut where no occurrence of
 * a pattern and no edit of pass one is near (index.ts `cutter`, Matcher.clearAround), so that it never holds
 * the line, its twin and the twin's bytes whole. The twin must be the one of the whole line, wherever the cuts
 * fall: surfaces (e-mails, names with spaces, phone numbers) sit at every offset from the cuts, next to JSON
 * escapes, surrogate pairs and non-ASCII characters.
 */
import { twin, twinSource, type Format } from '../../pseudonymiser';

const key = '3c'.repeat(32);

/** A deterministic stream of numbers in [0, n). */
function random(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const NAMES = ['anna', 'boris', 'chen', 'dora', 'emil', 'fatima'];

/** About `words` words of one long line: words, e-mails, names, phone numbers; `json`: with JSON escapes too. */
function longLine(words: number, seed: number, json: boolean): string {
  const r = random(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const k = r(40);
    const name = NAMES[r(NAMES.length)]!;
    if (k === 0) out.push(`mail ${name}.k${r(30)}@example-corp.com`);
    else if (k === 1) out.push(`${name[0]!.toUpperCase()}${name.slice(1)} Kowalski-${'bcd'[r(3)]} said`);
    else if (k === 2) out.push(`call +1 415 555 ${1000 + r(9000)}`);
    else if (k === 3) out.push(json ? '\\n\\"q\\"\\\\' : '"q"\\');
    else if (k === 4) out.push(json ? 'caf\\u00e9 \\ud83d\\ude00' : 'café 😀');
    else if (k === 5) out.push('Zürich; (ok)');
    else out.push(`word${r(97)}${',.;:!?'[r(6)]}`);
  }
  return out.join(' ');
}

function sinkCalls(input: Buffer, format: Format, passTwoBytes: number): number {
  let n = 0;
  twinSource({ size: input.length, pieces: () => [input] }, () => n++, { key, format, passTwoBytes });
  return n;
}

describe('a long line or JSON string twinned in pieces', () => {
  const cases: [Format, (seed: number) => string][] = [
    ['text', (seed) => longLine(1500, seed, false) + '\n'],
    ['json', (seed) => `{"id":1,"text":"${longLine(1500, seed, true)}","n":2}\n`],
    // a long line between short ones, not all ASCII: cut between ASCII and other lines too (format/runs.ts)
    ['jsonl', (seed) => `{"a":"ok"}\n{"id":1,"text":"${longLine(1500, seed, true)}","n":2}\n{"a":"é"}\n`],
  ];
  for (const [format, make] of cases) {
    test(`${format}: the twin of the whole, wherever the cuts fall`, () => {
      for (let seed = 1; seed <= 3; seed++) {
        const input = Buffer.from(make(seed));
        const whole = twin(input, { key, format, passTwoBytes: 1 << 30 }).output;
        expect(whole.equals(input)).toBe(false);
        // stretches of 7 to 70 bytes: cuts past twice that, at every offset from the surfaces
        for (let split = 7; split <= 70; split += seed) {
          const pieces = twin(input, { key, format, passTwoBytes: split }).output;
          if (!pieces.equals(whole)) throw new Error(`${format} seed ${seed} split ${split}: twins differ`);
        }
      }
    });

    test(`${format}: the line is cut`, () => {
      const input = Buffer.from(make(7));
      expect(sinkCalls(input, format, 64)).toBeGreaterThan(10);
      expect(sinkCalls(input, format, 1 << 30)).toBe(1);
    });
  }
});

/**
 * A long line or JSON string read from a source in small pieces is gathered into one buffer; a read that decodes
 * a long JSON string whole (pass one; pass two when it reads whole) releases that buffer while it reads the text
 * (index.ts `blocksOf`), and the next long block is gathered into a new one. The twin must be the one of the
 * trace given in one piece (read without gathering), for several long lines and strings between short ones.
 */
describe('long lines gathered from pieces, their bytes let go once decoded', () => {
  function inPieces(input: Buffer, size: number): { size: number; pieces: () => Uint8Array[] } {
    return {
      size: input.length,
      pieces: () => {
        const out: Uint8Array[] = [];
        for (let at = 0; at < input.length; at += size) out.push(input.subarray(at, at + size));
        return out;
      },
    };
  }
  const line = (seed: number): string => longLine(300, seed, true);
  const cases: [Format, string][] = [
    ['text', `short\n${longLine(300, 1, false)}\nshort é\n${longLine(300, 2, false)}\n`],
    ['json', `{"a":"${line(1)}","b":["x","${line(2)}"],"c":"é ${line(3)}"}\n`],
    ['jsonl', `{"a":"ok"}\n{"t":"${line(1)}"}\n{"a":"é"}\n{"t":"${line(2)}","u":"${line(3)}"}\n`],
  ];
  for (const [format, text] of cases) {
    for (const passTwo of ['auto', 'decoded'] as const) {
      test(`${format}, pass two ${passTwo}`, () => {
        const input = Buffer.from(text);
        const opts = { key, format, passTwo, blockBytes: 256 };
        const whole = twin(input, opts).output;
        expect(whole.equals(input)).toBe(false);
        for (const size of [13, 100, 1000]) {
          const parts: Buffer[] = [];
          twinSource(inPieces(input, size), (b) => parts.push(Buffer.from(b)), opts);
          if (!Buffer.concat(parts).equals(whole)) throw new Error(`${format} pieces of ${size}: twins differ`);
        }
      });
    }
  }
});
