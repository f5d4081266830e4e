/**
 * One key, one customer, one stand-in: a person's stand-in (and what is built from it: e-mails, logins) is the
 * same in every trace whatever else the trace holds. The same name written with and without its accents is one
 * person, who keeps one stand-in.
 */
import { keyFor } from '../../bench/util';
import { twinText } from './accounts-helpers';

/** The word after `before` up to `until` in a twin. */
function after(twin: string, before: string, until: string): string {
  const at = twin.indexOf(before) + before.length;
  return twin.slice(at, twin.indexOf(until, at));
}

describe('a person across traces', () => {
  // under this key `Céline Girard` and `Celine Girard` draw the same stand-in (the case that moved one of them on)
  const key = keyFor('dev-3:1');

  it('keeps one stand-in for a name written with and without its accents, whoever else the trace names', () => {
    const both = twinText('Céline Girard opened the ticket.\nLater Celine Girard replied.\n', 'text', key);
    const plain = twinText('Later Celine Girard replied.\n', 'text', key);
    const s = after(plain, 'Later ', ' replied');
    expect(s).not.toBe('Celine Girard');
    expect(after(both, 'Later ', ' replied')).toBe(s);
    expect(both.startsWith(`${s} opened`)).toBe(true);
  });

  it('gives a login with digits the same stand-in where the accented name is written and where it is not', () => {
    const named = twinText('Sofía Olivares asked: send it to sofia.olivares40@yahoo.com please\n', 'text', key);
    const alone = twinText('$ mail sofia.olivares40@yahoo.com < invoice.pdf\n', 'text', key);
    const e = after(alone, '$ mail ', ' <');
    expect(e).not.toContain('olivares');
    expect(after(named, 'send it to ', ' please')).toBe(e);
  });

  it('gives two people of one trace no common stand-in part where one stand-in would be the other name', () => {
    // under this key `Oluwaseun Eze` draws `Harriet …`: in a trace that names `Harriet Halloran` that part would
    // be replaced again as hers, half by her stand-in; it draws anew instead
    const k = keyFor('tracetwin:1');
    const out = twinText('Harriet Halloran approved it.\nEscalate to Oluwaseun Eze today.\n', 'text', k);
    const alone = twinText('Escalate to Oluwaseun Eze today.\n', 'text', k);
    expect(after(alone, 'Escalate to ', ' today')).toMatch(/^Harriet /);
    const her = after(out, '', ' approved').split(' ');
    const him = after(out, 'Escalate to ', ' today').split(' ');
    expect(him.some((w) => her.includes(w) || w === 'Harriet')).toBe(false);
  });
});

describe('a name alone in a trace that names the person in full', () => {
  it('takes the full name’s stand-in for the part it is, whatever part it was reported as', () => {
    // `Buck` alone is reported as a given name (the lists hold it as one), but here it is Jane Buck's surname
    const buck = twinText('Dr. Jane Buck spoke first. Then Buck answered questions.\n');
    const full = after(buck, 'Dr. ', ' spoke');
    expect(full.split(' ')).toHaveLength(2);
    expect(after(buck, 'Then ', ' answered')).toBe(full.split(' ')[1]);
    // `Sungjoo` alone, a word on no list, is reported as a surname; here it is Sungjoo Lee's given name
    const sungjoo = twinText('Sungjoo Lee joined the call. Later Sungjoo said hi.\n');
    const name = sungjoo.slice(0, sungjoo.indexOf(' joined'));
    expect(name).not.toBe('Sungjoo Lee');
    expect(after(sungjoo, 'Later ', ' said')).toBe(name.split(' ')[0]);
  });
});
