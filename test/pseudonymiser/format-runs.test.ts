/**
 * Decoded JSON Lines are cut so that ASCII lines are decoded apart from the
 * others (format/runs.ts). The fast search (halving with isAscii) is compared
 * with a plain reference over lines.
 */
import fc from 'fast-check';
import { firstNonAscii, stretchEnd } from '../../pseudonymiser/format/runs';
import { twin } from '../../pseudonymiser';

/** The first byte above 0x7f in [from, to), one byte at a time. */
function firstNonAsciiRef(buf: Buffer, from: number, to: number): number {
  for (let i = from; i < to; i++) if (buf[i]! > 0x7f) return i;
  return -1;
}

/** stretchEnd's rule, read over the list of lines. */
function stretchEndRef(buf: Buffer, at: number, stop: number, minAscii: number): number {
  const lines: { start: number; end: number; ascii: boolean }[] = [];
  for (let s = at; s < stop;) {
    let e = buf.indexOf(10, s);
    e = e < 0 || e >= stop ? stop : e + 1;
    lines.push({ start: s, end: e, ascii: firstNonAsciiRef(buf, s, e) < 0 });
    s = e;
  }
  const f = lines.findIndex((l) => !l.ascii);
  if (f < 0) return stop;
  if (lines[f]!.start - at >= minAscii) return lines[f]!.start;
  let end = lines[f]!.end;
  for (let k = f + 1; ; k++) {
    const g = lines.findIndex((l, n) => n >= k && !l.ascii);
    if (g < 0) return stop - end >= minAscii ? end : stop;
    if (lines[g]!.start - end >= minAscii) return end;
    end = lines[g]!.end;
    k = g;
  }
}

// lines of ASCII and non-ASCII text of any length (runs long enough to need the halving), some without a line feed
const line = fc
  .tuple(
    fc.constantFrom('a', ' ', '{"k":"v"}', 'é', '漢', '\ud83d\ude00', '\u007f', '\u0080'),
    fc.oneof(fc.nat(4), fc.nat(300)),
    fc.boolean(),
  )
  .map(([c, n, nl]) => c.repeat(n) + (nl ? '\n' : ''));
const doc = fc.array(line, { maxLength: 30 }).map((l) => Buffer.from(l.join(''), 'utf8'));

describe('ASCII runs of JSON Lines', () => {
  it('firstNonAscii finds what a loop over every byte finds', () => {
    fc.assert(
      fc.property(doc, fc.nat(), fc.nat(), (buf, a, b) => {
        const from = buf.length === 0 ? 0 : a % (buf.length + 1);
        const to = from + (buf.length === 0 ? 0 : b % (buf.length - from + 1));
        expect(firstNonAscii(buf, from, to)).toBe(firstNonAsciiRef(buf, from, to));
      }),
      { numRuns: 3000 },
    );
  });

  it('stretchEnd cuts where the rule over lines cuts, and its stretches decode to the whole', () => {
    fc.assert(
      fc.property(doc, fc.constantFrom(1, 2, 50, 400, 1 << 14), (buf, minAscii) => {
        const pieces: string[] = [];
        for (let at = 0; at < buf.length;) {
          const end = stretchEnd(buf, at, buf.length, minAscii);
          expect(end).toBe(stretchEndRef(buf, at, buf.length, minAscii));
          expect(end).toBeGreaterThan(at);
          expect(end === buf.length || buf[end - 1] === 10).toBe(true);
          pieces.push(buf.toString('utf8', at, end));
          at = end;
        }
        expect(pieces.join('')).toBe(buf.toString('utf8'));
      }),
      { numRuns: 2000 },
    );
  });

  it('twins a trace with ASCII and non-ASCII lines as when it is decoded whole', () => {
    const lines: string[] = [];
    for (let i = 0; i < 400; i++) {
      const who = i % 150 === 0 ? 'Zoë Müller' : 'Alice Smith';
      lines.push(
        JSON.stringify({ i, msg: `${who} <alice${i % 5}@example.com> ` + 'x'.repeat(i % 3 === 0 ? 200 : 20) }),
      );
    }
    const input = Buffer.from(lines.join('\n') + '\n');
    const key = '5a'.repeat(32);
    const options = { key, format: 'jsonl' as const };
    // blocks of one line each: every stretch holds only one kind of line
    const one = twin(input, { ...options, blockBytes: 1, passTwoBytes: 1 });
    const whole = twin(input, options);
    expect(whole.output.toString('utf8')).toBe(one.output.toString('utf8'));
    expect(whole.report).toEqual(one.report);
  });
});
