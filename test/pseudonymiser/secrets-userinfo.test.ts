/**
 * A URL's userinfo may hold RFC 3986's sub-delimiters, `(` and `)` among them, and percent-escapes: the password
 * is read to its `@` past a parenthesis, and its stand-in keeps the escapes as written (a well-formed URL).
 * A parenthesis that closes prose around a URL still ends it.
 */
import { twin } from '../../pseudonymiser';

const KEY = '7c'.repeat(32);
const out = (text: string): string => twin(Buffer.from(text), { key: KEY, format: 'text' }).output.toString();

describe('URL userinfo', () => {
  it('replaces a password holding ( or ) and percent-escapes, and keeps the escapes well formed', () => {
    const text = 'amqp://queue:Tq(9%40vR)m%2F7w@mq.halvorsen-freight.no:5671/jobs\n';
    const twinned = out(text);
    expect(twinned).not.toContain('Tq(9%40vR)m%2F7w');
    const m = /^amqp:\/\/queue:([^@]+)@/.exec(twinned);
    expect(m).not.toBeNull();
    expect(m![1]).toMatch(/^\S\S\(\S%40\S\S\)\S%2F\S\S$/);
    expect(() => decodeURIComponent(m![1]!)).not.toThrow();
  });

  it('ends a URL at a parenthesis that closes the prose around it', () => {
    const text = 'docs (https://docs.halvorsen-freight.no/a) and (see) ops@halvorsen-freight.no\n';
    expect(out(text)).toContain('(https://docs.');
    expect(out(text)).toMatch(/\/a\) and \(see\) /);
  });
});
