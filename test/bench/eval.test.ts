/**
 * The evaluation's own machinery: the generated corpus is deterministic and
 * well-formed, its planted values are valid for their kind, and the checks
 * catch broken twins (identity twin → every value leaked; reordered keys,
 * broken JSON, lost CRLF, a changed byte outside any value → format failures)
 * while passing a twin that only rewrites planted values.
 */
import { FAMILIES, generateCorpus, generateJsonl, pyDumps, type Trace } from '../../bench/corpus';
import { atBoundary, MultiSearch, readJson, variants } from '../../bench/checks';
import { evaluateRun, evaluateTrace, formatOk, runTwin } from '../../bench/evaluate';
import { emailValid, ibanValid, jwtValid, luhnValid } from '../../bench/values';
import { twin } from '../../pseudonymiser';
import type { Detector } from '../../pseudonymiser/types';

const corpus = generateCorpus({ seed: 'unit', perFamily: 2 });

function evalAs(t: Trace, twinText: string) {
  return evaluateTrace({
    original: t.text,
    twin: twinText,
    format: t.format,
    labels: t.plants,
    keeps: t.keeps,
    surfaces: [],
  });
}

/** Letters → q (q → r), digits → next digit; JSON escapes left intact. */
const honestMask = (s: string): string =>
  s.replace(/\\+(?:u[0-9a-fA-F]{4}|.)|[A-Za-z0-9]/g, (m) =>
    m.length > 1 ? m : /\d/.test(m) ? String((Number(m) + 1) % 10) : m === 'q' ? 'r' : 'q',
  );

/** A twin that rewrites every planted value of 6 characters or more with honestMask. */
function honestTwin(t: Trace): string {
  const mask = honestMask;
  let text = t.text;
  // short first names could sit inside other words: leave them, they are reported as leaks
  const labels = t.plants.filter((p) => p.value.length >= 6).sort((a, b) => b.value.length - a.value.length);
  for (const l of labels) for (const v of variants(l.value)) text = text.split(v.text).join(mask(v.text));
  return text;
}

