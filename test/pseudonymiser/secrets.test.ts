import { twin } from '../../pseudonymiser';
import { createKeyed } from '../../pseudonymiser/keyed';
import {
  TOKEN_RULES,
  NAMED_RULES,
  providers,
  classifyToken,
  secretsDetector,
  secretDetectors,
  looksLikeKeyBody,
} from '../../pseudonymiser/detectors/secrets';
import { namedRuleFor } from '../../pseudonymiser/detectors/secrets/values';
import { secretGenerators, base62Checksum, crc32 } from '../../pseudonymiser/standins/secrets';
import type { Chunk, Finding, FindingSink, DetectContext, Kind } from '../../pseudonymiser/types';
import { TOKEN_EXAMPLES, NAMED_EXAMPLES, an, hx, b64, jwt, withChecksum } from './secrets-examples';

const KEY = '11'.repeat(32);
const keyed = createKeyed(Buffer.from(KEY, 'hex'));
const run = (s: string, format: 'json' | 'jsonl' | 'text' = 'text') =>
  twin(Buffer.from(s, 'utf8'), { key: KEY, format }).output.toString('utf8');

/** Runs the secrets detector alone over one text segment. */
function findings(text: string): Finding[] {
  const out: Finding[] = [];
  const sink: FindingSink = { add: (f) => out.push(f), has: () => false };
  const chunk: Chunk = { corpus: text, segments: [{ index: 0, start: 0, end: text.length, path: [], isKey: false }] };
  const ctx: DetectContext = { confidential: [], segmentAt: (c) => c.segments[0]! };
  secretsDetector.detect(chunk, sink, ctx);
  return out;
}
const surfaces = (text: string, kind?: Kind) =>
  findings(text)
    .filter((f) => kind === undefined || f.kind === kind)
    .map((f) => f.surface);

const standIn = (kind: Kind, original: string, attempt = 0) =>
  secretGenerators[kind]!.generate(original, original, keyed, attempt);

describe('rule catalogue', () => {
  it('knows well over 100 providers, each with a synthetic positive example', () => {
    const ids = [...TOKEN_RULES.map((r) => r.id), ...NAMED_RULES.map((r) => r.id)];
    expect(new Set(ids).size).toBe(ids.length);
    const covered = new Set<string>();
    for (const r of TOKEN_RULES) if (TOKEN_EXAMPLES[r.id]) covered.add(r.provider);
    for (const r of NAMED_RULES) if (NAMED_EXAMPLES[r.id]) covered.add(r.provider);
    expect(providers().size).toBeGreaterThan(100);
    expect(covered.size).toBe(providers().size);
    for (const r of TOKEN_RULES) expect([r.id, typeof TOKEN_EXAMPLES[r.id]]).toEqual([r.id, 'function']);
    for (const r of NAMED_RULES) expect([r.id, typeof NAMED_EXAMPLES[r.id]]).toEqual([r.id, 'function']);
  });

  it.each(TOKEN_RULES.map((r) => [r.id]))('%s: found in text and its stand-in is the same format', (id) => {
    for (let n = 0; n < 5; n++) checkExample(id);
  });

  function checkExample(id: string): void {
    const token = TOKEN_EXAMPLES[id]!();
    expect(classifyToken(token)?.id).toBe(id);
    const text = `config: "${token}" and again ${token}.\nnext line`;
    const found = findings(text).filter((f) => f.surface === token);
    expect(found.length).toBeGreaterThan(0);
    const kind = found[0]!.kind;
    const other = standIn(kind, token);
    expect(other).not.toBe(token);
    expect(other).toHaveLength(token.length);
    expect(classifyToken(other)?.id).toBe(id);
    const rule = TOKEN_RULES.find((r) => r.id === id)!;
    if (rule.prefixes.length > 0) {
      const prefix = rule.prefixes.find((p) => token.startsWith(p))!;
      expect(other.startsWith(prefix)).toBe(true);
    }
    // another attempt gives another stand-in
    expect(standIn(kind, token, 1)).not.toBe(other);
    // end to end
    const out = run(text);
    expect(out).not.toContain(token);
    expect(out).toBe(text.split(token).join(other));
  }

  it.each(NAMED_RULES.map((r) => [r.id]))('%s: recognised by its name and replaced', (id) => {
    const [name, value] = NAMED_EXAMPLES[id]!();
    expect(namedRuleFor(name, value)?.id).toBe(id);
    const out = run(`export ${name}=${value}\n`);
    expect(out).not.toContain(value);
    const replaced = out.slice(`export ${name}=`.length, -1);
    expect(replaced).toHaveLength(value.length);
  });

  it('does not take a token out of a longer word or a token too long for its format', () => {
    const g = 'gsk_' + an(52);
    expect(surfaces(`word${g}`)).toEqual([]);
    expect(surfaces(`${g}XYZ`)).toEqual([]);
    expect(surfaces(`AKIA${'A'.repeat(15)}`)).toEqual([]);
    expect(surfaces(`pk_live_${an(24)}`)).toEqual([]); // publishable keys are public
  });
});

