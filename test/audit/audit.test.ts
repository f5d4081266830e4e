/**
 * `tracetwin audit`: values read from lists and exports by column name, found
 * raw, JSON-escaped at any depth, in any ASCII case for e-mails, domains and
 * user names, names by adjacent parts; the report never shows text unless
 * --show; exit 1 / 0 / 2.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Auditor, unescape } from '../../audit/scan';
import { twin } from '../../pseudonymiser';
import { auditFile, auditText, report } from '../../cli/commands/audit';
import { BadValuesError, columnKind, loadValues, parseCsv, shapeKind, type Value } from '../../audit/values';

const BIN = path.join(__dirname, '..', '..', 'bin', 'tracetwin');

function v(text: string, kind: Value['kind']): Value {
  return { text, kind, source: 'list', line: 1 };
}

/** The texts found, with their kinds. */
function found(values: Value[], text: string): string[] {
  return new Auditor(values).audit(text).map((s) => `${s.kind}:${text.slice(s.start, s.end)}`);
}

/** `s` written as a JSON string's content, `depth` times over. */
function escapeDepth(s: string, depth: number, ascii = false): string {
  let t = s;
  for (let i = 0; i < depth; i++) {
    t = JSON.stringify(t).slice(1, -1);
    if (ascii) t = t.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  }
  return t;
}

describe('values', () => {
  it('reads an export by column name, joins first and last names, and lists the columns it did not read', () => {
    const csv =
      'id,First Name,Last Name,E-mail,Mobile Phone,Company Name,Website,created_at\n' +
      '1,Ada,Lovelace,ada@analytical.example,+44 20 7946 0018,"Engines, Ltd",https://www.analytical.example/x,2024\n';
    const { values, ignoredColumns } = loadValues([{ text: csv, source: 'crm.csv' }]);
    expect(values.map((x) => `${x.kind}:${x.text}@${x.line}`).sort()).toEqual(
      [
        'email:ada@analytical.example@2',
        'phone:+44 20 7946 0018@2',
        'company:Engines, Ltd@2',
        'domain:analytical.example@2',
        'name:Ada Lovelace@2',
      ].sort(),
    );
    expect(ignoredColumns.sort()).toEqual(['created_at', 'id']);
  });

  it('reads JSON Lines by key, and plain lists by shape', () => {
    const { values } = loadValues([
      { text: '{"username":"zed_9","full_name":"Zoe Ng","plan":"pro"}\n', source: 'users.jsonl' },
      { text: 'x@y.example\nbig-corp.io\n+1 (415) 555-0100\nGrace Hopper\nghopper\n# a comment\n', source: 'l.txt' },
    ]);
    expect(values.map((x) => `${x.kind}:${x.text}`)).toEqual([
      'username:zed_9',
      'name:Zoe Ng',
      'email:x@y.example',
      'domain:big-corp.io',
      'phone:+1 (415) 555-0100',
      'name:Grace Hopper',
      'username:ghopper',
    ]);
  });

  it('parses quoted CSV fields with commas, quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, ""y""","l1\nl2"\n', 'f').map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['x, "y"', 'l1\nl2'],
    ]);
  });

  it('refuses exports without a known column, broken JSON and unclosed quotes', () => {
    expect(() => loadValues([{ text: 'id,created\n1,2\n', source: 'a.csv' }])).toThrow(BadValuesError);
    expect(() => loadValues([{ text: '{"email":\n', source: 'a.jsonl' }])).toThrow(BadValuesError);
    expect(() => loadValues([{ text: 'email\n"a@b.c\n', source: 'a.csv' }])).toThrow(BadValuesError);
  });

  it('names kinds from column names and shapes', () => {
    expect(columnKind('Contact Email')).toBe('email');
    expect(columnKind('company_name')).toBe('company');
    expect(columnKind('display_name')).toBe('name');
    expect(columnKind('surname')).toBe('last');
    expect(columnKind('created_at')).toBeNull();
    expect(shapeKind('https://acme.example/path')).toBe('domain');
    expect(shapeKind('12')).toBe('other');
  });
});

