/**
 * The layouts corpus (bench/layouts.ts): deterministic from its seed, every
 * trace valid in its own format, every planted and keep value present; the
 * format validators reject what their specifications forbid; the value makers
 * agree with the published examples of their algorithms.
 */
import { evaluateTrace, formatOk } from '../../bench/evaluate';
import {
  checkCsv,
  checkEmail,
  checkEnv,
  checkHar,
  checkHttp,
  checkIcs,
  checkMarkdown,
  checkMysql,
  checkPsql,
  checkShell,
  checkSqlDump,
  checkToml,
  checkVcf,
  checkYaml,
} from '../../bench/layout-checks';
import {
  NATIONAL_IDS,
  base58checkValid,
  eip55,
  eip55Valid,
  keccak256,
  makeWallet2,
  salesforceSuffix,
  segwitValid,
  walletValid,
} from '../../bench/layout-values';
import { layoutStandInCheck } from '../../bench/layouts-eval';
import { LAYOUT_KINDS, generateLayouts, type LayoutTrace } from '../../bench/layouts';
import { Rng } from '../../bench/rng';

const corpus = generateLayouts({ seed: 'unit', perKind: 3 });

const identity = (t: LayoutTrace) =>
  evaluateTrace({ original: t.text, twin: t.text, format: t.format, labels: t.plants, keeps: t.keeps, surfaces: [] });