describe('checksums', () => {
  it('computes CRC32 as zlib does', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('keeps a valid GitHub / npm checksum valid and leaves the prefix', () => {
    for (const prefix of ['ghp_', 'gho_', 'ghu_', 'ghs_', 'npm_']) {
      const token = withChecksum(prefix);
      const other = standIn('secret', token);
      expect(other.slice(0, 4)).toBe(prefix);
      expect(base62Checksum(other.slice(4, 34))).toBe(other.slice(34));
      expect(other.slice(4, 34)).not.toBe(token.slice(4, 34));
    }
  });

  it('two tokens differing only in their checksum part get different stand-ins', () => {
    const a = 'ghp_' + an(36);
    const b = a.slice(0, -1) + (a.endsWith('x') ? 'y' : 'x');
    expect(standIn('secret', a)).not.toBe(standIn('secret', b));
  });
});

describe('JWT', () => {
  const decode = (s: string) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

  it('is found as kind jwt, and its stand-in is a well-formed JWT of the same shape', () => {
    const payload = { sub: 'user_42', name: 'Jane Doe', iat: 1735689600, exp: 1735693200, n: 12345, admin: true };
    const token = jwt(payload);
    expect(findings(`token ${token} end`).map((f) => [f.kind, f.surface])).toEqual([['jwt', token]]);
    const other = standIn('jwt', token);
    const [h1, p1, s1] = token.split('.');
    const [h2, p2, s2] = other.split('.');
    expect(other.split('.')).toHaveLength(3);
    const head = decode(h2!);
    expect(Object.keys(head)).toEqual(Object.keys(decode(h1!)));
    expect(head.alg).toBe('HS256');
    expect(head.typ).toBe('JWT');
    const body = decode(p2!);
    expect(Object.keys(body)).toEqual(Object.keys(payload));
    expect(body.iat).toBe(payload.iat);
    expect(body.exp).toBe(payload.exp);
    expect(body.admin).toBe(true);
    expect(body.name).not.toBe(payload.name);
    expect(body.name).toHaveLength(payload.name.length);
    expect(body.sub).not.toBe(payload.sub);
    expect(p2).not.toBe(p1);
    expect(s2).toHaveLength(s1!.length);
    expect(s2).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(s2).not.toBe(s1);
    expect(classifyToken(other)?.id).toBe('jwt');
  });

  it('is replaced inside Authorization headers, in text and in JSON header objects', () => {
    const token = jwt();
    const text = `curl -H "Authorization: Bearer ${token}" https://api.example.com`;
    const out = run(text);
    expect(out).not.toContain(token);
    expect(out).toMatch(/Authorization: Bearer eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+" https:\/\/api\.example\.com$/);
    const json = JSON.stringify({ headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const o2 = JSON.parse(run(json, 'json'));
    expect(o2.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(o2.headers.authorization).not.toContain(token);
    expect(o2.headers.accept).toBe('application/json');
  });

  it('leaves base64 that is not a JWT', () => {
    const notJwt = 'eyJ' + an(30) + '.' + an(20) + '.' + an(20);
    expect(surfaces(notJwt)).toEqual([]);
  });
});

describe('private key blocks', () => {
  const body = (lines: number) =>
    Array.from({ length: lines }, (_, i) => (i === 0 ? 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC' + b64(32) : b64(64))).join(
      '\n',
    ) +
    '\n' +
    b64(20) +
    '==';
  const pem = (label: string, lines = 8) => `-----BEGIN ${label}-----\n${body(lines)}\n-----END ${label}-----`;

  it.each([
    'PRIVATE KEY',
    'RSA PRIVATE KEY',
    'EC PRIVATE KEY',
    'OPENSSH PRIVATE KEY',
    'ENCRYPTED PRIVATE KEY',
    'PGP PRIVATE KEY BLOCK',
  ])('%s: found whole, and the stand-in keeps header, footer and line lengths', (label) => {
    const block = pem(label);
    const text = `key:\n${block}\ntrailing`;
    expect(
      findings(text)
        .filter((f) => f.kind === 'private_key')
        .map((f) => f.surface),
    ).toEqual([block]);
    const other = standIn('private_key', block);
    const a = block.split('\n');
    const b = other.split('\n');
    expect(b.map((l) => l.length)).toEqual(a.map((l) => l.length));
    expect(b[0]).toBe(a[0]);
    expect(b[b.length - 1]).toBe(a[a.length - 1]);
    expect(b[1]!.startsWith('MII')).toBe(true);
    for (let i = 1; i < a.length - 1; i++) {
      expect(b[i]).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(b[i]).not.toBe(a[i]);
    }
    expect(looksLikeKeyBody(b.slice(1, -1).join('\n'))).toBe(true);
    const out = run(text);
    expect(out).toBe(`key:\n${other}\ntrailing`);
  });

  it('keeps armor headers and \\n escapes written in text', () => {
    const lines = body(4).split('\n');
    const escaped = `"private_key": "-----BEGIN RSA PRIVATE KEY-----\\nProc-Type: 4,ENCRYPTED\\nDEK-Info: AES-128-CBC,${hx(32).toUpperCase()}\\n\\n${lines.join('\\n')}\\n-----END RSA PRIVATE KEY-----\\n"`;
    const out = run(escaped);
    expect(out).toHaveLength(escaped.length);
    expect(out).toContain('\\nProc-Type: 4,ENCRYPTED\\nDEK-Info: AES-128-CBC,');
    for (const l of lines) expect(out).not.toContain(l);
  });

  it('is found inside JSON (a service-account file)', () => {
    const block = pem('PRIVATE KEY');
    const json = JSON.stringify({ type: 'service_account', private_key_id: hx(40), private_key: block + '\n' });
    const out = run(json, 'json');
    const parsed = JSON.parse(out);
    expect(parsed.private_key).not.toContain(block.split('\n')[2]);
    expect(parsed.private_key.split('\n').map((l: string) => l.length)).toEqual(
      (block + '\n').split('\n').map((l) => l.length),
    );
  });

  it('leaves placeholders and headers with no key', () => {
    for (const b of ['xxx', '***', '...', 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo=']) {
      expect(surfaces(`-----BEGIN PRIVATE KEY-----\n${b}\n-----END PRIVATE KEY-----`, 'private_key')).toEqual([]);
    }
    expect(surfaces('-----BEGIN PUBLIC KEY-----\n' + b64(64) + '\n-----END PUBLIC KEY-----')).toEqual([]);
  });
});

describe('credentials in URLs', () => {
  it('replaces the password of a connection string, and keeps scheme, user and host', () => {
    const text = 'DATABASE_URL=postgres://app_user:Xk9#mP2vQ7wL@db.internal:5432/app';
    const out = run(text);
    expect(out).not.toContain('Xk9#mP2vQ7wL');
    expect(out).toMatch(/^DATABASE_URL=postgres:\/\/app_user:\S{3}#\S{8}@db\.internal:5432\/app$/);
  });

  it.each([
    'mongodb+srv://admin:Sup3rS3cret99@cluster0.mongodb.net/db',
    'redis://:r3disPassw0rd@cache:6379/0',
    'amqp://guest:Gu3stPa55word@rabbit:5672/',
    'mysql://root:m42ploz2wd@localhost:3306/db',
    'https://deploy:s3cur3K3y2024@files.example.com/x',
  ])('%s', (url) => {
    const pass = url.slice(url.indexOf(':', url.indexOf('://') + 3) + 1, url.lastIndexOf('@'));
    const out = run(`connect to ${url} now`);
    expect(out).not.toContain(pass);
  });

  it('replaces a short password only in place', () => {
    const text = 'see https://user:pass@example.com and pass the salt';
    const out = run(text);
    expect(out).toMatch(/^see https:\/\/user:[a-z]{4}@example\.com and pass the salt$/);
    expect(out).not.toContain('user:pass@');
  });

  it('replaces a user name that is itself a token', () => {
    const t = withChecksum('ghp_');
    const text = `git clone https://${t}@github.com/acme/repo.git`;
    expect(run(text)).not.toContain(t);
    const mine = twin(Buffer.from(text), { key: KEY, format: 'text', detectors: secretDetectors });
    expect(mine.output.toString()).toMatch(/^git clone https:\/\/ghp_\w{36}@github\.com\/acme\/repo\.git$/);
    const hex = hx(40);
    expect(run(`"git+https://${hex}:x-oauth-basic@github.com/a/b.git"`)).not.toContain(hex);
  });

  it('replaces secrets in query strings and webhook paths', () => {
    const sig = hx(64);
    const tok = an(32);
    const text = `https://bucket.s3.amazonaws.com/a.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${sig}&x=1 https://api.example.com/v1?token=${tok}`;
    const out = run(text);
    expect(out).not.toContain(sig);
    expect(out).not.toContain(tok);
    expect(out).toContain('X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=');
    const slack = `https://hooks.slack.com/services/T0${an(8)}/B0${an(8)}/${an(24)}`;
    const discord = `https://discord.com/api/webhooks/${'1'.repeat(18)}/${an(68)}`;
    const teams = `https://acme.webhook.office.com/webhookb2/${'a'.repeat(8)}-1111-2222-3333-${'b'.repeat(12)}@${'c'.repeat(8)}-1111-2222-3333-${'d'.repeat(12)}/IncomingWebhook/${hx(32)}/${'e'.repeat(8)}-1111-2222-3333-${'f'.repeat(12)}`;
    for (const url of [slack, discord, teams]) {
      const o = run(`post to ${url}`);
      const path = url.slice(url.indexOf('/', 8));
      expect(o).not.toContain(path.slice(path.lastIndexOf('/')));
      expect(o.slice(0, 8 + url.indexOf('/', 8))).toBe(`post to ${url.slice(0, url.indexOf('/', 8))}`);
    }
  });

  it('leaves URLs without credentials and template placeholders', () => {
    const text =
      'https://example.com:8080/path?page=2 https://${USER}:${PASSWORD}@host/ https://user:password@example.com';
    expect(run(text)).toBe(text);
  });
});

describe('headers and cookies', () => {
  it('replaces Basic, Token and bare bearer credentials', () => {
    const basic = Buffer.from('admin:' + an(12)).toString('base64');
    const tok = an(40);
    const text = `Authorization: Basic ${basic}\nauthorization: Token ${tok}\nuse Bearer ${hx(40)} here`;
    const out = run(text);
    expect(out).not.toContain(basic);
    expect(out).not.toContain(tok);
    expect(out.split('\n')[0]).toMatch(/^Authorization: Basic [A-Za-z0-9+/=]+$/);
  });

  it('replaces cookie values and keeps cookie names and attributes', () => {
    const sid = an(32);
    const csrf = hx(24);
    const text = `Cookie: sessionid=${sid}; csrftoken=${csrf}; theme=dark\nSet-Cookie: sid=${sid}; Path=/; HttpOnly; Max-Age=3600`;
    const out = run(text);
    expect(out).not.toContain(sid);
    expect(out).not.toContain(csrf);
    expect(out).toContain('theme=dark');
    expect(out).toMatch(/Set-Cookie: sid=\w{32}; Path=\/; HttpOnly; Max-Age=3600$/);
    const json = JSON.stringify({ headers: { Cookie: `sessionid=${sid}; theme=dark` } });
    const o = JSON.parse(run(json, 'json'));
    expect(o.headers.Cookie).toMatch(/^sessionid=\w{32}; theme=dark$/);
    expect(o.headers.Cookie).not.toContain(sid);
  });
});

describe('KEY=value assignments', () => {
  it('replaces values of secret-named variables in .env, shell and YAML forms', () => {
    const v1 = an(24);
    const v2 = 'Tr0ub4dor&3';
    const v3 = hx(32);
    const text = [
      `API_SECRET=${v1}`,
      `export DB_PASSWORD="${v2}"`,
      `  webhook_token: ${v3}`,
      `const apiKey = '${v1}';`,
      `client_secret := "${v3}"`,
    ].join('\n');
    const out = run(text);
    for (const v of [v1, v2, v3]) expect(out).not.toContain(v);
    expect(out.split('\n').map((l) => l.length)).toEqual(text.split('\n').map((l) => l.length));
    expect(out).toMatch(/^API_SECRET=\w{24}\nexport DB_PASSWORD="/);
  });

  it('keeps numbers, counts, prose and placeholders', () => {
    const text = [
      'MAX_TOKENS=4096',
      'token_count: 12',
      'max_output_tokens = 8192',
      'The key: understanding the problem',
      'PASSWORD=${DB_PASSWORD}',
      'api_key = "<your-api-key>"',
      'SECRET_KEY=changeme',
      'keyboard = qwerty-layout-english',
      'password: it is a secret',
    ].join('\n');
    expect(run(text)).toBe(text);
  });

  it('replaces a low-entropy word of letters and digits under a name that says credential outright', () => {
    // such words are below the entropy a value under a vaguer name needs: a bare `key`, a `sort_key` keep theirs
    const text = [
      'STRIPE_API_KEY=season2024',
      '  clientSecret: "season2024b"',
      'key=banana2020',
      'sort_key=autumn2023',
      'access_key_hint: spring',
    ].join('\n');
    const out = run(text).split('\n');
    expect(out[0]).not.toContain('season2024');
    expect(out[1]).not.toContain('season2024b');
    expect(out.slice(2)).toEqual(text.split('\n').slice(2));
    expect(run('{"api_key": "season2024", "key": "banana2020"}', 'json')).toMatch(
      /^\{"api_key": "(?!season2024")[^"]{10}", "key": "banana2020"\}$/,
    );
  });

  it('replaces a short password only where it stands', () => {
    const text = 'password=abc1 and abc1 elsewhere';
    const out = run(text);
    expect(out.startsWith('password=abc1')).toBe(false);
    expect(out.endsWith(' and abc1 elsewhere')).toBe(true);
  });
});

describe('JSON fields', () => {
  it('replaces values of secret-named fields and keeps counts, ids and opaque blobs', () => {
    const secret = an(32);
    const sig = b64(200);
    const doc = {
      client_secret: secret,
      password: 'hunter22',
      max_tokens: '4096',
      usage: { input_tokens: 12, output_tokens: 40 },
      session_id: '3f2a6c1e-9d7b-4e2a-8f1c-2b3d4e5f6a7b',
      tool_use_id: 'toolu_01AbCdEfGhIjKlMnOpQrStUv',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: sig },
        { type: 'redacted_thinking', data: b64(120) },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo' + b64(200) } },
      ],
      id: 'msg_01XyZ',
      model: 'claude-sonnet-4-20250514',
      request_id: 'req_011CabcdEFGH',
      commit: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      digest: 'sha256:' + hx(64),
      cache_key: hx(32),
    };
    const input = JSON.stringify(doc);
    const out = JSON.parse(run(input, 'json'));
    expect(out.client_secret).not.toBe(secret);
    expect(out.client_secret).toHaveLength(secret.length);
    expect(out.password).not.toBe('hunter22');
    const { client_secret: _a, password: _b, ...rest } = doc;
    const { client_secret: _c, password: _d, ...restOut } = out;
    expect(restOut).toEqual(rest);
  });
});

describe('keep list', () => {
  it('never flags linking ids, hashes, model names or images', () => {
    const text = [
      'toolu_01AbCdEfGhIjKlMnOpQrStUv call_Xy12AbCdEfGhIjKlMnOp chatcmpl-9AbCdEfGhIjKlMnOpQrStUv',
      'msg_01XyZAbCdEfGhIjKlMn req_011CAbCdEfGhIjKlMnOp resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b',
      'fc_67ccd3a9da748190baa7f1570fe91ac604becb25c45c1d41 rs_6888abcdef0123456789abcdef01234567 fp_44709d6fcb',
      '3f2a6c1e-9d7b-4e2a-8f1c-2b3d4e5f6a7b a1b2c3d def5678..abc1234 ' + hx(40) + ' ' + hx(64),
      'trace_id=' + hx(32) + ' span_id=' + hx(16) + ' sha256:' + hx(64),
      'claude-sonnet-4-20250514 gpt-4o-2024-08-06 text-embedding-3-large',
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAA' + b64(2000),
    ].join('\n');
    expect(findings(text)).toEqual([]);
    expect(run(text)).toBe(text);
  });
});