describe('unescape', () => {
  it('reads escapes behind any run of backslashes and maps positions back', () => {
    const raw = 'a\\\\u00e9b\\"c\\nd';
    const { text, toOriginal } = unescape(raw);
    expect(text).toBe('aébc"c\nd'.replace('bc', 'b'));
    expect(toOriginal(1)).toBe(1);
    expect(toOriginal(2)).toBe(8);
    expect(toOriginal(text.length)).toBe(raw.length);
  });
});

describe('Auditor', () => {
  const values = [
    v('Ana.Lima@Example.COM', 'email'),
    v('bigcorp.io', 'domain'),
    v('jdoe42', 'username'),
    v('María Fernández', 'name'),
    v('+1 415 555 0199', 'phone'),
    v('Initech', 'company'),
  ];

  it('finds each value raw and JSON-escaped at depths 0 to 5, non-ASCII as \\uXXXX too', () => {
    for (let depth = 0; depth <= 5; depth++)
      for (const ascii of [false, true]) {
        const text = escapeDepth(
          'x ana.lima@example.com; https://BIGCORP.IO/a by JDoe42 — María Fernández at +1 415 555 0199 of Initech.',
          depth,
          ascii,
        );
        const kinds = new Auditor(values).audit(text).map((s) => s.kind);
        expect([depth, ascii, kinds]).toEqual([
          depth,
          ascii,
          ['email', 'domain', 'username', 'name', 'phone', 'company'],
        ]);
      }
  });

  it('finds values percent-encoded in URLs (once or twice), and names with a plus between their parts', () => {
    const names = [v('Ana.Lima@Example.COM', 'email'), v('John Smithers', 'name')];
    expect(found(names, 'GET /search?q=ana.lima%40example.com&who=John+Smithers')).toEqual([
      'email:ana.lima%40example.com',
      'name:John+Smithers',
    ]);
    expect(found(names, '{"url":"https://x.example/?to=ANA.LIMA%2540example.com"}')).toEqual([
      'email:ANA.LIMA%2540example.com',
    ]);
  });

  it('finds a phone by its significant digits in any layout, with or without country code and trunk 0', () => {
    const phones = [v('+44 20 7946 0958', 'phone')];
    for (const layout of [
      '+44 20 7946 0958',
      '020 7946 0958',
      '+442079460958',
      '02079460958',
      '0044 20 7946 0958',
      '+44 (0)20 7946 0958',
      '(020) 7946-0958',
      '20.7946.0958',
      'tel:+44-20-7946-0958',
    ])
      expect([layout, found(phones, `call ${layout}, today`)]).toEqual([
        layout,
        [`phone:${layout.replace(/^tel:/, '')}`],
      ]);
    // and the same from a value written nationally, or without separators
    expect(found([v('020 7946 0958', 'phone')], 'x +44 20 7946 0958 y')).toEqual(['phone:+44 20 7946 0958']);
    expect(found([v('+44 20 7946 0958 ext. 12', 'phone')], 'x 020 7946 0958 y')).toEqual(['phone:020 7946 0958']);
    expect(found([v('14155550199', 'phone')], 'x +1 415 555 0199 y (415) 555-0199')).toEqual([
      'phone:+1 415 555 0199',
      'phone:(415) 555-0199',
    ]);
    // the country code is not compared: the same national number after another one is reported
    expect(found(phones, '+45 20 7946 0958')).toEqual(['phone:+45 20 7946 0958']);
    expect(found([v('+1 (415) 555-0199', 'phone')], 'x 1-415-555-0199 y 4155550199')).toEqual([
      'phone:1-415-555-0199',
      'phone:4155550199',
    ]);
  });

  it('does not find a phone by digits that are part of a longer number or joined across other text', () => {
    const phones = [v('+44 20 7946 0958', 'phone')];
    expect(found(phones, '120794609581 9920794609 5 id 20 and 7946 0958 / 2079 46 09 58')).toEqual([
      'phone:2079 46 09 58',
    ]);
    expect(found(phones, 'order 5552079460958')).toEqual([]);
    // a group of digits longer than a prefix and a national number is another number, however long
    expect(found([v('111 1111', 'phone')], `${'1'.repeat(100_000)} 111 1111`)).toEqual(['phone:111 1111']);
  });

  it('finds a phone by its digits JSON-escaped and percent-encoded, with its column in the original text', () => {
    const text = '{"m":"{\\"tel\\":\\"020%207946%200958\\"}"}';
    const survivors = new Auditor([v('+44 20 7946 0958', 'phone')]).audit(text);
    expect(survivors.map((s) => text.slice(s.start, s.end))).toEqual(['020%207946%200958']);
  });

  it('reads HTML character references and percent-encoded non-ASCII characters before the search', () => {
    const vs = [v('ana.lima@example.com', 'email'), v('José Müller', 'name'), v('Smith & Sons', 'company')];
    expect(found(vs, '<a>ana.lima&#64;example.com</a> ana.lima&#x40;example.com ana.lima&amp;#64;example.com')).toEqual(
      ['email:ana.lima&#64;example.com', 'email:ana.lima&#x40;example.com', 'email:ana.lima&amp;#64;example.com'],
    );
    expect(found(vs, '<p>Jos&eacute; M&uuml;ller of Smith &amp; Sons</p>')).toEqual([
      'name:Jos&eacute; M&uuml;ller',
      'company:Smith &amp; Sons',
    ]);
    expect(found(vs, '/u?n=Jos%C3%A9+M%C3%BCller /u?n=Jos%25C3%25A9%20M%25C3%25BCller')).toEqual([
      'name:Jos%C3%A9+M%C3%BCller',
      'name:Jos%25C3%25A9%20M%25C3%25BCller',
    ]);
    // a lone or broken byte is kept as it is
    expect(unescape('a%C3b %E9 %FF &bogus; &#xD800;').text).toBe('a%C3b %E9 %FF &bogus; &#xD800;');
  });

  it('folds ASCII case for e-mails, domains and user names only', () => {
    expect(found(values, 'INITECH initech Initech')).toEqual(['company:Initech']);
    expect(found(values, 'JDOE42 and ANA.LIMA@EXAMPLE.COM')).toEqual(['username:JDOE42', 'email:ANA.LIMA@EXAMPLE.COM']);
  });

  it('does not match inside a longer word', () => {
    expect(found(values, 'jdoe421 xjdoe42 notbigcorp.io Initechs')).toEqual([]);
  });

  it('finds a name by two adjacent parts of three or more letters, in either order, in capitals', () => {
    const names = [v('John Ronald Smithers', 'name'), v('Li Wu Chen', 'name')];
    expect(found(names, 'Dear Smithers, John.')).toEqual(['name:Smithers, John']);
    expect(found(names, 'SMITHERS JOHN')).toEqual(['name:SMITHERS JOHN']);
    expect(found(names, 'John R. Smithers')).toEqual(['name:John R. Smithers']);
    // parts alone, or parts of two different names side by side, are not a survivor
    expect(found(names, 'John went home. Smithers stayed. John Chen left.')).toEqual([]);
    // two-letter parts count only inside the whole name
    expect(found(names, 'Li Wu and Li Wu Chen')).toEqual(['name:Li Wu Chen']);
  });

  it('reports an occurrence inside a longer one once, as the longer one', () => {
    const vs = [v('jsmith', 'username'), v('jsmith@acme.example', 'email')];
    expect(found(vs, 'mail jsmith@acme.example')).toEqual(['email:jsmith@acme.example']);
  });

  it('takes 100,000 values in one automaton', () => {
    const many: Value[] = [];
    for (let i = 0; i < 100_000; i++) many.push(v(`user${i}@corp${i % 97}.example`, 'email'));
    const a = new Auditor(many);
    expect(a.audit('x USER99999@CORP89.example y user5@corp6.example').length).toBe(1);
  });
});

