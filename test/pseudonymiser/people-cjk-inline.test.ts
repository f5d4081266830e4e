/**
 * People the Latin scan cannot see on its own: names in CJK scripts, names
 * in JSON written inside text, names known from an e-mail address, and lone
 * first names after a role noun or as a chat speaker.
 */
import { twin } from '../../pseudonymiser';
import { isCjk, splitCjkName } from '../../pseudonymiser/standins/cjk';
import { genderOf } from '../../pseudonymiser/detectors/people/lexicon';

const KEYS = ['5a'.repeat(32), '77'.repeat(32), '0c'.repeat(32)];

function text(input: string, key = KEYS[0]!): string {
  return twin(Buffer.from(input), { key, format: 'text', confidential: [] }).output.toString();
}
/** A name as logins and e-mail local parts write it: ASCII letters only, lower case. */
const fold = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function json(value: unknown, key = KEYS[0]!): unknown {
  return JSON.parse(twin(Buffer.from(JSON.stringify(value)), { key, format: 'json' }).output.toString());
}

describe('names in CJK scripts', () => {
  it('splits a name at a known surname', () => {
    expect(splitCjkName('王翔太')).toMatchObject({ family: '王', given: '翔太' });
    expect(splitCjkName('鈴木小明')).toMatchObject({ family: '鈴木', given: '小明' });
    expect(splitCjkName('김민준')).toMatchObject({ family: '김', given: '민준' });
    expect(splitCjkName('你好')).toBeNull();
  });

  it.each(KEYS)('replaces the whole name and its given name everywhere, in the same script (key %#)', (key) => {
    const out = text('Escalate to 王翔太 (wx@example.org). Let me look up 王翔太.\nDear 翔太, thanks.', key);
    expect(out).not.toContain('王翔太');
    expect(out).not.toContain('翔太');
    const full = /Escalate to (\S+) \(/.exec(out)![1]!;
    expect(isCjk(full)).toBe(true);
    expect(out).toContain(`Let me look up ${full}.`);
    const given = /Dear (\S+),/.exec(out)![1]!;
    expect(isCjk(given)).toBe(true);
    expect(full.endsWith(given)).toBe(true);
  });

  it('keeps a Korean name in Hangul and finds it under a person field', () => {
    const out = json({ name: '김민준', note: '민준 called back' }, KEYS[1]) as { name: string; note: string };
    expect(out.name).not.toBe('김민준');
    expect(out.name).toMatch(/^[\uac00-\ud7af]{2,4}$/);
    expect(out.note).not.toContain('민준');
  });

  it('finds a signature line, a given name after a greeting and one before an honorific', () => {
    const out = text('Your card is updated.\n\n鈴木小明\nQuillon Health\n\nThank you, 美咲. 陽菜さん is on leave.');
    expect(out).not.toContain('鈴木小明');
    expect(out).not.toContain('美咲');
    expect(out).not.toContain('陽菜');
    expect(out).toMatch(/さん is on leave/);
  });

  it('leaves CJK words and prose alone', () => {
    const input = 'Translate to 中文 please. 我们明天见。王国很大。Use 東京 as the region.';
    expect(text(input)).toBe(input);
  });
});

describe('names in JSON written inside text', () => {
  it('pairs first and last names that stand next to each other', () => {
    const input =
      'tool: {"name": {"first_name": "Mia", "last_name": "Thomas"}, "saved_passengers": [{"first_name": "Raj", "last_name": "Kovacs", "dob": "1954-07-04"}]}\nuser: Mia here';
    for (const key of KEYS) {
      const out = text(input, key);
      for (const original of ['Mia', 'Thomas', 'Raj', 'Kovacs'])
        expect(out).not.toMatch(new RegExp(`\\b${original}\\b`));
      expect(out).toContain('"dob": "1954-07-04"');
      const first = /"first_name": "([^"]+)"/.exec(out)![1]!;
      expect(out).toContain(`user: ${first} here`);
    }
  });
});

