/**
 * The verification snippets of docs/webhooks.md, run as written: the Node
 * one in this process, the Python one with python3. Both must accept what
 * the service signs and refuse a changed body, a wrong secret, a stale
 * timestamp and a malformed signature entry.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { generateSecret } from '../../webhooks/secrets';
import { signedHeaders } from '../../webhooks/sign';

const DOC = fs.readFileSync(path.join(__dirname, '../../docs/webhooks.md'), 'utf8');

function block(lang: string): string {
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(DOC);
  if (!m) throw new Error(`no ${lang} block in docs/webhooks.md`);
  return m[1]!;
}

const secret = generateSecret();
const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'svc.twin.completed', data: { id: 'twin_1' } });

interface Case {
  name: string;
  secret: string;
  headers: Record<string, string>;
  body: string;
  ok: boolean;
}

function cases(): Case[] {
  const good = signedHeaders(secret, 'evt_1', body);
  return [
    { name: 'as signed', secret, headers: good, body, ok: true },
    {
      name: 'several entries, one good',
      secret,
      headers: { ...good, 'webhook-signature': `v1,abc v1,bm9wZQ== ${good['webhook-signature']}` },
      body,
      ok: true,
    },
    { name: 'body changed', secret, headers: good, body: body.replace('twin_1', 'twin_2'), ok: false },
    { name: 'another secret', secret: generateSecret(), headers: good, body, ok: false },
    { name: 'stale', secret, headers: signedHeaders(secret, 'evt_1', body, Date.now() - 600_000), body, ok: false },
    { name: 'malformed entry', secret, headers: { ...good, 'webhook-signature': 'v1,%%%' }, body, ok: false },
  ];
}

test('the Node snippet accepts what the service signs and refuses the rest', () => {
  const sandbox = { require, Buffer, Date, JSON, Math, Number, verify: undefined as unknown };
  vm.runInNewContext(`${block('js')}\nthis.verify = verify;`, sandbox);
  const verify = sandbox.verify as (s: string, h: Record<string, string>, b: string) => unknown;
  for (const c of cases()) {
    const run = () => verify(c.secret, c.headers, c.body);
    if (c.ok) expect(run()).toMatchObject({ id: 'evt_1' });
    else expect(run).toThrow();
  }
});

test('the Python snippet accepts what the service signs and refuses the rest', () => {
  const driver = `${block('python')}
import sys
cases = json.load(sys.stdin)
out = []
for c in cases:
    try:
        verify(c["secret"], c["headers"], c["body"].encode())
        out.append(True)
    except ValueError:
        out.append(False)
print(json.dumps(out))
`;
  const all = cases();
  const got = JSON.parse(
    execFileSync('python3', ['-c', driver], { input: JSON.stringify(all) }).toString(),
  ) as boolean[];
  expect(got).toEqual(all.map((c) => c.ok));
});
