/**
 * Ids of people's records named by their own prefix (a person noun or its abbreviation, any of `- _ /`, a
 * year group), the `id` of a text record that is a person's, and the stand-ins of such ids: the prefix kept,
 * and an opaque code keeps the letter that tags its type.
 */
import { twin } from '../../pseudonymiser';
import { personPrefix } from '../../pseudonymiser/detectors/accounts/mentions';
import { detect, standIn } from './accounts-helpers';

const KEY = '4d'.repeat(32);
const text = (input: string): string => twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();
const ids = (input: string): string[] => [
  ...new Set(
    detect(input)
      .filter((f) => f.kind === 'account_id')
      .map((f) => f.surface),
  ),
];

describe('prefixed ids of person records', () => {
  it('reads a prefix as a person noun or its abbreviation', () => {
    for (const p of ['customer', 'cstmr', 'acct', 'tenant', 'tnt', 'pax', 'stu', 'gst', 'hldr', 'vid', 'cid'])
      expect([p, personPrefix(p)]).toEqual([p, p !== 'pax']);
    for (const p of ['order', 'inv', 'api', 'app', 'sku', 'build', 'sec', 'iso', 'rfc', 'cve'])
      expect([p, personPrefix(p)]).toEqual([p, false]);
  });

  it('finds them with any separator and a year group, in a path or a note', () => {
    expect(ids('Redirect: /portal/leases/TNT/2023/418822')).toEqual(['TNT/2023/418822']);
    expect(ids('note: guest GST_0049913 checked in')).toEqual(['GST_0049913']);
    expect(ids('holder HLDR-77120931 signed')).toEqual(['HLDR-77120931']);
  });

  it('keeps issue keys, standards and advisories', () => {
    for (const input of ['Fixed in STU-1234 and TNT-88 (issue keys).', 'See ISO-8601, CVE-2021-44228, SHA-256.'])
      expect(text(input)).toBe(input);
  });

  it('keeps the prefix and its separators in the stand-in', () => {
    const s = standIn('account_id', 'TNT/2023/418822');
    expect(s).toMatch(/^TNT\/\d{4}\/\d{6}$/);
    expect(s).not.toBe('TNT/2023/418822');
  });
});

describe("the id of a person's record", () => {
  const record = (second: string): string =>
    `-[ RECORD 1 ]---\nid        | 5520193847\n${second}\n-[ RECORD 2 ]---\nid        | 5520193848\nlabel     | spare\n`;
  it('is an account id where the record holds a login or an e-mail, else not', () => {
    expect(ids(record('login     | rq_halvorsen'))).toContain('5520193847');
    expect(ids(record('login     | rq_halvorsen'))).not.toContain('5520193848');
    expect(ids(record('colour    | teal'))).toEqual([]);
  });
});

describe('typed codes', () => {
  it('keep their first letter under an id key and a login key, with one stand-in', () => {
    const a = standIn('account_id', 'W7QK2Z0RT4');
    expect(a).toMatch(/^W[A-Z0-9]{9}$/);
    expect(a).not.toBe('W7QK2Z0RT4');
    expect(standIn('username', 'W7QK2Z0RT4')).toBe(a);
  });
});