describe('names in arrays of records', () => {
  it('pairs each first name with the surname of its own record', () => {
    const input = {
      passengers: [
        { first_name: 'Amelia', last_name: 'Sanchez', dob: '1955-02-01' },
        { first_name: 'Ivan', last_name: 'Martin', dob: '1973-08-20' },
        { first_name: 'Noor', last_name: 'Haddad', dob: '1990-01-02' },
      ],
    };
    for (const key of KEYS) {
      const out = JSON.stringify(json(input, key));
      for (const original of ['Amelia', 'Sanchez', 'Ivan', 'Martin', 'Noor', 'Haddad'])
        expect(out).not.toContain(original);
    }
  });
});

describe('lone names and names known from an e-mail address', () => {
  it('reads `first.last@` as a person named anywhere in the trace', () => {
    const out = text('Hayoon Park here (on Slack). Escalated to Hayoon Park (hayoon.park@tarnwell.example).');
    expect(out).not.toContain('Hayoon');
    const [, given, family] = /^(\S+) (\S+) here/.exec(out)!;
    expect(out).toContain(`${fold(given!)}.${fold(family!)}@`);
  });

  it('does not read role addresses as people', () => {
    const out = text('Write to support.team@acme-widgets.example. Our Support Team answers.');
    expect(out).toContain('Our Support Team answers.');
  });

  it('takes a first name after a role noun, but not an ordinary word', () => {
    expect(text('The user Jiho wants the invoice fixed.')).not.toContain('Jiho');
    expect(text('The user Will be notified.')).toBe('The user Will be notified.');
  });

  it('reads no context in text written in capitals', () => {
    const input = 'Remember, YOU SHOULD ALWAYS INCLUDE EXACTLY ONE TOOL CALL/FUNCTION CALL PER RESPONSE.';
    expect(text(input)).toBe(input);
  });

  it('takes a chat speaker label as a person', () => {
    expect(text('[08:40:41] Kavya (agent): Hello, thanks for contacting us.')).not.toContain('Kavya');
  });

  it('never leaves a part of the original name in its stand-in', () => {
    for (let i = 0; i < 40; i++) {
      const key = i.toString(16).padStart(2, '0').repeat(32);
      const out = text(
        '{"first_name": "Raj", "last_name": "Kovacs"} and {"first_name": "Mia", "last_name": "Thomas"}',
        key,
      );
      expect(out).not.toMatch(/\b(?:Raj|Kovacs|Mia|Thomas)\b/);
    }
  });
});

describe('logins across traces', () => {
  it('renders a login the same whether or not the trace writes the name out', () => {
    for (const key of KEYS) {
      const named = text('Kavya Deshpande opened it.\nkdeshpande@build-01:~$ ls\nharriet.halloran16@web.example', key);
      const bare = text('kdeshpande@build-01:~$ ls\nharriet.halloran16@web.example', key);
      const login = (s: string) => /^(\S+)@build-01/m.exec(s)![1];
      const mail = (s: string) => /^(\S+)@web\.example/m.exec(s)![1];
      expect(login(bare)).not.toBe('kdeshpande');
      expect(login(bare)).toBe(login(named));
      expect(mail(bare)).not.toContain('halloran');
      expect(mail(bare)).toBe(mail(named));
      // and the login follows the stand-in of the name: its initial and its surname
      const [, given, family] = /^(\S+) (\S+) opened/.exec(named)!;
      expect(login(named)).toBe(fold(given!).charAt(0) + fold(family!));
    }
  });
});

describe('gender under the keyed initial', () => {
  it('keeps the apparent gender of names from several registers for nearly every key', () => {
    const names: [string, 'f' | 'm'][] = [
      ['Dinkar Ahluwalia', 'm'],
      ['Kavya Deshpande', 'f'],
      ['Adaeze Balogun', 'f'],
      ['Krzysztof Dabrowski', 'm'],
      ['Margaret Thompson', 'f'],
      ['Giuseppe Romano', 'm'],
    ];
    let opposite = 0;
    let total = 0;
    for (let i = 0; i < 40; i++) {
      const key = ((i * 7 + 1) % 256).toString(16).padStart(2, '0').repeat(32);
      for (const [name, gender] of names) {
        const given = /^Yesterday (\S+) /u.exec(text(`Yesterday ${name} called.`, key))![1]!.toLowerCase();
        const got = genderOf(given);
        total++;
        if (got !== undefined && got !== 'u' && got !== gender) opposite++;
      }
    }
    expect(opposite / total).toBeLessThan(0.05);
  });
});
