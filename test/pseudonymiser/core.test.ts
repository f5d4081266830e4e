import { twin } from '../../pseudonymiser';
import { defaultDetectors, keyContext } from '../../pseudonymiser/detectors';
import type { Detector } from '../../pseudonymiser/types';

const KEY = '00'.repeat(32);
const run = (s: string, format: 'json' | 'jsonl' | 'text' = 'json') =>
  twin(Buffer.from(s, 'utf8'), { key: KEY, format }).output.toString('utf8');

describe('core', () => {
  it('replaces a password field everywhere and keeps every other byte', () => {
    const input = '{ "user" : {"password":"Sup3rS3cretValue!"},\n  "note": "pw is Sup3rS3cretValue! ok", "n": 1.50e3 }';
    const out = run(input);
    expect(out).not.toContain('Sup3rS3cretValue');
    expect(out.replace(/"password":"[^"]*"/, '').length).toBeGreaterThan(0);
    const a = JSON.parse(input);
    const b = JSON.parse(out);
    expect(Object.keys(b)).toEqual(Object.keys(a));
    expect(out.slice(0, 24)).toBe(input.slice(0, 24));
    expect(out).toContain('"n": 1.50e3 }');
    expect(b.user.password).toHaveLength(a.user.password.length);
    expect(b.note).toBe(`pw is ${b.user.password} ok`);
  });

  it('twins inside JSON held in strings, re-encoded as it was', () => {
    const inner = JSON.stringify({ password: 'Zq8!longpassword' });
    const input = JSON.stringify({
      arguments: inner,
      twice: JSON.stringify(JSON.stringify({ token: 'Zq8!longpassword' })),
    });
    const out = run(input);
    expect(out).not.toContain('Zq8!longpassword');
    const b = JSON.parse(out);
    const pw = JSON.parse(b.arguments).password;
    expect(JSON.parse(JSON.parse(b.twice)).token).toBe(pw);
    expect(out.length).toBe(input.length);
  });

  it('same key, same stand-in; other key, other stand-in', () => {
    const input = '{"api_key":"a8f3k2m9x7q1w5e6r4t"}';
    expect(run(input)).toBe(run(input));
    const other = twin(Buffer.from(input), { key: 'ff'.repeat(32), format: 'json' }).output.toString();
    expect(other).not.toBe(run(input));
  });
});

describe('repeated texts', () => {
  it('replaces a place-only finding in every copy of a repeated long text', () => {
    const msg = 'Log in to the staging box as admin with password: q7Zx and then restart the web service.';
    const lines = [1, 2, 3].map((i) => JSON.stringify({ step: i, history: [{ role: 'user', content: msg }] }));
    const out = run(lines.join('\n') + '\n', 'jsonl');
    const got = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).history[0].content as string);
    expect(got[0]).not.toContain('q7Zx');
    expect(got[0]).not.toBe(msg);
    expect(new Set(got).size).toBe(1);
  });

  // a tool's output repeated under another path: a Claude Code tool_result and its toolUseResult
  const output =
    'Deploy log: connecting to the staging box as admin with password: q7Zx and restarting the web service. '.repeat(4);
  const session = [
    JSON.stringify({ message: { content: [{ type: 'tool_result', content: output }] } }),
    JSON.stringify({ toolUseResult: { file: { content: output } } }),
  ];

  it('scans a long text once for its copies under other paths with the same key context, replacing each', () => {
    let seen = 0;
    const counting: Detector[] = defaultDetectors.map((d) => ({
      name: d.name,
      detect: (chunk, sink, ctx) => {
        if (d === defaultDetectors[0]) seen += chunk.corpus.split('q7Zx').length - 1;
        d.detect(chunk, sink, ctx);
      },
      resolve: d.resolve,
    }));
    const out = twin(Buffer.from(session.join('\n') + '\n'), { key: KEY, format: 'jsonl', detectors: counting })
      .output.toString('utf8')
      .trim()
      .split('\n');
    expect(seen).toBe(4);
    const first = JSON.parse(out[0]!).message.content[0].content as string;
    expect(first).not.toContain('q7Zx');
    expect(JSON.parse(out[1]!).toolUseResult.file.content).toBe(first);
  });

  it('scans a long text again where its path says more: a secret field, a value beside a key', () => {
    expect(keyContext(['message', 'content', '*', 'content'])).toBe(keyContext(['toolUseResult', 'file', 'content']));
    expect(keyContext(['messages', '*', 'content', '*'])).not.toBe(keyContext(['content']));
    expect(keyContext(['password'])).not.toBe(keyContext(['content']));
    expect(keyContext(['attributes', '*', 'value', 'stringValue'])).toBeNull();
    expect(keyContext(['content', '*', 'redacted_thinking', 'data'])).toBeNull();
    expect(keyContext(['image', 'source', 'data'])).not.toBe(keyContext(['file', 'data']));
    // a long passphrase is a secret only by its field: first a tool's output (no finding), then a password
    // field, which must be scanned although the text was seen
    const pass = 'correct horse battery staple and then some more words '.repeat(6);
    const input = [JSON.stringify({ content: pass }), JSON.stringify({ password: pass })].join('\n') + '\n';
    expect(run(input, 'jsonl')).not.toContain(pass.slice(0, 40));
  });
});
