import fc from 'fast-check';
import { decodeJsonString, decodeJsonToken, walkJson } from '../../pseudonymiser/format/json';
import { forEachChunk, toDocument } from '../../pseudonymiser/format/chunks';

// JSON string content: plain characters (lone surrogates and U+2028 included) and every escape form
const piece = fc.oneof(
  fc.constantFrom('a', 'é', '漢', '\u2028', '\ud800', '\udc00', '\ud83d\ude00', ' ', '/'),
  fc.constantFrom(
    '\\n',
    '\\t',
    '\\r',
    '\\b',
    '\\f',
    '\\"',
    '\\\\',
    '\\/',
    '\\u00e9',
    '\\ud83d\\ude02',
    '\\udc00',
    '\\u0000',
  ),
);
const raw = fc.array(piece, { maxLength: 40 }).map((p) => p.join(''));

describe('decoding JSON string tokens', () => {
  it('decodeJsonToken gives what decodeJsonString gives', () => {
    fc.assert(
      fc.property(raw, fc.string({ maxLength: 5 }), (content, before) => {
        const text = `${before}"${content}"`;
        const start = before.length;
        expect(walkJson(text, start, text.length)).toBe(true);
        expect(decodeJsonToken(text, start, text.length)).toBe(decodeJsonString(text, start + 1, text.length - 1).text);
      }),
    );
  });

  it('maps every decoded position of an escaped segment back to the document', () => {
    fc.assert(
      fc.property(fc.array(raw, { minLength: 1, maxLength: 4 }), (values) => {
        const doc = JSON.stringify({ v: values.map((_, i) => `@${i}`) }).replace(
          /"@(\d+)"/g,
          (_m, i: string) => `"${values[Number(i)]!}"`,
        );
        forEachChunk(doc, 'json', (chunk) => {
          for (const seg of chunk.segments) {
            const text = chunk.corpus.slice(seg.start, seg.end);
            if (seg.level.map === null) continue;
            const rawStart = toDocument(seg.level, seg.offset);
            const rawEnd = toDocument(seg.level, seg.offset + text.length);
            expect(decodeJsonString(doc, rawStart, rawEnd).text).toBe(text);
            for (let k = 0; k < text.length; k++) {
              const at = toDocument(seg.level, seg.offset + k);
              const next = toDocument(seg.level, seg.offset + k + 1);
              expect(decodeJsonString(doc, at, next).text).toBe(text[k]);
            }
          }
        });
      }),
    );
  });
});
