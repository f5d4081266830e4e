/**
 * The capitalised-run scan settles most words without reading a run
 * (loneWordEnd) and reads words through a cache (wordAt): both must say what
 * reading and evaluating every run, and lower-casing every word, would say.
 * JSON fields written in text are read by hand where a pattern read them: the
 * same matches.
 */
import fc from 'fast-check';
import type { Finding, FindingSink } from '../../pseudonymiser/types';
import { stateOf } from '../../pseudonymiser/detectors/people/state';
import { INLINE_FIELD, forEachInlineField } from '../../pseudonymiser/detectors/people/keys';
import { letterTable, upperTable } from '../../pseudonymiser/detectors/people/text';
import { scanCjk } from '../../pseudonymiser/detectors/people/cjk';
import { CJK_CHAR } from '../../pseudonymiser/standins/cjk';
import {
  CANDIDATE,
  evaluate,
  factsOf,
  loneWordEnd,
  orgBeforeMaybe,
  personAfterMaybe,
  allCaps,
  PERSON_AFTER,
  readRun,
  scanRuns,
  wordAt,
} from '../../pseudonymiser/detectors/people/scan';

function recorder(): { sink: FindingSink; found: Finding[] } {
  const found: Finding[] = [];
  return { sink: { add: (f) => found.push(f), has: () => false }, found };
}

/** The scan as it was: every candidate read as a run and evaluated. */
function reference(text: string): Finding[] {
  const { sink, found } = recorder();
  const st = stateOf(sink);
  const up = upperTable();
  const let_ = letterTable();
  const cand = new RegExp(CANDIDATE.source, 'g');
  while (cand.test(text)) {
    const i = cand.lastIndex - 1;
    if (up[text.charCodeAt(i)] !== 1) continue;
    const p = i > 0 ? text.charCodeAt(i - 1) : 32;
    if (let_[p] || (p >= 48 && p <= 57) || p === 95) continue;
    const toks = readRun(text, i, up, let_, false);
    if (toks.length === 0) continue;
    cand.lastIndex = Math.max(evaluate(text, toks, sink, st, up, false), i + 1);
  }
  return found;
}

function fast(text: string): Finding[] {
  const { sink, found } = recorder();
  scanRuns(text, sink, stateOf(sink));
  return found;
}

// names, common words, first names that are words, titles, legal forms, particles, context words, punctuation
const piece = fc.oneof(
  fc.constantFrom(
    'Jane',
    'Doe',
    'JANE',
    'DOE',
    'Promise',
    'Response',
    'Base',
    'Will',
    'May',
    'Mark',
    'Amber',
    'Rose',
    'Claude',
    'Nakamura',
    "O'Brien",
    'Jean-Luc',
    'Émile',
    'Zoë',
    'ÉCOLE',
    'İ',
    'Dr',
    'Dr.',
    'Ms',
    'Prof.',
    'Inc',
    'Inc.',
    'Co',
    'Co.',
    'KG',
    'GmbH',
    'S.A.',
    'S.p.A.',
    'K.K.',
    'Ltd',
    'Pty',
    'Corp',
    'Acme',
    'Globex',
    'The',
    'THE',
    'de',
    'la',
    'van',
    'von',
    'al',
    'della',
    'y',
    'st',
    'mac',
    'the',
    'is',
    'report',
    "don't",
    'x-ray',
    'de-la',
    'eyJhb',
    'dé',
    '王翔太',
    '鈴木小明',
    'さん',
    '々',
    '김민준',
    ' the ',
    ' de ',
    ' della ',
    'J',
    'J.',
    'A',
    'works at ',
    'joined ',
    'employed by ',
    'hi ',
    'thanks, ',
    'Thanks,\n',
    'From: ',
    'the user ',
    ' said',
    ' wrote',
    ' (agent):',
    ' <jane@acme.io>',
    '<Response>',
    '(',
    ' ',
    ' ',
    ' ',
    ', ',
    '.',
    '. ',
    '&',
    ' & ',
    '\n',
    '\u0000',
    '_',
    '7',
    'x',
    'é',
    '\u2019s',
  ),
  fc.string({ maxLength: 4 }),
);
const text = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

