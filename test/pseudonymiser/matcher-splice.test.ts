import { Matcher } from '../../pseudonymiser/matcher';
import { spliceLayout } from './matcher-helpers';

// findInSplice must give what a full find gives on a text made by replacing the matches of a scanned one
describe('matcher findInSplice', () => {
  it('agrees with find on a spliced text, dropped matches and other edits included', () => {
    let seed = 5;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = 'abAB. é\\nu0xyz';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    // text with few matches: mostly characters in no pattern
    const filler = (len: number) => Array.from({ length: len }, () => (rnd(8) === 0 ? 'x' : 'pq- '[rnd(4)])).join('');
    for (let round = 0; round < 200; round++) {
      const pats = Array.from({ length: 1 + rnd(20) }, () => ({
        text: word(2 + rnd(round % 3 === 0 ? 40 : 6)).trim() || 'ab',
        caseInsensitive: rnd(2) === 0,
        anywhere: rnd(4) === 0,
      }));
      const raw = round % 5 !== 0;
      // long patterns made of a short one and filler, so that partial matches run far into copied stretches
      for (let i = rnd(3); i > 0; i--) {
        const p = pats[rnd(pats.length)]!;
        pats.push({ text: p.text + filler(150 + rnd(200)) + word(2), caseInsensitive: true, anywhere: rnd(2) === 0 });
        // and one holding a short pattern far inside: where it is dropped, the short one is left in the copy
        const q = pats[rnd(pats.length)]!;
        pats.push({ text: filler(20 + rnd(100)) + q.text + filler(150), caseInsensitive: true, anywhere: true });
      }
      // long runs of filler between pattern copies (or long patterns' beginnings), so that the scan has
      // stretches to jump over
      const parts: string[] = [];
      for (let i = 0; i < 40; i++) {
        parts.push(rnd(4) === 0 ? filler(300 + rnd(500)) : word(rnd(30)));
        const p = pats[rnd(pats.length)]!.text;
        if (rnd(2) === 0) parts.push(rnd(3) === 0 ? p.slice(0, rnd(p.length)) : p);
      }
      const doc = parts.join('');
      // every third round, patterns of over eight characters enter by a key; `whole` reads every pattern whole
      const m = new Matcher(pats, round % 2 === 0 ? 0 : undefined, round % 3 === 1 ? 8 : undefined);
      const whole = new Matcher(pats, undefined, Infinity);
      const { matches, recording } = m.findRecording(doc, raw);
      expect(matches).toEqual(whole.find(doc, 0, doc.length, raw));
      // edits: the matches, and a few other stretches (which win over the matches they overlap)
      const edits = matches.map((x) => ({ ...x, match: true }));
      for (let i = rnd(4); i > 0; i--) {
        const start = rnd(doc.length);
        edits.push({ start, end: Math.min(doc.length, start + rnd(20)), pattern: -1, match: false });
      }
      for (const x of matches) {
        // an edit overlapping the beginning of a match: the match is dropped
        if (x.start > 4 && rnd(3) === 0)
          edits.push({ start: x.start - 1 - rnd(3), end: x.start + 1, pattern: -1, match: false });
      }
      const { out, copied, dropped } = spliceLayout(doc, edits, () =>
        rnd(3) === 0 ? pats[rnd(pats.length)]!.text : word(rnd(8)),
      );
      const want = whole.find(out, 0, out.length, raw).map((x) => `${x.start}-${x.end}-${x.pattern}`);
      const got = m.findInSplice(out, copied, dropped, doc, recording, raw);
      expect(got.map((x) => `${x.start}-${x.end}-${x.pattern}`)).toEqual(want);
    }
  });

  it('finds a long pattern begun in a copied stretch and finished by what was written after it', () => {
    const long = 'k3y-' + 'Qw9-'.repeat(50);
    const pats = [
      { text: long, caseInsensitive: false },
      { text: 'REPLACEME', caseInsensitive: false },
    ];
    const filler = 'lorem ipsum '.repeat(60);
    // the document holds the long pattern's beginning, then a short match; the twin writes the rest over it
    const doc = `${filler}${long.slice(0, 100)}REPLACEME ${filler}`;
    const m = new Matcher(pats, undefined, 8);
    const { matches, recording } = m.findRecording(doc);
    expect(matches.map((x) => x.pattern)).toEqual([1]);
    const at = doc.indexOf('REPLACEME');
    const out = doc.slice(0, at) + long.slice(100) + doc.slice(at + 'REPLACEME'.length);
    const copied = [
      { at: 0, from: 0, length: at },
      { at: at + long.length - 100, from: at + 9, length: filler.length + 1 },
    ];
    const got = m.findInSplice(out, copied, [], doc, recording);
    expect(got.map((x) => out.slice(x.start, x.end))).toEqual([long]);
    expect(got).toEqual(new Matcher(pats, undefined, Infinity).find(out));
  });
});
