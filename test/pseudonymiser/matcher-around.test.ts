import { Matcher } from '../../pseudonymiser/matcher';

// findAround must give what a full find gives on a text whose every earlier match was replaced (the self-check)
describe('matcher findAround', () => {
  it('agrees with find after the matches of a text are replaced', () => {
    let seed = 3;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = 'abAB. é\\nu0';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let round = 0; round < 300; round++) {
      const pats = Array.from({ length: 1 + rnd(30) }, () => ({
        text: word(1 + rnd(round % 3 === 0 ? 40 : 6)).trim() || 'a',
        caseInsensitive: rnd(2) === 0,
        anywhere: rnd(4) === 0,
      }));
      // every third round, patterns of over three characters enter by a key; `whole` reads every pattern whole
      const m = new Matcher(pats, round % 2 === 0 ? 0 : undefined, round % 3 === 1 ? 3 : undefined);
      const whole = new Matcher(pats, undefined, Infinity);
      const raw = round % 5 !== 0;
      let text = word(300 + rnd(300));
      for (let pass = 0; pass < 3; pass++) {
        const found = m.find(text, 0, text.length, raw);
        if (found.length === 0) break;
        // replace every match (some by a pattern's text, so that new matches appear next to them)
        const spans: { start: number; end: number }[] = [];
        let out = '';
        let at = 0;
        for (const f of found) {
          const written = rnd(3) === 0 ? pats[rnd(pats.length)]!.text : word(rnd(8));
          out += text.slice(at, f.start);
          spans.push({ start: out.length, end: out.length + written.length });
          out += written;
          at = f.end;
        }
        text = out + text.slice(at);
        const want = whole.find(text, 0, text.length, raw).map((x) => `${x.start}-${x.end}-${x.pattern}`);
        expect(m.findAround(text, spans, raw).map((x) => `${x.start}-${x.end}-${x.pattern}`)).toEqual(want);
      }
    }
  });
});
