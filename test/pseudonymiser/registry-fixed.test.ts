import { createKeyed } from '../../pseudonymiser/keyed';
import { Registry, fixedOf } from '../../pseudonymiser/registry';
import { own } from '../../pseudonymiser/strings';

const keyed = createKeyed(Buffer.alloc(32, 7));

describe('registry: stand-ins given by a detector (issue 16 item 5: the state kept per distinct value)', () => {
  it('keeps one entity per (kind, canonical), with no key string of its own', () => {
    const r = new Registry();
    r.add({ kind: 'person', surface: 'Anna Kowalska', canonical: 'Anna Kowalska' });
    r.add({ kind: 'email', surface: 'anna.k1@mail1.example-corp.com' });
    r.add({ kind: 'email', surface: 'ANNA.K1@mail1.example-corp.com', canonical: 'anna.k1@mail1.example-corp.com' });
    r.add({ kind: 'person', surface: 'Kowalska, Anna', canonical: 'Anna Kowalska' });
    const entities = [...r.entities()];
    expect(entities.map((e) => [e.kind, e.canonical])).toEqual([
      ['person', 'Anna Kowalska'],
      ['email', 'anna.k1@mail1.example-corp.com'],
    ]);
    expect(r.surfacesOf(entities[0]!)).toEqual(['Anna Kowalska', 'Kowalska, Anna']);
    expect(r.surfacesOf(entities[1]!)).toEqual(['anna.k1@mail1.example-corp.com', 'ANNA.K1@mail1.example-corp.com']);
  });

  it('holds a few pinned stand-ins as a flat list, many as a Map, the later pin of a surface winning', () => {
    const r = new Registry();
    const names = Array.from({ length: 12 }, (_, i) => `Person Name${String.fromCharCode(97 + i)}`);
    for (const n of names) r.add({ kind: 'person', surface: n, canonical: 'Person Name' });
    const e = [...r.entities()][0]!;
    r.pin(names[0]!, 'First Stand');
    expect(Array.isArray(e.fixed)).toBe(true);
    expect(e.fixed).toHaveLength(2); // one pair: a Map a pin cost about ten times this
    r.pin(names[0]!, 'Second Stand');
    expect(e.fixed).toHaveLength(2);
    for (let i = 1; i < 8; i++) r.pin(names[i]!, `Stand ${i}`);
    expect(Array.isArray(e.fixed)).toBe(true);
    expect(e.fixed).toHaveLength(16);
    for (let i = 8; i < 12; i++) r.pin(names[i]!, `Stand ${i}`);
    expect(e.fixed).toBeInstanceOf(Map);
    expect(fixedOf(e, names[0]!)).toBe('Second Stand');
    expect(fixedOf(e, names[11]!)).toBe('Stand 11');
    expect(fixedOf(e, 'Person Namez')).toBeUndefined();
    r.assign(keyed);
    expect(r.surfaces.get(names[0]!)!.standIn).toBe('Second Stand');
    expect(r.surfaces.get(names[5]!)!.standIn).toBe('Stand 5');
  });

  it('own copies a string exactly, lone surrogates and all', () => {
    const big = 'x'.repeat(100) + 'anna.k1@mail1.example-corp.com\ud800é李' + 'y'.repeat(100);
    for (const [a, b] of [
      [100, 133],
      [100, 101],
      [0, 0],
      [130, 134],
    ] as const)
      expect(own(big.slice(a, b))).toBe(big.slice(a, b));
  });
});
