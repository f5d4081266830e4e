import { hash } from 'node:crypto';
import fc from 'fast-check';
import { dedupeKey } from '../../pseudonymiser/format/chunks';

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
