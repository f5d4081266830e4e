/**
 * Resolution reads logins against the people of a trace through shortcuts: a
 * compact form is cut and folded once and given up at its first segment no
 * name part spells (renderHandle), and a pool is sorted by initial in one
 * pass (withInitial), and a login is read against the people whose name parts spell all its segments
 * (handleReaders), not against every person it names. Each must say what the plain reading says.
 */
import fc from 'fast-check';
import { handleReaders, type Folded } from '../../pseudonymiser/detectors/people/resolve';
import { isPlainWord } from '../../pseudonymiser/detectors/people/score';
import {
  alternativesOf,
  asciiLower,
  caseAs,
  HANDLE_SEGMENT,
  personStandIn,
  renderHandle,
  withInitial,
  type PersonStandIn,
} from '../../pseudonymiser/standins/people';
import { createKeyed, parseKey } from '../../pseudonymiser/keyed';
import { twin } from '../../pseudonymiser';
import type { Keyed } from '../../pseudonymiser/types';
import { pools } from '../../pseudonymiser/pools';

/** The people a login names, read plainly: every substring of every part length (the reference). */
function plainNamedBy(people: readonly Folded[]): (l: string) => Folded[] {
  const byPart = new Map<string, number[]>();
  const lengths = new Set<number>();
  const index = (part: string, i: number): void => {
    let list = byPart.get(part);
    if (!list) byPart.set(part, (list = []));
    if (list[list.length - 1] !== i) list.push(i);
    lengths.add(part.length);
  };
  people.forEach((p, i) => {
    if (p.f.length >= 3) index(p.f, i);
    if (p.g.length >= 3 && !isPlainWord(p.g)) index(p.g, i);
  });
  const sizes = [...lengths].sort((a, b) => a - b);
  return (l) => {
    if (l.length < 3) return [];
    const hits: number[] = [];
    for (const n of sizes) {
      if (n > l.length) break;
      for (let at = 0; at + n <= l.length; at++) {
        const list = byPart.get(l.slice(at, at + n));
        if (list) hits.push(...list);
      }
    }
    if (hits.length === 0) return [];
    return [...new Set(hits)].sort((a, b) => a - b).map((i) => people[i]!);
  };
}

/** renderHandle as it was: every segment read and folded on every call. */
function plainRenderHandle(original: string, canonical: string, s: PersonStandIn, keyed: Keyed): string | null {
  const { none, alts } = alternativesOf(canonical, s);
  if (none) return null;
  const segs = original.match(HANDLE_SEGMENT);
  if (!segs) return null;
  let matched = false;
  const out = segs.map((seg) => {
    if (!/^\p{L}/u.test(seg)) return seg;
    const low = asciiLower(seg);
    for (const [from, to] of alts) {
      if (low === from) {
        matched = true;
        return caseAs(seg, to);
      }
    }
    return null;
  });
  if (!matched || out.some((x) => x === null)) return null;
  // digits are keyed on the name without its accents
  const bare = canonical.normalize('NFD').replace(/\p{M}/gu, '');
  return (out as string[])
    .map((seg) => (/^\d+$/.test(seg) ? keyed.permute(seg, `person-digits\u0000${bare}`) : seg))
    .join('');
}

/** asciiLower as it was: every string normalised, its marks and other characters dropped. */
const plainAsciiLower = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** People as resolution folds them, with their stand-ins. */
function folded(names: readonly (readonly [string, string])[], keyed: Keyed): Folded[] {
  return names.map(([given, family]) => {
    const canonical = `${given}|${family}`;
    const r = { person: { canonical, given, family }, standIn: personStandIn(canonical, keyed, 0), attempt: 0 };
    return { r, g: asciiLower(given), f: asciiLower(family.split(' ').pop() ?? '') } as unknown as Folded;
  });
}

/** A login read as it was: every person it names tried in turn, until one renders it. */
function plainReader(people: readonly Folded[], keyed: Keyed, calls = { n: 0 }): (login: string) => string | null {
  const named = plainNamedBy(people);
  return (login) => {
    for (const p of named(asciiLower(login))) {
      calls.n++;
      const s = renderHandle(login, p.r.person.canonical, p.r.standIn, keyed);
      if (s) return s;
    }
    return null;
  };
}

