import { FREE_MAIL } from '../../pseudonymiser/detectors/accounts/lists';
import { KEY, OTHER_KEY, detect, standIn, surfaces, twinOf } from './accounts-helpers';

describe('accounts: e-mail detection', () => {
  it('finds addresses in their usual shapes', () => {
    const text =
      'Write to jane.doe@acme.io, JDoe@Acme.io (work), bob+tag@gmail.com; mailto:x_y-z@sub.corp.co.uk. ?to=ann%40acme.io';
    expect(surfaces(text, 'email').sort()).toEqual(
      ['JDoe@Acme.io', 'ann%40acme.io', 'bob+tag@gmail.com', 'jane.doe@acme.io', 'x_y-z@sub.corp.co.uk'].sort(),
    );
  });

  it('reports private domains as bare domains, never free-mail, public or reserved ones', () => {
    const text = 'a.b@acme.io c@mail.globex.co.uk d@gmail.com e@example.com f@github.com g@anthropic.com';
    expect(surfaces(text, 'domain').sort()).toEqual(['acme.io', 'globex.co.uk']);
    // addresses at reserved and public domains are still replaced: the local part names someone
    expect(surfaces(text, 'email')).toEqual(
      expect.arrayContaining(['e@example.com', 'f@github.com', 'g@anthropic.com', 'd@gmail.com']),
    );
  });

  it("judges a public organisation's domain under a country's suffix as its hosts are: public", () => {
    const text = 'dailyem@ebs.bbc.co.uk and https://www.bbc.co.uk/news; hr@globex.co.uk and https://www.globex.co.uk/';
    expect(surfaces(text, 'domain')).toEqual(['globex.co.uk']);
    const out = twinOf(text);
    expect(out).toContain('@ebs.bbc.co.uk and https://www.bbc.co.uk/news;');
    expect(out).not.toContain('dailyem');
    expect(out).not.toContain('globex');
  });

  it('leaves look-alikes alone', () => {
    const text = [
      'npm i @types/node lodash@4.17.21 pkg@latest',
      'icon@2x.png logo@3x.jpg',
      'git@github.com:owner/repo.git',
      'https://user:hunter2@db.acme.io/x',
      'foo@localhost bar@baz user@host',
      '@property\ndef x(self): ...',
      'a@b.c',
    ].join('\n');
    expect(surfaces(text, 'email')).toEqual([]);
  });

  it('finds GitHub noreply addresses', () => {
    expect(surfaces('by 12345+octocat@users.noreply.github.com', 'email')).toEqual([
      '12345+octocat@users.noreply.github.com',
    ]);
  });
});

describe('accounts: e-mail stand-ins', () => {
  it('keeps the layout of the local part and the case', () => {
    expect(standIn('email', 'jane.doe@gmail.com', 'jane.doe@gmail.com')).toMatch(/^[a-z]+\.[a-z]+@[a-z.]+$/);
    expect(standIn('email', 'jdoe@gmail.com', 'jdoe@gmail.com')).toMatch(/^[a-z]{3,}@[a-z.]+$/);
    expect(standIn('email', 'jane_doe42@gmail.com', 'jane_doe42@gmail.com')).toMatch(/^[a-z]+_[a-z]+\d\d@[a-z.]+$/);
    expect(standIn('email', 'Jane.Doe@gmail.com', 'jane.doe@gmail.com')).toMatch(/^[A-Z][a-z]+\.[A-Z][a-z]+@/);
    expect(standIn('email', 'UtaKortig@gmail.com', 'utakortig@gmail.com')).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+@/);
    for (const e of ['jane.doe@gmail.com', 'jdoe@gmail.com', 'Jane.Doe@gmail.com'])
      expect(standIn('email', e, e.toLowerCase()).split('@')[0]!.toLowerCase()).not.toBe(
        e.split('@')[0]!.toLowerCase(),
      );
  });

  it('keeps free-mail free-mail and reserved or public domains as they are', () => {
    for (const e of ['amy@gmail.com', 'bo@yahoo.fr', 'cy@qq.com', 'di@proton.me', 'ed@mail.ru'])
      expect(FREE_MAIL.has(standIn('email', e).split('@')[1]!)).toBe(true);
    expect(standIn('email', 'jane@example.com').endsWith('@example.com')).toBe(true);
    expect(standIn('email', 'jane@openai.com').endsWith('@openai.com')).toBe(true);
  });

  it('gives a private domain the stand-in of the bare domain, keeping sub-domains and the TLD', () => {
    const dom = standIn('domain', 'acme.io', 'acme.io');
    expect(dom).toMatch(/^[a-z0-9-]+\.io$/);
    expect(dom).not.toBe('acme.io');
    expect(standIn('email', 'jane@acme.io').split('@')[1]).toBe(dom);
    expect(standIn('email', 'jane@mail.acme.io').split('@')[1]).toBe('mail.' + dom);
    expect(standIn('domain', 'globex.co.uk', 'globex.co.uk')).toMatch(/\.co\.uk$/);
  });

  it('keeps the noreply domain and replaces login and id', () => {
    const out = standIn('email', '12345+octocat@users.noreply.github.com');
    expect(out).toMatch(/^\d{5}\+[A-Za-z0-9-]+@users\.noreply\.github\.com$/);
    expect(out).not.toContain('octocat');
    expect(out).not.toMatch(/^12345\+/);
  });
});