describe('generated corpus', () => {
  it('is a pure function of the seed', () => {
    const again = generateCorpus({ seed: 'unit', perFamily: 2 });
    expect(again.map((t) => t.text)).toEqual(corpus.map((t) => t.text));
    expect(again.map((t) => t.plants)).toEqual(corpus.map((t) => t.plants));
    const other = generateCorpus({ seed: 'other', perFamily: 2 });
    expect(other.map((t) => t.text)).not.toEqual(corpus.map((t) => t.text));
  });

  it('covers every format family and writes valid JSON and JSON Lines', () => {
    expect(new Set(corpus.map((t) => t.family))).toEqual(new Set(FAMILIES));
    for (const t of corpus) {
      if (t.format === 'json') expect(() => JSON.parse(t.text)).not.toThrow();
      if (t.format === 'jsonl') {
        const lines = t.text.split('\n');
        expect(lines[lines.length - 1]).toBe('');
        for (const line of lines.slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
      }
      expect(t.plants.length).toBeGreaterThan(3);
      expect(t.keeps.length).toBeGreaterThan(3);
    }
  });

  it('plants syntactically valid values', () => {
    const all = corpus.flatMap((t) => t.plants);
    const of = (kind: string) => all.filter((p) => p.kind === kind).map((p) => p.value);
    expect(of('card').length).toBeGreaterThan(0);
    for (const v of of('card')) expect(luhnValid(v)).toBe(true);
    for (const v of of('iban')) expect(ibanValid(v)).toBe(true);
    for (const v of of('jwt')) expect(jwtValid(v)).toBe(true);
    for (const v of of('email')) expect(emailValid(v)).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(ibanValid('DE89370400440532013001')).toBe(false);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(jwtValid('eyJhbGciOiJIUzI1NiJ9.notjson.sig')).toBe(false);
    expect(emailValid('no at sign')).toBe(false);
  });

  it('writes Python-style escapes and CRLF JSON Lines somewhere', () => {
    expect(pyDumps({ a: 'José', b: [1, 2] })).toBe('{"a": "Jos\\u00e9", "b": [1, 2]}');
    const big = generateCorpus({ seed: 'unit', perFamily: 6 });
    expect(big.some((t) => t.style.includes('python-style') && /\\u00[0-9a-f]{2}/.test(t.text))).toBe(true);
    expect(big.some((t) => t.format === 'jsonl' && t.text.includes('\r\n'))).toBe(true);
    // JSON held in strings (tool-call arguments, OTLP stringValue) is there
    expect(big.some((t) => t.text.includes('"arguments":"{\\"'))).toBe(true);
  });

  it('writes the benchmark trace deterministically as JSON Lines', () => {
    const collect = (): string => {
      const parts: string[] = [];
      generateJsonl('unit', 200_000, (s) => parts.push(s));
      return parts.join('');
    };
    const a = collect();
    expect(a.length).toBeGreaterThanOrEqual(200_000);
    expect(collect()).toBe(a);
    for (const line of a.split('\n').slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('checks', () => {
  it('report every planted value as leaked for an identity twin', () => {
    for (const t of corpus) {
      const e = evalAs(t, t.text);
      expect(e.planted.every(Boolean)).toBe(true);
      expect(e.leaked.every(Boolean)).toBe(true);
      expect(formatOk(e.format)).toBe(true);
      expect(e.keepTwin).toEqual(e.keepOriginal);
    }
  });

  it('pass a twin that rewrites only planted values, and see those values gone', () => {
    for (const family of FAMILIES) {
      const t = corpus.find((x) => x.family === family)!;
      const twinText = honestTwin(t);
      expect(twinText).not.toBe(t.text);
      const e = evalAs(t, twinText);
      expect(e.format.bytes).toBeNull();
      expect(formatOk(e.format)).toBe(true);
      t.plants.forEach((p, i) => {
        if (p.value.length >= 8 && p.probes.length === 1) expect([p.value, e.leaked[i]]).toEqual([p.value, false]);
      });
      // the stand-in found where a value stood is the masked value
      const email = t.plants.findIndex((p) => p.kind === 'email');
      expect(e.standIns[email]).toContain(honestMask(t.plants[email]!.value));
    }
  });

  it('fail a twin with a changed key order', () => {
    // swap two keys holding numbers, so that only the order differs
    const t = corpus.find((x) => x.family === 'openai-chat' && x.format === 'json')!;
    const doc = JSON.parse(t.text) as { response: { usage: Record<string, number> } };
    doc.response.usage = Object.fromEntries(Object.entries(doc.response.usage).reverse());
    const twinText = (t.style.includes('python-style') ? pyDumps(doc) : JSON.stringify(doc, null, 2)) + '\n';
    const e = evalAs(t, twinText);
    expect(e.format.parse).toBeNull();
    expect(e.format.shape).toMatch(/^\$\.response\.usage: key "prompt_tokens" became "total_tokens"$/);
    expect(e.format.bytes).toMatch(/differs outside/);
    expect(formatOk(e.format)).toBe(false);
  });

  it('fail a twin that no longer parses, lost its CRLF endings, or changed a byte outside any value', () => {
    const json = corpus.find((x) => x.format === 'json')!;
    expect(evalAs(json, json.text.slice(0, -3)).format.parse).toMatch(/no longer parses/);

    const crlf = generateCorpus({ seed: 'unit', perFamily: 6 }).find(
      (x) => x.format === 'jsonl' && x.text.includes('\r\n'),
    )!;
    const lf = evalAs(crlf, crlf.text.replace(/\r\n/g, '\n'));
    expect(lf.format.lines).toMatch(/CRLF/);

    const text = corpus.find((x) => x.family === 'support-chat')!;
    const changed = text.text.replace('Conversation', 'Konversation');
    expect(evalAs(text, changed).format.bytes).toMatch(/differs outside/);

    // a tool-call argument string whose inner JSON was broken
    const oa = corpus.find(
      (x) => x.family === 'openai-chat' && x.format === 'json' && x.text.includes('"arguments": "{\\"'),
    );
    if (oa) {
      const broken = oa.text.replace('"arguments": "{\\"', '"arguments": "{{\\"');
      expect(evalAs(oa, broken).format.shape).toMatch(/no longer parses/);
    }
  });

  it('read the stand-in of a value no escaping changes at the depth the twin wrote it', () => {
    // `Hayoon Park` reads the same in plain text and in a JSON string inside a JSON string; its stand-in there is
    // written with a \u escape one level down, and must read as the same stand-in as in plain text
    const inner = (s: string): string => JSON.stringify({ body: JSON.stringify({ text: `${s} here` }) });
    const original = inner('Hayoon Park');
    const twinText = inner('Guadalupe Šustr').replace('Š', '\\\\u0160');
    expect(twinText).toContain('\\\\u0160ustr');
    const e = evaluateTrace({
      original,
      twin: twinText,
      format: 'json',
      labels: [{ kind: 'person', sub: 'full name', value: 'Hayoon Park', probes: ['Hayoon Park'] }],
      keeps: [],
      surfaces: [],
    });
    expect(e.standIns[0]).toEqual(['Guadalupe Šustr']);
  });

  it('read JSON keeping key order, duplicates and number spellings', () => {
    const n = readJson('{"2":1,"1":2.0,"1":3}');
    expect(n).toEqual({
      t: 'o',
      keys: ['2', '1', '1'],
      vals: [
        { t: 'n', raw: '1' },
        { t: 'n', raw: '2.0' },
        { t: 'n', raw: '3' },
      ],
    });
    expect(readJson('{"a":')).toBeNull();
  });

  it('search many patterns at once, with token boundaries', () => {
    const s = new MultiSearch<string>(true);
    s.add('li', 'li');
    s.add('mia li', 'full');
    const hits: string[] = [];
    const text = 'Linux user MIA LI';
    s.scan(text, (a, b, tag) => {
      if (atBoundary(text, a, b)) hits.push(`${tag}@${a}`);
    });
    expect(hits.sort()).toEqual(['full@11', 'li@15']);
    expect(variants('José\n').map((v) => v.text)).toEqual(
      expect.arrayContaining(['José\n', 'José\\n', 'Jos\\u00e9\\n', 'Jos\\\\u00e9\\\\n']),
    );
  });

  it('record what detectors report when twinning', () => {
    const t = corpus.find((x) => x.family === 'support-chat')!;
    const emails = t.plants.filter((p) => p.kind === 'email').map((p) => p.value);
    const only: Detector = {
      name: 'test.emails',
      detect(chunk, sink) {
        for (const e of emails) if (chunk.corpus.includes(e)) sink.add({ kind: 'email', surface: e });
      },
    };
    const run = runTwin(t.text, t.format, 'ab'.repeat(32), [], [only]);
    expect([...run.surfaces.keys()].sort()).toEqual([...new Set(emails)].sort());
    const e = evaluateRun(t, run);
    expect(formatOk(e.format)).toBe(true);
    t.plants.forEach((p, i) => {
      if (p.kind === 'email') expect(e.leaked[i]).toBe(false);
    });
  });
});

describe('runTwin', () => {
  it('records what the detectors report without changing the twin (per-trace state and resolution kept)', () => {
    const input =
      'My name is Haoran Xu, email haoran.xu@pellucid-robotics.de.\nDone, Haoran. The user Haoran wants it.';
    const key = '3c'.repeat(32);
    const direct = twin(Buffer.from(input), { key, format: 'text', confidential: [] }).output.toString();
    const run = runTwin(input, 'text', key, []);
    expect(run.output).toBe(direct);
    expect(run.output).not.toContain('Haoran');
    expect(run.surfaces.get('Haoran Xu')).toBe('person');
  });
});
