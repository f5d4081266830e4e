import { hash } from 'node:crypto';
import fc from 'fast-check';
import { dedupeKey } from '../../pseudonymiser/format/chunks';
import { plainRunEnd, STYLE_PATTERN, styleOf, styleOfEscapes, walkJson } from '../../pseudonymiser/format/json';

// texts of characters that meet in UTF-8 when written carelessly: lone surrogates and the replacement character
const tricky = fc
  .array(fc.constantFrom('a', 'é', '漢', '\ufffd', '\ud800', '\udc00', '\ud83d\ude00', '\ud83d', '\ude00', '"', '\\'), {
    maxLength: 12,
  })
  .map((p) => p.join(''));

describe('de-duplication keys', () => {
  it('two texts have the same key exactly when they are the same text', () => {
    fc.assert(
      fc.property(tricky, tricky, (a, b) => {
        expect(dedupeKey(a) === dedupeKey(b)).toBe(a === b);
        // the UTF-16 code units decide, as when every text was hashed as UTF-16
        const units = (s: string): string => hash('sha256', Buffer.from(s, 'utf16le'), 'base64');
        expect(dedupeKey(a) === dedupeKey(b)).toBe(units(a) === units(b));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps apart texts that differ only in an unpaired surrogate or its replacement', () => {
    const texts = ['x\ud800', 'x\ufffd', 'x\udc00', 'x\ud800\udc00', 'x\ud800\ufffd', 'x'];
    expect(new Set(texts.map(dedupeKey)).size).toBe(texts.length);
  });
});

describe('scanning JSON strings', () => {
  // characters that end a run, escapes (valid and not) and runs of plain characters, empty to 40 long
  const part = fc.oneof(
    fc.constantFrom('"', '\\', '\\"', '\\\\', '\\n', '\\u00e9', '\\u12', '\\x', '\n', '\u0000', '\u001f', '\r'),
    fc.constantFrom(' ', 'a', 'é', '\u007f', '\ud800', '漢').chain((c) => fc.nat(40).map((n) => c.repeat(n))),
  );
  const text = fc.array(part, { maxLength: 12 }).map((p) => p.join(''));

  it('plainRunEnd stops where a loop over every character stops', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (t, a, b) => {
        const j = t.length === 0 ? 0 : a % (t.length + 1);
        const end = j + (b % (t.length - j + 1));
        let k = j;
        while (k < end && !/["\\\u0000-\u001f]/.test(t[k]!)) k++;
        const got = plainRunEnd(t, j, end);
        if (k < end) expect(got).toBe(k);
        else expect(got).toBeGreaterThanOrEqual(end);
      }),
      { numRuns: 3000 },
    );
  });

  it('walkJson accepts a string token exactly when JSON.parse does', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('', ' ', ']'), (content, after) => {
        const doc = `["${content}"${after}`;
        let valid = true;
        try {
          JSON.parse(doc + (after === ']' ? '' : ']'));
        } catch {
          valid = false;
        }
        expect(walkJson(doc + (after === ']' ? '' : ']'), 0, doc.length + (after === ']' ? 0 : 1))).toBe(valid);
        // cut anywhere inside, the token is never complete
        expect(walkJson(doc, 0, 1 + Math.min(content.length, 3))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('escaping styles', () => {
  const piece = fc.oneof(
    fc.constantFrom('\\', '\\\\', '\\/', '/', 'u', '\\u', '0', '8', 'f', 'F', 'g', '1', 'a', 'é'),
    fc.tuple(fc.constantFrom('\\u', '\\\\u', 'u'), fc.stringMatching(/^[0-9a-gA-G]{0,4}$/)).map(([a, b]) => a + b),
  );
  const raw = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));

  it('styleOf reads what the pattern and a search for \\/ read', () => {
    fc.assert(
      fc.property(raw, fc.boolean(), (r, ascii) => {
        const reference = r.includes('\\')
          ? { asciiOnly: ascii || STYLE_PATTERN.test(r), slash: r.includes('\\/') }
          : { asciiOnly: ascii, slash: false };
        expect({ ...styleOf(r, ascii) }).toEqual(reference);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('escaping styles found by the walk', () => {
  // valid escapes, escaped backslashes before what looks like an escape, and pieces that complete a \u
  const piece = fc.constantFrom(
    '\\\\',
    '\\/',
    '/',
    'u',
    '0',
    '8',
    'e',
    'F',
    'g',
    '1',
    '\\u00e9',
    '\\u0041',
    '\\u0100',
    '\\u00',
    '\\u0',
    'é',
    '\\n',
    '\\"',
  );
  const raw = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));

  it('walkJson tells each string the style styleOf reads in its raw content', () => {
    fc.assert(
      fc.property(raw, raw, fc.boolean(), (k, v, ascii) => {
        const doc = `{"${k}": ["${v}", "${k}${v}"]}`;
        const seen: string[] = [];
        const ok = walkJson(doc, 0, doc.length, (s, e, _isKey, _path, escapes) => {
          const content = doc.slice(s + 1, e - 1);
          expect(escapes !== 0).toBe(content.includes('\\'));
          expect(styleOfEscapes(escapes, ascii)).toEqual(styleOf(content, ascii));
          seen.push(content);
        });
        let valid = true;
        try {
          JSON.parse(doc);
        } catch {
          valid = false;
        }
        expect(ok).toBe(valid);
        if (ok) expect(seen).toEqual([k, v, k + v]);
      }),
      { numRuns: 5000 },
    );
  });
});