describe('people resolution shortcuts', () => {
  it('renders a compact form as every segment read on every call renders it', () => {
    const keyed = createKeyed(parseKey('cd'.repeat(32)));
    const name = fc.constantFrom('jane', 'doe', 'j', 'mia', 'li', 'hayoon', 'park', 'élodie', 'o', '', 'de la cruz');
    const piece = fc.oneof(
      fc.constantFrom('jane', 'Jane', 'JANE', 'doe', 'Doe', 'DOE', 'j', 'J', 'd', 'mia', 'Li', 'li', 'jdoe', 'doej'),
      fc.constantFrom('hayoon', 'Park', 'élodie', 'Élodie', 'cruz', 'x', 'foo', '.', '_', '-', '@', '3668', '7', 'Ж'),
      // digit runs (keyed digits), including ones that start with 0 or 9, and digits that are no ASCII digits
      fc.constantFrom('0', '09', '9', '2024', '١٢', '３'),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(piece, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (people, handles) => {
          // one form against one person after another, as resolution tries them
          for (const h of handles.map((x) => x.join(''))) {
            for (const [g, f] of people) {
              const canonical = `${g}|${f}`;
              const s = personStandIn(canonical, keyed, 0);
              expect(renderHandle(h, canonical, s, keyed)).toBe(plainRenderHandle(h, canonical, s, keyed));
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('renders a login once, whichever e-mails carry it, in its own letter case', () => {
    const input = [
      'Mia Li and Jane Doe reviewed it.',
      'mail mia_li_3668@acme.io and mia_li_3668@gmail.com, or Mia_Li_3668@gmail.com',
      'cc jane.doe@acme.io, JANE.DOE@gmail.com, jane.doe@gmail.com',
    ].join('\n');
    const out = twin(Buffer.from(input), { key: 'cd'.repeat(32), format: 'text' }).output.toString();
    const locals = [...out.matchAll(/([\w.]+)@/g)].map((m) => m[1]!);
    expect(locals).toHaveLength(6);
    const [mia, mia2, miaTitle, jane, janeUpper, jane2] = locals as [string, string, string, string, string, string];
    expect(mia).not.toBe('mia_li_3668');
    expect(mia2).toBe(mia);
    expect(miaTitle).not.toBe(mia);
    expect(miaTitle.toLowerCase()).toBe(mia);
    expect(jane).not.toBe('jane.doe');
    expect(janeUpper).toBe(jane.toUpperCase());
    expect(jane2).toBe(jane);
  });

  it('reads a login as trying every person it names reads it', () => {
    const keyed = createKeyed(parseKey('cd'.repeat(32)));
    const name = fc.constantFrom(
      'jane',
      'doe',
      'j',
      'mia',
      'li',
      'hayoon',
      'park',
      'élodie',
      'anna',
      'k',
      'de la cruz',
    );
    const piece = fc.constantFrom(
      ...['jane', 'Jane', 'doe', 'DOE', 'j', 'd', 'mia', 'Li', 'jdoe', 'doej', 'anna', 'k', 'ka', 'a', 'park'],
      ...['hayoon', 'élodie', 'cruz', 'x', '.', '_', '3668', '7', 'Ж'],
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, name), { maxLength: 10 }),
        fc.array(fc.array(piece, { minLength: 1, maxLength: 5 }), { maxLength: 12 }),
        (names, logins) => {
          const people = folded(names, keyed);
          const fast = handleReaders(people, (login, p) =>
            renderHandle(login, p.r.person.canonical, p.r.standIn, keyed),
          );
          const plain = plainReader(people, keyed);
          for (const login of logins.map((x) => x.join('')).concat(names.map(([g, f]) => `${g}.${f}`))) {
            expect(fast(login)).toBe(plain(login));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads logins that share a first name with work in proportion to people and logins, not their product', () => {
    // the shape that took minutes: thousands of people `anna.kab` and logins `anna.k3f2`, the first names over 8
    const keyed = createKeyed(parseKey('cd'.repeat(32)));
    const givens = ['anna', 'ben', 'carla', 'david', 'emma', 'felix', 'grace', 'henry'];
    const names: [string, string][] = [];
    const logins: string[] = [];
    for (let i = 0; i < 6000; i++) {
      const rest = i.toString(36);
      logins.push(`${givens[i % 8]!}.k${rest}`);
      if (/^[a-z]+$/.test(rest)) names.push([givens[i % 8]!, `k${rest}`]);
    }
    const people = folded(names, keyed);
    const count = { examined: 0 };
    const fast = handleReaders(
      people,
      (login, p) => renderHandle(login, p.r.person.canonical, p.r.standIn, keyed),
      count,
    );
    const plainCalls = { n: 0 };
    const plain = plainReader(people, keyed, plainCalls);
    let rendered = 0;
    for (const login of logins) {
      const s = fast(login);
      expect(s).toBe(plain(login));
      if (s !== null) rendered++;
    }
    expect(rendered).toBeGreaterThan(people.length / 2);
    const bound = 2 * (people.length + logins.length);
    // trying every person a login names reads far more: each login reads the people of its first name
    expect(plainCalls.n).toBeGreaterThan(10 * bound);
    expect(count.examined).toBeLessThan(bound);
  });

  it('folds a name to a-z as normalising it folds it', () => {
    const ch = fc.oneof(
      fc.constantFrom(..."aAzZ09 ._-@'’`{[~\u007f"),
      fc.constantFrom('é', 'É', 'e\u0301', 'ß', 'İ', 'ı', 'Ø', 'æ', 'ﬁ', 'Ж', '李', '\u00a0', 'Å', 'Ǆ'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(ch, { maxLength: 12 }), (a) => {
        const s = a.join('');
        expect(asciiLower(s)).toBe(plainAsciiLower(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('lists the names of a pool by initial as a filter of the pool does', () => {
    const lists = pools.registers.flatMap((r) => [r.female, r.male, r.unisex, r.surnames]);
    for (const list of lists) {
      for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
        expect(withInitial(list, letter)).toEqual(list.filter((n) => plainAsciiLower(n).charAt(0) === letter));
      }
    }
    const odd = [
      'Ærin',
      'Øystein',
      'Łukasz',
      'Ágnes',
      '李',
      'anna',
      'Anna',
      '',
      'A\u030angstrom',
      '-bo',
      '9lives',
      'Zoë',
    ];
    for (const letter of ['a', 'o', 'l', 'e', 'b', 'z', '']) {
      expect(withInitial(odd, letter)).toEqual(odd.filter((n) => plainAsciiLower(n).charAt(0) === letter));
    }
  });
});
