/**
 * Stand-ins of national ids are valid in the same way as their originals, whatever the canonical form
 * names: the scheme detection matched (`br_cpf:…`), none (a value under a column that names no scheme),
 * or another kind (an unnamed form field taken for a bank account). The validators and the random valid
 * ids are the layouts corpus' (bench/layout-values.ts), written from each issuer's public documentation,
 * not from the detectors' table.
 */
import { NATIONAL_IDS } from '../../bench/layout-values';
import { Rng } from '../../bench/rng';
import { SCHEME_BY_ID, compactOf, schemesOfSurface } from '../../pseudonymiser/detectors/accounts/nationalids';
import { createKeyed } from '../../pseudonymiser/keyed';
import { generatorFor } from '../../pseudonymiser/standins';
import { OTHER_KEY, keyed } from './accounts-helpers';

const PER_SCHEME = 150;
const otherKeyed = createKeyed(Buffer.from(OTHER_KEY, 'hex'));
/** Letters and digits become `x`: what a stand-in keeps of its original's layout (a check digit may be `K` or `X`). */
const shape = (s: string): string => s.replace(/[A-Za-z0-9]/g, 'x');

/** Random valid ids of one maker, the same on every run. */
function values(name: string): string[] {
  const maker = NATIONAL_IDS.find((m) => m.name === name)!;
  const r = new Rng(`nationalid-standins:${name}`);
  const out = new Set<string>();
  while (out.size < PER_SCHEME) out.add(maker.make(r));
  return [...out];
}

describe('national id stand-ins: valid under the scheme of their original', () => {
  for (const maker of NATIONAL_IDS) {
    it(`${maker.name}: under a canonical form that names no scheme`, () => {
      const gen = generatorFor('national_id');
      for (const v of values(maker.name)) {
        expect(maker.valid(v)).toBe(true);
        const s = gen.generate(v, v.toUpperCase(), keyed, 0);
        if (!maker.valid(s)) throw new Error(`${maker.name}: ${v} -> ${s} is not valid`);
        expect(s).not.toBe(v);
        expect(shape(s)).toBe(shape(v));
        // keyed and deterministic
        expect(gen.generate(v, v.toUpperCase(), keyed, 0)).toBe(s);
      }
    });

    it(`${maker.name}: under the canonical form of the scheme detection matched, the same stand-in`, () => {
      const gen = generatorFor('national_id');
      for (const v of values(maker.name)) {
        const schemes = schemesOfSurface(v);
        if (schemes.length === 0) continue;
        const canonical = `${schemes[0]!.id}:${compactOf(schemes[0]!, v)}`;
        const s = gen.generate(v, canonical, keyed, 0);
        if (!maker.valid(s)) throw new Error(`${maker.name}: ${v} -> ${s} is not valid`);
        expect(s).toBe(gen.generate(v, v.toUpperCase(), keyed, 0));
      }
    });
  }

  it('a value valid under two schemes stays valid under both', () => {
    const gen = generatorFor('national_id');
    let both = 0;
    for (const v of values('za-id')) {
      const ids = schemesOfSurface(v).map((s) => s.id);
      if (!ids.includes('kr_rrn')) continue;
      both++;
      const s = gen.generate(v, `kr_rrn:${v}`, keyed, 0);
      expect(schemesOfSurface(s).map((x) => x.id)).toEqual(expect.arrayContaining(['kr_rrn', 'za_id']));
    }
    expect(both).toBeGreaterThan(0);
  });

  it('one id in two layouts gets one stand-in, whatever its canonical form', () => {
    const gen = generatorFor('national_id');
    for (const v of values('br-cpf')) {
      const compact = v.replace(/\D/g, '');
      expect(gen.generate(v, compact, keyed, 0).replace(/\D/g, '')).toBe(gen.generate(compact, compact, keyed, 0));
    }
  });

  it('another key gives another stand-in', () => {
    const gen = generatorFor('national_id');
    let same = 0;
    const vs = values('br-cpf');
    for (const v of vs) if (gen.generate(v, v, keyed, 0) === gen.generate(v, v, otherKeyed, 0)) same++;
    expect(same).toBeLessThan(vs.length / 10);
  });

  it('two ids never share a stand-in', () => {
    const gen = generatorFor('national_id');
    for (const name of ['nl-bsn', 'pl-pesel', 'se-personnummer']) {
      const vs = values(name);
      expect(new Set(vs.map((v) => gen.generate(v, v, keyed, 0))).size).toBe(vs.length);
    }
  });

  it('a number taken for a bank account keeps the national-id check it passes', () => {
    const gen = generatorFor('bank_account');
    for (const name of ['jp-my-number', 'ca-sin', 'pt-nif', 'id-nik']) {
      const maker = NATIONAL_IDS.find((m) => m.name === name)!;
      for (const v of values(name).slice(0, 40)) {
        const s = gen.generate(v, v.replace(/\D/g, ''), keyed, 0);
        if (!maker.valid(s)) throw new Error(`${name}: ${v} -> ${s} is not valid`);
        expect(shape(s)).toBe(shape(v));
      }
    }
  });

  it('every scheme of the table is reachable from a layouts-corpus value or stands alone', () => {
    // guards the test's reach: the makers cover most of the table's schemes
    const covered = new Set<string>();
    for (const maker of NATIONAL_IDS)
      for (const v of values(maker.name)) for (const s of schemesOfSurface(v)) covered.add(s.id);
    expect(covered.size).toBeGreaterThanOrEqual(Math.min(20, SCHEME_BY_ID.size));
  });
});