describe('auditFile', () => {
  it('reads a twin in blocks of whole lines and finds what one pass over the whole text finds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-audit-blocks-'));
    try {
      const values = [v('John Smithers', 'name'), v('jdoe@acme.example', 'email'), v('Initech', 'company')];
      const lines: string[] = [];
      for (let i = 0; i < 200; i++)
        lines.push(
          i % 7 === 0
            ? JSON.stringify({ m: `Ünïcode ${i} mail JDOE@acme.example from Initech` })
            : i % 11 === 0
              ? `a long line ${'x'.repeat(300)} Smithers,`
              : i % 11 === 1
                ? 'John was here'
                : `{"n":${i}}`,
        );
      const text = lines.join('\n') + '\n';
      const file = path.join(dir, 't.jsonl');
      fs.writeFileSync(file, text);
      const auditor = new Auditor(values);
      const whole = auditText(auditor, text, false).map((s) => [s.kind, s.line, s.column]);
      expect(whole.length).toBeGreaterThan(60);
      expect(whole).toContainEqual(['name', 12, 314]);
      for (const block of [64, 333, 1000, 1 << 20])
        expect([block, auditFile(auditor, file, false, block).map((s) => [s.kind, s.line, s.column])]).toEqual([
          block,
          whole,
        ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('report', () => {
  it('reports more survivors than a call takes arguments', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-audit-many-'));
    try {
      const file = path.join(dir, 'many.txt');
      fs.writeFileSync(file, 'acmecorp '.repeat(200_000));
      const values = [v('acmecorp', 'username')];
      const survivors = auditFile(new Auditor(values), file, false);
      expect(survivors).toHaveLength(200_000);
      expect(report([{ file, survivors }], values, false)).toMatch(/^200000 survivors \(username 200000\)/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tracetwin audit', () => {
  let dir: string;
  const run = (args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'audit', ...args], { cwd: dir, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-audit-'));
    fs.writeFileSync(path.join(dir, 'crm.csv'), 'Name,Email,notes\nJohn Smithers,john@acme.example,vip\n');
    fs.mkdirSync(path.join(dir, 'twins'));
    fs.writeFileSync(
      path.join(dir, 'twins', 'a.jsonl'),
      '{"m":"ok"}\n{"m":"{\\"to\\":\\"JOHN@ACME.EXAMPLE\\"}","n":"Smithers, John"}\n',
    );
    fs.writeFileSync(path.join(dir, 'twins', 'b.json'), '{"m":"Jane Doe"}\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exits 1 with a table of survivors per file and kind, line and column, no text', () => {
    const r = run(['--values', 'crm.csv', 'twins']);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n').map((l) => l.split(/\s{2,}/));
    expect(lines).toContainEqual([path.join('twins', 'a.jsonl'), 'email', '2', '17', 'crm.csv:2']);
    expect(lines).toContainEqual([path.join('twins', 'a.jsonl'), 'name', '2', '44', 'crm.csv:2']);
    expect(r.stdout).toContain('2 survivors (email 1, name 1) in 1 of 2 files; 2 values (email 1, name 1) searched');
    expect(r.stdout).not.toMatch(/john|smithers/i);
    expect(r.stderr).toContain('columns not read (no known kind): notes');
  });

  it('shows the text around each survivor only with --show', () => {
    const r = run(['--values', 'crm.csv', '--show', path.join('twins', 'a.jsonl')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('[Smithers, John]');
  });

  it('prints one JSON document with --json: survivors, counts and values searched, no text unless --show', () => {
    const r = run(['--values', 'crm.csv', '--json', 'twins']);
    expect(r.status).toBe(1);
    const a = path.join('twins', 'a.jsonl');
    expect(JSON.parse(r.stdout)).toEqual({
      survivors: [
        { file: a, kind: 'email', line: 2, column: 17, valuesFile: 'crm.csv', valuesLine: 2 },
        { file: a, kind: 'name', line: 2, column: 44, valuesFile: 'crm.csv', valuesLine: 2 },
      ],
      counts: {
        survivors: 2,
        byKind: { email: 1, name: 1 },
        files: 2,
        filesWithSurvivors: 1,
        perFile: [{ file: a, survivors: 2, byKind: { email: 1, name: 1 } }],
      },
      searched: { values: 2, byKind: { email: 1, name: 1 }, tooShort: 0, columnsNotRead: ['notes'] },
    });
    expect(r.stdout).not.toMatch(/john|smithers/i);
    const shown = run(['--values', 'crm.csv', '--json', '--show', a]);
    expect(shown.status).toBe(1);
    expect((JSON.parse(shown.stdout) as { survivors: { text: string }[] }).survivors.map((s) => s.text)).toEqual([
      expect.stringContaining('[JOHN@ACME.EXAMPLE]'),
      expect.stringContaining('[Smithers, John]'),
    ]);
    const none = run(['--values', 'crm.csv', '--json', path.join('twins', 'b.json')]);
    expect(none.status).toBe(0);
    expect(JSON.parse(none.stdout)).toMatchObject({ survivors: [], counts: { survivors: 0, files: 1 } });
    expect(run(['--values', 'missing.csv', '--json', 'twins']).status).toBe(2);
  });

  it('finds a phone of the export written in another layout in a twin', () => {
    fs.writeFileSync(path.join(dir, 'phones.csv'), 'mobile\n+44 20 7946 0958\n');
    fs.writeFileSync(path.join(dir, 'phone-twin.txt'), 'ok\ncall 020 7946 0958 or +442079460958\n');
    const r = run(['--values', 'phones.csv', '--json', 'phone-twin.txt']);
    expect(r.status).toBe(1);
    expect((JSON.parse(r.stdout) as { survivors: unknown[] }).survivors).toEqual([
      { file: 'phone-twin.txt', kind: 'phone', line: 2, column: 6, valuesFile: 'phones.csv', valuesLine: 2 },
      { file: 'phone-twin.txt', kind: 'phone', line: 2, column: 23, valuesFile: 'phones.csv', valuesLine: 2 },
    ]);
  });

  it('exits 0 when nothing survived', () => {
    const r = run(['--values', 'crm.csv', path.join('twins', 'b.json')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('no survivors: 2 values (email 1, name 1) searched in 1 file');
  });

  it('finds the customers of a trace in it, and none in its twin', () => {
    const trace = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'example.jsonl'));
    fs.writeFileSync(
      path.join(dir, 'customers.csv'),
      'name,email,phone,username\nRahul Verma,rahul.verma@gmail.com,+44 20 7946 0958,\nJane Doe,,,jdoe\n',
    );
    fs.mkdirSync(path.join(dir, 'pair'));
    fs.writeFileSync(path.join(dir, 'pair', 'trace.jsonl'), trace);
    fs.writeFileSync(
      path.join(dir, 'pair', 'twin.jsonl'),
      twin(trace, { key: '3a'.repeat(32), format: 'jsonl' }).output,
    );
    const before = run(['--values', 'customers.csv', path.join('pair', 'trace.jsonl')]);
    expect(before.status).toBe(1);
    expect(before.stdout).toMatch(/ in 1 of 1 file;/);
    for (const kind of ['name', 'email', 'phone', 'username']) expect(before.stdout).toContain(` ${kind} `);
    const after = run(['--values', 'customers.csv', path.join('pair', 'twin.jsonl')]);
    expect(after.stdout).toContain('no survivors');
    expect(after.status).toBe(0);
  });

  it('exits 2 on bad input', () => {
    expect(run(['--values', 'missing.csv', 'twins']).status).toBe(2);
    expect(run(['twins']).status).toBe(2);
    expect(run(['--values', 'crm.csv', 'no-such-twin']).status).toBe(2);
    expect(run(['--values', 'crm.csv', '--bogus', 'twins']).status).toBe(2);
    fs.writeFileSync(path.join(dir, 'bad.csv'), 'id,created\n1,2\n');
    expect(run(['--values', 'bad.csv', 'twins']).status).toBe(2);
  });
});