function cjkFindings(t: string, starts?: readonly number[]): Finding[] {
  const { sink, found } = recorder();
  const chunk = { corpus: t, segments: [{ index: 0, start: 0, end: t.length, path: [], isKey: false }] };
  const ctx = { confidential: [], segmentAt: () => chunk.segments[0]! };
  scanCjk(chunk, sink, stateOf(sink), ctx, starts);
  return found;
}

describe('people scan', () => {
  it('says where the runs of CJK characters start, and the CJK scan reading those finds what its own search finds', () => {
    const runs = new RegExp(`[${CJK_CHAR}]+`, 'g');
    fc.assert(
      fc.property(text, (t) => {
        const { sink } = recorder();
        const starts = scanRuns(t, sink, stateOf(sink));
        expect(starts).toEqual([...t.matchAll(runs)].map((m) => m.index));
        expect(cjkFindings(t, starts)).toEqual(cjkFindings(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds what reading and evaluating every run finds, in the same order', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(fast(t)).toEqual(reference(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('settles a word alone only where its run is that word and gives no finding', () => {
    const up = upperTable();
    const let_ = letterTable();
    fc.assert(
      fc.property(text, (t) => {
        for (let i = 0; i < t.length; i++) {
          if (up[t.charCodeAt(i)] !== 1) continue;
          const end = loneWordEnd(t, i, let_);
          if (end < 0) continue;
          const toks = readRun(t, i, up, let_, false);
          expect(toks.length).toBe(1);
          const { sink, found } = recorder();
          expect(evaluate(t, toks, sink, stateOf(sink), up, false)).toBe(end);
          expect(found).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a word as its lower case, with the facts of that lower case', () => {
    const word = fc.array(fc.constantFrom('a', 'B', 'z', 'Q', 'é', 'İ', "'", '-', 'ß', 'inc', 'DR', 'jane'), {
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), (words) => {
        // many words, read twice and more: cache hits, misses and slots taken over by other words
        for (const w of [...words, ...words]) {
          const s = w.join('');
          const t = `x ${s} y`;
          const got = wordAt(t, 2, 2 + s.length);
          expect(got.lower).toBe(s.toLowerCase());
          expect(got.facts).toBe(factsOf(s.toLowerCase()));
        }
      }),
    );
  });

  it('gives every word of three letters its own lower case, read twice (more words than cache slots)', () => {
    const a = 'abcdefghijklmnopqrstuvwxyz';
    for (let pass = 0; pass < 2; pass++)
      for (const x of a)
        for (const y of a)
          for (const z of a) {
            const w = `${x.toUpperCase()}${y}${z}`;
            const got = wordAt(w, 0, 3);
            if (got.lower !== w.toLowerCase()) expect(got.lower).toBe(w.toLowerCase());
            if (got.facts !== factsOf(got.lower)) expect(got.facts).toBe(factsOf(got.lower));
          }
  });

  it('says an organisation phrase may end before a word where the check that lower-cased the word before said so', () => {
    const isSpace = (c: number): boolean => /\s/.test(String.fromCharCode(c));
    const isAscii = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    const was = (t: string, pos: number): boolean => {
      const floor = Math.max(0, pos - 48);
      let j = pos;
      while (j > floor && isSpace(t.charCodeAt(j - 1))) j--;
      if (j === pos) return false;
      let k = j;
      while (k > floor && isAscii(t.charCodeAt(k - 1))) k--;
      if (k > floor && t.charCodeAt(k - 1) >= 0xc0) return true;
      return ['at', 'for', 'of', 'by', 'joined', 'joining'].includes(t.slice(k, j).toLowerCase());
    };
    const words = fc.constantFrom('at', 'AT', 'For', 'of', 'bY', 'joined', 'JOINING', 'join', 'fora', 'a', 'é', 'xé');
    const gap = fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '', '.', ',');
    fc.assert(
      fc.property(fc.array(fc.oneof(words, gap, fc.string({ maxLength: 3 })), { maxLength: 24 }), (p) => {
        const t = p.join('');
        for (let pos = 0; pos <= t.length; pos++) expect([pos, orgBeforeMaybe(t, pos)]).toEqual([pos, was(t, pos)]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('people scan context checks', () => {
  const after = fc.array(
    fc.oneof(
      fc.constantFrom(
        ' ',
        '  ',
        '\t',
        '\n',
        '\u3000',
        '<',
        '>',
        '@',
        '<jane@acme.io>',
        ' <j@x>',
        '<Response>',
        ' said',
      ),
      fc.constantFrom(' (agent):', '(', ')', 'wrote', 'x', 'é', ' '.repeat(23), ' '.repeat(24), 'a'.repeat(20)),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 12 },
  );
  it('says PERSON_AFTER may match wherever it matches', () => {
    fc.assert(
      fc.property(after, fc.integer({ min: 0, max: 4 }), (p, lead) => {
        const t = 'Jane'.slice(0, lead) + p.join('');
        for (let pos = 0; pos <= t.length; pos++)
          if (PERSON_AFTER.test(t.slice(pos, pos + 24))) expect([pos, personAfterMaybe(t, pos)]).toEqual([pos, true]);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a run as written in capitals where every word is its own upper case', () => {
    const up = upperTable();
    const let_ = letterTable();
    const word = fc.constantFrom(
      'JANE',
      'Jane',
      'DOE',
      'DOẞ',
      'STRAßE',
      'ÉMILE',
      'Émile',
      "O'BRIEN",
      'JEAN-LUC',
      'ǅ',
      'İ',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (w) => {
        const t = w.join(' ');
        const toks = readRun(t, 0, up, let_, true);
        const byCase = toks.every(
          (k) => k.kind !== 'word' || t.slice(k.start, k.end) === t.slice(k.start, k.end).toUpperCase(),
        );
        expect(allCaps(t, toks)).toBe(byCase);
      }),
    );
  });
});

describe('inline JSON fields', () => {
  const byPattern = (t: string): string[] => {
    const out: string[] = [];
    const re = new RegExp(INLINE_FIELD.source, 'g');
    for (let m = re.exec(t); m !== null; m = re.exec(t)) {
      const vs = m.index + m[0].length - 1 - m[2]!.length;
      out.push(`${m.index + 1}:${m[1]!}=${vs}:${m[2]!}`);
    }
    return out;
  };
  const byHand = (t: string): string[] => {
    const out: string[] = [];
    forEachInlineField(t, (ks, ke, vs, ve) => out.push(`${ks}:${t.slice(ks, ke)}=${vs}:${t.slice(vs, ve)}`));
    return out;
  };
  const piece = fc.oneof(
    fc.constantFrom(
      '"',
      '"',
      ':',
      ' ',
      '\t',
      '\n',
      '\\',
      '\u00a0',
      '\u3000',
      '_',
      'a',
      'Z',
      'é',
      '1',
      'first_name',
      'name',
      '"first_name": "Mia"',
      '{"last_name" : "Li", "x":"y"}',
      'a'.repeat(29),
      'b'.repeat(30),
      'c'.repeat(119),
      'd'.repeat(120),
    ),
    fc.string({ maxLength: 6 }),
  );
  // a field near the limits: keys of 0 to 32 characters, values of 0 to 122, each end written in several ways
  const field = fc
    .tuple(
      fc.integer({ min: 0, max: 32 }),
      fc.constantFrom('a', '_', 'Z', '1', 'é', '"'),
      fc.constantFrom('', ' ', '\t ', '\n', '\u00a0', ';'),
      fc.integer({ min: 0, max: 122 }),
      fc.constantFrom('"', '"', '\\', '\n', 'x', ''),
    )
    .map(([kl, kc, ws, vl, end]) => {
      const key = kl === 0 ? '' : `k${kc.repeat(kl - 1)}`;
      return `"${key}"${ws}:${ws}"${'v'.repeat(vl)}${end}`;
    });
  it('finds what the pattern finds, in the same order', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, field), { maxLength: 40 }), (p) => {
        const t = p.join('');
        expect(byHand(t)).toEqual(byPattern(t));
      }),
      { numRuns: 5000 },
    );
  });
});
