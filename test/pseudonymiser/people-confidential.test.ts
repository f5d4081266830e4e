/**
 * Confidential organisations whose name is shorter than a global surface
 * (`HP`): replaced at every case-sensitive whole-word occurrence, with one
 * stand-in, in text and JSON, and linked to the organisation's domain.
 */
import { twin } from '../../pseudonymiser';

const KEY = '5a'.repeat(32);

function run(input: string, confidential: string[], format: 'text' | 'json' = 'text'): string {
  return twin(Buffer.from(input), { key: KEY, format, confidential }).output.toString();
}

describe('short confidential organisation names', () => {
  it('replaces every whole-word occurrence, case-sensitively, with one stand-in', () => {
    const input = 'HP shipped it. Ask HP (not HPE, SHP or hp) whether "HP" agrees.';
    const out = run(input, ['HP']);
    expect(out).not.toMatch(/\bHP\b/);
    expect(out).toContain('HPE');
    expect(out).toContain('SHP');
    expect(out).toContain(' hp)');
    const m = /^(\S+) shipped it\. Ask (\S+) \(not HPE, SHP or hp\) whether "(\S+)" agrees\.$/.exec(out);
    expect(m).not.toBeNull();
    expect(m![2]).toBe(m![1]);
    expect(m![3]).toBe(m![1]);
    expect(m![1]).not.toBe('HP');
  });

  it('is left alone without the confidential entry', () => {
    const input = 'HP shipped it. Ask HP whether "HP" agrees.';
    expect(run(input, [])).toBe(input);
  });

  it('works in JSON values and nested JSON strings', () => {
    const doc = { vendor: 'HP', note: 'Ask HP about it', args: JSON.stringify({ org: 'HP' }) };
    const out = JSON.parse(run(JSON.stringify(doc), ['HP'], 'json')) as Record<string, string>;
    expect(out.vendor).not.toBe('HP');
    expect(out.note).toBe(`Ask ${out.vendor} about it`);
    expect((JSON.parse(out.args!) as Record<string, string>).org).toBe(out.vendor);
  });

  it("gives the organisation's e-mail domain a matching stand-in", () => {
    const out = run('HP support: jane.doe@hp.com and HP.', ['HP']);
    const org = /^(\S+) support/.exec(out)![1]!;
    expect(org).not.toBe('HP');
    expect(out).not.toMatch(/\bHP\b|hp\.com/);
    expect(out).toContain(`@${org.toLowerCase()}.com`);
  });
});