describe('layouts corpus', () => {
  it('is a pure function of the seed', () => {
    const again = generateLayouts({ seed: 'unit', perKind: 3 });
    expect(again.map((t) => t.text)).toEqual(corpus.map((t) => t.text));
    expect(again.map((t) => t.plants)).toEqual(corpus.map((t) => t.plants));
    expect(again.map((t) => t.keeps)).toEqual(corpus.map((t) => t.keeps));
    const other = generateLayouts({ seed: 'other', perKind: 3 });
    expect(other.map((t) => t.text)).not.toEqual(corpus.map((t) => t.text));
  });

  it('covers every trace kind, and some text layouts travel inside a JSON tool result', () => {
    expect(new Set(corpus.map((t) => t.family))).toEqual(new Set(LAYOUT_KINDS));
    expect(corpus.some((t) => t.style.includes('in a JSON tool result'))).toBe(true);
  });

  it('writes every trace valid in its format', () => {
    for (const t of corpus) {
      expect([t.name, t.check(t.text)]).toEqual([t.name, null]);
      if (t.format === 'json') expect(() => JSON.parse(t.text)).not.toThrow();
      if (t.format === 'jsonl')
        for (const l of t.text.split('\n').slice(0, -1)) expect(() => JSON.parse(l)).not.toThrow();
    }
    // a larger corpus, for the rarer branches of the makers
    for (const t of generateLayouts({ seed: 'unit-wide', perKind: 12 }))
      expect([t.name, t.check(t.text)]).toEqual([t.name, null]);
  });

  it('plants every labelled value in its trace, and every keep value', () => {
    for (const t of corpus) {
      const e = identity(t);
      t.plants.forEach((p, i) =>
        expect([t.name, p.layout, p.value, e.planted[i]]).toEqual([t.name, p.layout, p.value, true]),
      );
      t.keeps.forEach((k, i) => expect([t.name, k.value, e.keepOriginal[i]! > 0]).toEqual([t.name, k.value, true]));
      // the identity twin leaks every planted value and passes the format checks
      expect(e.leaked.every(Boolean)).toBe(true);
      expect(formatOk(e.format)).toBe(true);
    }
  });

  it('plants the classes the issue names', () => {
    const all = generateLayouts({ seed: 'unit-wide', perKind: 12 }).flatMap((t) => t.plants);
    const subs = new Set(all.map((p) => `${p.kind} / ${p.sub}`));
    for (const need of [
      'secret / basic auth',
      'password / printable',
      'account_id / cus_ no digit',
      'account_id / prefixed id',
      'email / spelled out',
      'bank_account / account number',
    ])
      expect([need, subs.has(need)]).toEqual([need, true]);
    expect(all.some((p) => p.kind === 'secret' && p.sub.startsWith('cookie'))).toBe(true);
    expect(all.some((p) => p.kind === 'domain' && p.sub.startsWith('internal host'))).toBe(true);
    expect(all.some((p) => p.kind === 'account_id' && p.sub.startsWith('salesforce'))).toBe(true);
    // passwords of printable characters: the ones the issue saw survive
    expect(all.filter((p) => p.kind === 'password').some((p) => /[&=!#?$]/.test(p.value))).toBe(true);
    // national ids of 20 countries and more, wallets of every encoding, phones of 40 countries and more
    expect(
      new Set(all.filter((p) => p.kind === 'national_id').map((p) => p.sub.slice(0, 2))).size,
    ).toBeGreaterThanOrEqual(20);
    expect(new Set(all.filter((p) => p.kind === 'wallet').map((p) => p.sub))).toEqual(
      new Set(['eip55', 'base58check', 'bech32', 'bech32m']),
    );
    expect(new Set(all.filter((p) => p.kind === 'phone').map((p) => p.sub.split(' ')[0])).size).toBeGreaterThanOrEqual(
      40,
    );
    expect(
      new Set(all.filter((p) => p.kind === 'address').map((p) => p.sub.split(' ')[0])).size,
    ).toBeGreaterThanOrEqual(15);
    // every planted value of a checkable kind passes its own stand-in check
    for (const p of all) {
      const c = layoutStandInCheck(p);
      if (c && !c.name.startsWith('prefixed'))
        expect([p.value, c.name, c.ok(p.value)]).toEqual([p.value, c.name, true]);
    }
  });
});

describe('format validators', () => {
  it('reject what the specifications forbid', () => {
    expect(checkCsv(',')('a,b\r\n1,2\r\n')).toBeNull();
    expect(checkCsv(',')('a,b\r\n1,2,3\r\n')).toMatch(/fields/);
    expect(checkCsv(',')('a,b\r\n"1,2\r\n')).toMatch(/unterminated/);
    expect(checkMarkdown('| a | b |\n| --- | --- |\n| 1 | 2 | 3 |\n')).toMatch(/cells/);
    expect(checkPsql(' a | b\n---+---\n 1 | 2\n(2 rows)\n')).toMatch(/footer/);
    expect(checkMysql('+---+\n| a |\n+---+\n| 1 | 2 |\n+---+\n1 row in set\n')).toMatch(/columns/);
    expect(checkSqlDump("INSERT INTO t (a, b) VALUES (1, 'x');\n")).toBeNull();
    expect(checkSqlDump("INSERT INTO t (a, b) VALUES (1, 'x', 2);\n")).toMatch(/values/);
    expect(checkSqlDump("INSERT INTO t (a, b) VALUES (1, 'x);\n")).toMatch(/unterminated/);
    expect(checkEnv('A=b c\n')).toMatch(/quotes/);
    expect(checkEnv("A='b c'\n")).toBeNull();
    expect(checkToml('a = "x\n')).toMatch(/key = value/);
    expect(checkYaml('a: b: c\n')).toMatch(/scalar/);
    expect(checkYaml("a: 'it''s'\n")).toBeNull();
    expect(checkEmail('From: a <a@b.c>\r\nDate: x\r\nMessage-ID: nobrackets\r\n\r\nbody\r\n')).toMatch(/msg-id/);
    expect(checkEmail('From: a <a@b.c>\r\nDate: x\r\n\r\nbody\nbare\r\n')).toMatch(/bare LF/);
    const ics =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTAMP:1\r\nDTSTART:1\r\nSUMMARY:a\\, b\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    expect(checkIcs(ics)).toBeNull();
    expect(checkIcs(ics.replace('a\\, b', 'a, b'))).toMatch(/unescaped/);
    expect(checkIcs(ics.replace('UID:1\r\n', ''))).toMatch(/UID/);
    expect(checkVcf('BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n')).toMatch(/FN/);
    expect(checkShell("$ curl -u 'a:b&c' x\n")).toBeNull();
    expect(checkShell('$ curl -u a:b&c x\n')).toMatch(/glued/);
    expect(checkShell("$ curl -u 'a:b x\n")).toMatch(/unterminated/);
    expect(checkHttp('GET / HTTP/1.1\nAuthorization: Basic bm9jb2xvbg==\n\n')).toMatch(/Basic/); // "nocolon"
    expect(checkHttp('GET / HTTP/1.1\nAuthorization: Basic dTpw\n\n')).toBeNull(); // "u:p"
    const har = { log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [] } };
    expect(checkHar(JSON.stringify(har))).toMatch(/entries/);
    expect(checkHar(JSON.stringify({ log: { ...har.log, version: '1.1' } }))).toMatch(/1\.2/);
  });
});

describe('value makers', () => {
  it('agree with the published examples of their algorithms', () => {
    // Keccak-256 of the empty string (Ethereum's padding)
    expect(keccak256(Buffer.alloc(0)).toString('hex')).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    // EIP-55's own test vectors
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(eip55(a.slice(2).toLowerCase())).toBe(a);
      expect(eip55Valid(a)).toBe(true);
    }
    expect(eip55Valid('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    // BIP-173 / BIP-350 valid addresses; a one-character change fails
    expect(segwitValid('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true);
    expect(segwitValid('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(segwitValid('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    // the genesis block's coinbase address (base58check, version 0)
    expect(base58checkValid('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true);
    expect(base58checkValid('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    // Salesforce's documented 15 → 18 example
    expect(salesforceSuffix('001A0000006Vm9r')).toBe('IAC');
    // GB 11643 example; CPF and Aadhaar / Verhoeff examples
    const id = (name: string) => NATIONAL_IDS.find((m) => m.name === name)!;
    expect(id('cn-resident-id').valid('11010519491231002X')).toBe(true);
    expect(id('cn-resident-id').valid('110105194912310021')).toBe(false);
    expect(id('br-cpf').valid('111.444.777-35')).toBe(true);
    expect(id('br-cpf').valid('111.444.777-36')).toBe(false);
    expect(id('es-dni-nie').valid('12345678Z')).toBe(true);
    expect(id('nl-bsn').valid('111222333')).toBe(true);
    // the SIN of Canada's own examples starts with 0, a first digit never assigned: Luhn-valid, not a real SIN
    expect(id('ca-sin').valid('046 454 286')).toBe(false);
    expect(id('pl-pesel').valid('44051401359')).toBe(true);
    expect(id('se-personnummer').valid('811218-9876')).toBe(true);
    expect(id('fi-hetu').valid('131052-308T')).toBe(true);
    expect(id('de-steuer-id').valid('86095742719')).toBe(true);
  });

  it('make ids that pass their check and fail it with another check character', () => {
    const r = new Rng('ids');
    for (const m of NATIONAL_IDS) {
      for (let k = 0; k < 30; k++) {
        const v = m.make(r);
        expect([m.name, v, m.valid(v)]).toEqual([m.name, v, true]);
        if (!m.checksum) continue;
        const last = v[v.length - 1]!;
        const other = /\d/.test(last) ? String((Number(last) + 1) % 10) : last === 'A' ? 'B' : 'A';
        expect([m.name, m.valid(v.slice(0, -1) + other)]).toEqual([m.name, false]);
      }
    }
    for (let k = 0; k < 40; k++) {
      const w = makeWallet2(r);
      expect(walletValid(w.kind, w.text)).toBe(true);
    }
  });
});