describe('accounts: e-mails through twin', () => {
  const text = [
    'From: Jane <jane.doe@acme.io>',
    'Docs at https://acme.io/docs and https://mail.acme.io; see ACME.IO.',
    'Cc: JANE.DOE@ACME.IO, code on github.com and example.com',
  ].join('\n');

  it('replaces every form consistently in text', () => {
    const out = twinOf(text);
    expect(out.toLowerCase()).not.toContain('acme.io');
    expect(out.toLowerCase()).not.toContain('jane.doe');
    const mail = /<([^>]+)>/.exec(out)![1]!;
    const domain = mail.split('@')[1]!;
    expect(out).toContain(`https://${domain}/docs`);
    expect(out).toContain(`https://mail.${domain};`);
    expect(out).toContain(mail.toUpperCase());
    expect(out).toContain('github.com and example.com');
    expect(out.split('\n')[0]!.startsWith('From: Jane <')).toBe(true);
  });

  it('is keyed: same key, same stand-in across traces; other key, other stand-in', () => {
    const a = twinOf('{"to":"jane.doe@acme.io"}', 'json');
    const b = twinOf('first line\nmail jane.doe@acme.io now', 'text');
    expect(b).toContain(JSON.parse(a).to);
    expect(twinOf('{"to":"jane.doe@acme.io"}', 'json', OTHER_KEY)).not.toBe(a);
    expect(KEY).not.toBe(OTHER_KEY);
  });

  it('works in JSON strings, nested JSON and JSONL', () => {
    const inner = JSON.stringify({ email: 'ann.lee@globex.com' });
    const json = JSON.stringify({ messages: [{ content: 'mail ann.lee@globex.com' }], args: inner });
    const out = twinOf(json, 'json');
    const parsed = JSON.parse(out);
    const replaced = JSON.parse(parsed.args).email as string;
    expect(replaced).not.toContain('globex');
    expect(parsed.messages[0].content).toBe(`mail ${replaced}`);
    const jsonl = `{"a":"ann.lee@globex.com"}\nnot json ann.lee@globex.com\n`;
    const outl = twinOf(jsonl, 'jsonl').split('\n');
    expect(outl).toHaveLength(3);
    expect(JSON.parse(outl[0]!).a).toBe(replaced);
    expect(outl[1]).toBe(`not json ${replaced}`);
  });

  it('never maps two addresses to one stand-in', () => {
    const locals = ['jdoe', 'jane', 'j.doe', 'jane.doe', 'john.doe', 'jd', 'doe.j', 'jane_doe', 'jane1', 'jane2'];
    const text = locals.map((l) => `${l}@acme.io ${l}@gmail.com`).join('\n');
    const out = twinOf(text).split(/\s+/);
    expect(new Set(out).size).toBe(out.length);
  });
});

describe('accounts: mentions', () => {
  it('replaces @mentions in prose, not decorators, doc tags or scopes', () => {
    const text = 'Thanks @jdoe for the fix, cc @mary-ann.\n@dataclass\nclass A: ...\n/** @param x */ @types/node @here';
    expect(surfaces(text, 'handle').sort()).toEqual(['@jdoe', '@mary-ann']);
    const out = twinOf(text);
    expect(out).not.toContain('@jdoe');
    expect(out).toContain('@dataclass\nclass A');
    expect(out).toContain('@param x');
    expect(detect('@Override\npublic void x()').filter((f) => f.kind === 'handle')).toEqual([]);
  });
});
