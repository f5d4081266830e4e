/**
 * One key, one customer, one stand-in: a street line gets the same stand-in in every trace whatever span a
 * trace lets the detectors find (the flat before it or not, a key naming it or prose around it), because each
 * part of a line (flat, house number, street) is drawn from that part alone.
 */
import { standIn, twinOf } from './accounts-helpers';

const LINE = 'Flat 9, 178 Willowbrook Road';

/** The stand-in of LINE in a twin: the text before `, Bristol` where the original stood. */
function lineIn(twin: string, before: string): string {
  const at = twin.indexOf(before) + before.length;
  return twin.slice(at, twin.indexOf(', Bristol', at));
}

describe('a street line across traces', () => {
  it('gets the same stand-in in a named field, in prose and in a signature', () => {
    const field = twinOf(JSON.stringify({ name: 'Ada', address: `${LINE}, Bristol BS7 1ZR`, plan: 'pro' }), 'json');
    const prose = twinOf(`user: I moved to ${LINE}, Bristol BS7 1ZR. Can you update my account?\n`);
    const sig = twinOf(`Thanks for the fix.\n\n-- Ada\nQuillon Health SAS | ${LINE}, Bristol BS7 1ZR\n`);
    const a = lineIn(field, '"address":"');
    expect(a).toMatch(/^Flat \d, \d{3} \p{Lu}[\p{L} ]+ Road$/u);
    expect(a).not.toContain('178');
    expect(lineIn(prose, 'I moved to ')).toBe(a);
    expect(lineIn(sig, '| ')).toBe(a);
  });

  it('draws each part from that part alone: the flat and the street stand alone as they stand in the line', () => {
    const whole = standIn('address', LINE);
    expect(whole).toBe(`${standIn('address', 'Flat 9')}, ${standIn('address', '178 Willowbrook Road')}`);
    // a unit after the street line does not move the street's stand-in either
    expect(
      standIn('address', '178 Willowbrook Road, Apt 5').startsWith(standIn('address', '178 Willowbrook Road')),
    ).toBe(true);
  });
});
