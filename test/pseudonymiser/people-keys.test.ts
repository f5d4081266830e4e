/**
 * First and last names in one object are one person, also in long arrays of
 * people that share one parent path (the pairing looks only at neighbours).
 */
import { twin } from '../../pseudonymiser';

const KEY = '5a'.repeat(32);
const FIRST = ['Aaliyah', 'Bartholomew', 'Chiamaka', 'Dmitri', 'Esperanza', 'Fergus', 'Giovanna', 'Hiroshi'];
const LAST = ['Okonjo', 'Wisniewski', 'Haraldsen', 'Villanueva', 'Kowalczyk', 'Abernathy', 'Castellanos', 'Moreau'];

describe('people: name halves under key paths', () => {
  it('pairs first and last names of each object in a long array', () => {
    const users = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      first_name: FIRST[i % FIRST.length]!,
      last_name: LAST[(i * 3) % LAST.length]!,
      note: 'ok',
    }));
    const out = JSON.parse(
      twin(Buffer.from(JSON.stringify({ users })), { key: KEY, format: 'json' }).output.toString(),
    ) as { users: { first_name: string; last_name: string }[] };
    const s = JSON.stringify(out);
    for (const n of [...FIRST, ...LAST]) expect(s).not.toContain(n);
    // one original pair, one stand-in pair, wherever it stands
    const seen = new Map<string, string>();
    out.users.forEach((u, i) => {
      const original = `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`;
      const standIn = `${u.first_name} ${u.last_name}`;
      expect(seen.get(original) ?? standIn).toBe(standIn);
      seen.set(original, standIn);
    });
    expect(seen.size).toBe(8);
  });
});
