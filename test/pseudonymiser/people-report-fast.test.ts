/**
 * The people detectors report the same names again and again (a customer in
 * every record); report.ts skips a report it has made before without a place,
 * since the registry keeps the first global finding of a surface. The
 * registry and the people state must end as they end when every report is
 * made.
 */
import fc from 'fast-check';
import { Registry } from '../../pseudonymiser/registry';
import { stateOf, type PeopleState } from '../../pseudonymiser/detectors/people/state';
import { reportLone, reportOrg, reportPerson } from '../../pseudonymiser/detectors/people/report';
import type { Kind } from '../../pseudonymiser/types';

type Call =
  | { op: 'person'; surface: string; given: string; family: string; initialOnly: boolean }
  | { op: 'org'; surface: string; canonical: string; confidential: boolean }
  | { op: 'lone'; surface: string; role: 'given' | 'family'; name: string; titled: boolean; at?: number }
  | { op: 'other'; kind: Kind; surface: string }
  | { op: 'chunk' };

function play(calls: readonly Call[], everyReport: boolean): { reg: Registry; st: PeopleState } {
  const reg = new Registry();
  const st = stateOf(reg);
  for (const c of calls) {
    // the plain reading: nothing remembered, every report made
    if (everyReport) st.reported.clear();
    if (c.op === 'person') reportPerson(reg, st, c.surface, c.given, c.family, c.initialOnly);
    else if (c.op === 'org') reportOrg(reg, st, c.surface, c.canonical, c.confidential);
    else if (c.op === 'lone') reportLone(reg, st, c.surface, c.role, c.name, c.titled, c.at);
    else if (c.op === 'other') reg.add({ kind: c.kind, surface: c.surface });
    else reg.chunkIndex++;
  }
  return { reg, st };
}

/** Everything the registry and the state hold, in order. */
function dump({ reg, st }: { reg: Registry; st: PeopleState }): unknown {
  return {
    surfaces: [...reg.surfaces].map(([t, s]) => [t, s.entity.kind, s.entity.canonical, s.caseInsensitive]),
    entities: [...reg.entities()].map((e) => [e.kind, e.canonical, reg.surfacesOf(e)]),
    sites: [...reg.sites].map(([n, l]) => [n, l.map((e) => [e.start, e.end, e.surface.text, e.surface.entity.kind])]),
    persons: [...st.persons].map(([k, p]) => [k, p.given, p.family, [...p.surfaces]]),
    orgs: [...st.orgs].map(([k, o]) => [k, o.confidential, [...o.surfaces]]),
    lone: st.lone.map((l) => [l.surface, l.role, l.name]),
  };
}

// few surfaces and names, so that one surface comes with several names and kinds
const surface = fc.constantFrom(
  'Jane Doe',
  'Doe',
  'J. Doe',
  'Acme Corp.',
  'Acme',
  'Blue Ltd',
  'Apple Inc.',
  '李明',
  'jd',
);
const low = fc.constantFrom('jane', 'doe', 'j', 'acme', '李', '明');

const call: fc.Arbitrary<Call> = fc.oneof(
  fc.record({
    op: fc.constant('person' as const),
    surface,
    given: low,
    family: low,
    initialOnly: fc.boolean(),
  }),
  fc.record({ op: fc.constant('org' as const), surface, canonical: low, confidential: fc.boolean() }),
  fc.record(
    {
      op: fc.constant('lone' as const),
      surface,
      role: fc.constantFrom('given' as const, 'family' as const),
      name: low,
      titled: fc.boolean(),
      at: fc.nat(50),
    },
    { requiredKeys: ['op', 'surface', 'role', 'name', 'titled'] },
  ),
  fc.record({ op: fc.constant('other' as const), kind: fc.constantFrom<Kind>('email', 'username', 'domain'), surface }),
  fc.constant({ op: 'chunk' as const }),
);

describe('people reports made once', () => {
  it('leave the registry and the state as every report made leaves them', () => {
    fc.assert(
      fc.property(fc.array(call, { minLength: 5, maxLength: 60 }), (calls) => {
        // each call twice in a row, and the whole sequence again: the repeats are what is skipped
        const doubled = calls.flatMap((c) => [c, c]).concat(calls);
        expect(dump(play(doubled, false))).toEqual(dump(play(doubled, true)));
      }),
      { numRuns: 2000 },
    );
  });
});
