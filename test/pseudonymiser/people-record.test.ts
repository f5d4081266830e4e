/**
 * A bare `name` holds a person's name where its record is a person's: its JSON object, table row, config
 * section or log line also holds an e-mail, a phone, a login or a person's id, or is named by a person word.
 * There a name on no list is replaced; a `name` in a record of anything else needs the lexicons still.
 * `<person word>_name` keys (`admin_name`) name a person's name.
 */
import { twin } from '../../pseudonymiser';

const KEY = '5a'.repeat(32);
const out = (text: string, format: 'json' | 'text' = 'text'): string =>
  twin(Buffer.from(text), { key: KEY, format }).output.toString();

describe('people: a name in a person record', () => {
  it('replaces a name on no list beside a login or an e-mail, in JSON, a table row, a section and a log line', () => {
    const json = out(JSON.stringify({ members: [{ handle: 'qz77', name: 'Ossiwer Tramblek' }] }), 'json');
    expect(json).not.toContain('Ossiwer Tramblek');
    const table = out('| name             | login  |\n|------------------|--------|\n| Ossiwer Tramblek | qz77   |\n');
    expect(table).not.toContain('Ossiwer Tramblek');
    const section = out('[maintainer]\nname = Ossiwer Tramblek\nmail = ot@quillbrook.example\n');
    expect(section).not.toContain('Ossiwer Tramblek');
    const line = out('12:00:01 WARN audit: name="Ossiwer Tramblek" user_id=88123 action=export\n');
    expect(line).not.toContain('Ossiwer Tramblek');
  });

  it('replaces the name under a person word and `_name` (`approver_name`)', () => {
    expect(out(JSON.stringify({ approver: { name: 'Ossiwer Tramblek' } }), 'json')).not.toContain('Ossiwer');
    expect(out('APPROVER_NAME="Ossiwer Tramblek"\n')).not.toContain('Ossiwer');
  });

  it('keeps the name of a record of anything else, and plain words beside an e-mail', () => {
    const job =
      '[job]\nname = Ossiwer Tramblek\nschedule = hourly\n\n[mail]\nname = Nightly Digest\nmail = ops@quillbrook.example\n';
    const twinned = out(job);
    expect(twinned).toContain('Ossiwer Tramblek');
    expect(twinned).toContain('Nightly Digest');
  });
});

describe('people: records of JSON written inside text', () => {
  it('are one object each: a product beside a user object is no person', () => {
    const line =
      'tool: {"user": {"email": "rq@quillbrook.example", "name": "Ossiwer Tramblek"}, "items": [{"name": "Espresso Machine", "item_id": "7781"}]}\n';
    const twinned = out(line);
    expect(twinned).not.toContain('Ossiwer Tramblek');
    expect(twinned).toContain('"name": "Espresso Machine"');
  });
});
