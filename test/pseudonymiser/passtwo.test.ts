/**
 * Pass two scans the raw document (surfaces written through every escaping
 * chain of the trace) or the decoded segments; both must give the same twin.
 * Checked on real traces from ../shared/corpus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatOf, twin, twinSource } from '../../pseudonymiser';
import { generateCorpus } from '../../bench/corpus';

const corpus = path.resolve(__dirname, '../../../shared/corpus');
const files = [
  'tau-bench/few_shot_data/MockAirlineDomainEnv-few_shot.jsonl',
  'agent-traces/claude-code-log/representative_messages.jsonl',
  'agent-traces/claude-code-transcripts/sample_session.json',
  'agent-traces/swe-agent/tests/test_data/trajectories/gpt4__swe-agent__test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/swe-agent__test-repo-i1.traj',
];

describe('pass two: raw and decoded scans agree', () => {
  beforeAll(() => {
    if (!fs.existsSync(corpus)) throw new Error(`the shared corpus is missing at ${corpus}`);
  });

  it.each(files)('%s', (file) => {
    const input = fs.readFileSync(path.join(corpus, file));
    const format = file.endsWith('.traj') ? 'json' : formatOf(file);
    const key = '5a'.repeat(32);
    const auto = twin(input, { key, format });
    const decoded = twin(input, { key, format, passTwo: 'decoded' });
    expect(auto.output.equals(decoded.output)).toBe(true);
    // a JSON document read raw is twinned in stretches cut before a string: short ones give the same twin
    expect(twin(input, { key, format, passTwoBytes: 64 }).output.equals(auto.output)).toBe(true);
    expect(auto.report.replacements).toEqual(decoded.report.replacements);
    expect(auto.output.equals(input)).toBe(false);
  });

  it('leaves a trace with nothing personal in it byte-identical (the OpenTelemetry example)', () => {
    // its attribute keys (`service.name`, `my.span.attr`) are names in a schema, not hosts or secrets
    const input = fs.readFileSync(path.join(corpus, 'agent-traces/otlp-example/trace.json'));
    const out = twin(input, { key: '5a'.repeat(32), format: 'json' });
    expect(out.output.equals(input)).toBe(true);
    expect(out.report.replacements).toEqual({});
  });

  it('agrees on ensure_ascii JSON with non-ASCII names at two depths', () => {
    const inner = JSON.stringify({ customer: 'José Núñez', email: 'jose.nunez@zentrix-labs.com' });
    const doc = JSON.stringify({ note: 'José Núñez called', arguments: inner }).replace(
      /[\u0080-\uffff]/g,
      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
    );
    const key = '5a'.repeat(32);
    const a = twin(Buffer.from(doc), { key, format: 'json' }).output.toString();
    const b = twin(Buffer.from(doc), { key, format: 'json', passTwo: 'decoded' }).output.toString();
    expect(a).toBe(b);
    expect(a).not.toContain('Jos\\u00e9');
    expect(JSON.parse(JSON.parse(a).arguments).customer).not.toBe('José Núñez');
  });

  it('agrees where an ASCII name gets a non-ASCII stand-in inside JSON held in an ensure_ascii string', () => {
    // OTLP spans written ensure_ascii, the messages JSON inside a stringValue: `Hayoon Park` → `… Jagušić`,
    // whose `š` the writer would have escaped once per level
    const key = '5'.repeat(64);
    const traces = generateCorpus({ seed: 'tracetwin', perFamily: 3 }).filter((t) => t.family === 'otlp-genai');
    let nonAscii = 0;
    for (const t of traces) {
      const input = Buffer.from(t.text);
      const a = twin(input, { key, format: t.format, confidential: t.confidential }).output.toString();
      const b = twin(input, { key, format: t.format, confidential: t.confidential, passTwo: 'decoded' });
      expect(a).toBe(b.output.toString());
      if (/\\\\u01/.test(a)) nonAscii++;
    }
    expect(nonAscii).toBeGreaterThan(0);
  });
});

describe('pass two: replacements written once per pattern', () => {
  // one e-mail (matched case-sensitively) and a confidential organisation (any letter case) at three depths
  // of JSON string, ensure_ascii or not, many times each; lines with nothing to replace between them
  const email = 'marta.kowalczyk@zentrix-labs.com';
  const lines = (asciiOnly: boolean): string => {
    const esc = (s: string): string =>
      asciiOnly ? s.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0')) : s;
    const out: string[] = [];
    for (let i = 0; i < 40; i++) {
      const org = ['Acme Corp', 'ACME CORP', 'acme corp', 'Acme corp'][i % 4]!;
      const inner = JSON.stringify({ to: email, note: `${org} — ünïcode ${i}` });
      const middle = JSON.stringify({ arguments: inner, by: org });
      out.push(esc(JSON.stringify({ i, from: email, call: middle, who: `${org} at ${email}` })));
      out.push(JSON.stringify({ i, text: 'nothing to see here '.repeat(i % 5) }));
    }
    return out.join('\n') + '\n';
  };

  it.each([false, true])('gives the decoded scan’s twin (ensure_ascii: %s)', (asciiOnly) => {
    const input = Buffer.from(lines(asciiOnly));
    const key = '7c'.repeat(32);
    for (const passTwoBytes of [64, 1000, input.length + 1]) {
      const options = { key, format: 'jsonl' as const, confidential: ['Acme Corp'], passTwoBytes };
      const auto = twin(input, options);
      const decoded = twin(input, { ...options, passTwo: 'decoded' });
      expect(auto.output.toString()).toBe(decoded.output.toString());
      expect(auto.report).toEqual(decoded.report);
      expect(auto.output.toString()).not.toContain(email);
      expect(auto.output.toString().toLowerCase()).not.toContain('acme corp');
      // the lines with nothing to replace (whole stretches of them, when stretches are short) are kept as they are
      const inLines = input.toString().split('\n');
      const outLines = auto.output.toString().split('\n');
      expect(outLines).toHaveLength(inLines.length);
      inLines.forEach((line, n) => {
        if (line.includes('"text"')) expect(outLines[n]).toBe(line);
      });
    }
  });

  it.each([false, true])('cuts a JSON document before strings only (ensure_ascii: %s)', (asciiOnly) => {
    // the same records as one document: pass two reads it in stretches that each start at a string's quote
    const records = lines(asciiOnly).trimEnd().split('\n');
    const input = Buffer.from('{"records": [\n' + records.join(',\n') + '\n], "by": "Acme Corp \\"x\\""}\n');
    const key = '7c'.repeat(32);
    const options = { key, format: 'json' as const, confidential: ['Acme Corp'] };
    const decoded = twin(input, { ...options, passTwo: 'decoded' }).output.toString();
    expect(decoded).not.toContain(email);
    for (const passTwoBytes of [1, 7, 64, 1000, input.length + 1]) {
      const auto = twin(input, { ...options, passTwoBytes });
      expect(auto.output.toString()).toBe(decoded);
    }
    // read raw, it is handed out in pieces: its decoded and twin texts are never whole (the ensure_ascii
    // document, whose non-ASCII stand-ins need escapes at an unknown depth, is read decoded: whole)
    const pieces: Uint8Array[] = [];
    twinSource({ size: input.length, pieces: () => [input] }, (b) => pieces.push(b), { ...options, passTwoBytes: 64 });
    expect(pieces.length > 10).toBe(!asciiOnly);
    // a document that does not parse is text: read whole
    const broken = Buffer.concat([input, Buffer.from(`"${email}" said "Acme Corp`)]);
    const whole = twin(broken, { ...options, passTwoBytes: broken.length + 1 }).output.toString();
    expect(whole).not.toContain(email);
    const parts: Uint8Array[] = [];
    twinSource({ size: broken.length, pieces: () => [broken] }, (b) => parts.push(b), { ...options, passTwoBytes: 7 });
    expect(parts).toHaveLength(1);
    expect(Buffer.concat(parts).toString()).toBe(whole);
    expect(Buffer.concat(pieces).toString()).toBe(decoded);
  });
});
