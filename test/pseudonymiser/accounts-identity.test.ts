import { luhn, standIn, surfaces, twinOf } from './accounts-helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('accounts: ids under keys', () => {
  const doc = {
    trace_id: '8f14e45f-ceea-467f-a0b1-5ab0c1f6d7e3',
    run_id: 'run_abc123def456',
    user_id: '8f14e45f-ceea-467f-a0b1-5ab0c1f6d7e2',
    customerId: 'cust-998877',
    login: 'jdoe',
    user: 'mia_li_3668',
    role: 'user',
    device_id: 'A1B2C3D4E5F6',
    imei: '490154203237518',
    tool_call_id: 'call_Xy12AbCd34Ef56',
    message: { id: 'msg_01ABCdef234567', model: 'gpt-4o' },
  };

  it('replaces person-identifying ids, keeps linking ids and schema values', () => {
    const out = JSON.parse(twinOf(JSON.stringify(doc), 'json'));
    expect(out.trace_id).toBe(doc.trace_id);
    expect(out.run_id).toBe(doc.run_id);
    expect(out.tool_call_id).toBe(doc.tool_call_id);
    expect(out.message).toEqual(doc.message);
    expect(out.role).toBe('user');
    for (const k of ['user_id', 'customerId', 'login', 'user', 'device_id', 'imei'] as const)
      expect(out[k]).not.toBe(doc[k]);
    expect(out.user_id).toMatch(UUID);
    expect(out.user_id[14]).toBe('4');
    expect('89ab').toContain(out.user_id[19]);
    expect(out.customerId).toMatch(/^[a-z]+-\d{6}$/);
    expect(out.device_id).toMatch(/^[A-Z0-9]{12}$/);
    expect(out.imei).toMatch(/^49\d{13}$/);
    expect(luhn(out.imei)).toBe(true);
    expect(out.user).toMatch(/^[a-z]+_[a-z]+_\d{4}$/);
  });

  it('reads OpenTelemetry key/value attributes', () => {
    const span = {
      attributes: [
        { key: 'enduser.id', value: { stringValue: 'u-4471923' } },
        { key: 'http.method', value: { stringValue: 'POST' } },
      ],
    };
    const out = JSON.parse(twinOf(JSON.stringify(span), 'json'));
    expect(out.attributes[0].value.stringValue).not.toBe('u-4471923');
    expect(out.attributes[0].value.stringValue).toMatch(/^[a-z]-\d{7}$/);
    expect(out.attributes[1].value.stringValue).toBe('POST');
  });

  it('finds user_id=… in text and replaces it everywhere', () => {
    const out = twinOf('GET /api?x=1 user_id=u_88213944 ok\nlater u_88213944 again');
    expect(out).not.toContain('u_88213944');
    const v = /user_id=(\S+) ok/.exec(out)![1];
    expect(out).toContain(`later ${v} again`);
  });
});

describe('accounts: cloud account ids named by their provider', () => {
  it('replaces account, tenant, subscription and client ids under provider-named keys, keeps the rest', () => {
    const doc = {
      aws_account_id: '210987654321',
      armSubscriptionId: '6b1e0c2a-93f4-4d7e-8c1a-2f5b7d9e0a14',
      GOOGLE_BILLING_ACCOUNT_ID: '01A2B3-C4D5E6-F7A8B9',
      aws_region: 'eu-central-1',
      request_id: '0c5f7a1e-2b3d-4e6f-8a9b-1c2d3e4f5a6b',
    };
    const out = JSON.parse(twinOf(JSON.stringify(doc), 'json'));
    for (const k of ['aws_account_id', 'armSubscriptionId', 'GOOGLE_BILLING_ACCOUNT_ID'] as const)
      expect(out[k]).not.toBe(doc[k]);
    expect(out.armSubscriptionId).toMatch(UUID);
    expect(out.aws_region).toBe(doc.aws_region);
    expect(out.request_id).toBe(doc.request_id);
  });

  it('reads them in env files and shell exports, and replaces the same id elsewhere alike', () => {
    const text = [
      'export ENTRA_TENANT_ID=9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      'ARM_CLIENT_ID="3f2e1d0c-b9a8-4765-8432-10fedcba9876"',
      'login to tenant 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d ok',
      'client_request_id=77aa88bb-99cc-4dd0-8ee1-ff0011223344',
    ].join('\n');
    const out = twinOf(text);
    expect(out).not.toContain('9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d');
    expect(out).not.toContain('3f2e1d0c-b9a8-4765-8432-10fedcba9876');
    const tenant = /ENTRA_TENANT_ID=(\S+)/.exec(out)![1];
    expect(out).toContain(`login to tenant ${tenant} ok`);
    expect(out).toContain('client_request_id=77aa88bb-99cc-4dd0-8ee1-ff0011223344');
  });
});

describe("accounts: a person object's id and name, by its key or by a person's name in it", () => {
  it('reads numeric ids in objects a person key names (GitHub `sender`, Shopify `customer`)', () => {
    // docs.github.com webhook payloads: `"sender": {"login": …, "id": …, "type": "User"}`; shopify.dev order
    // webhooks: `"customer": {"id": …, "first_name": …}`; the order's own id links the trace and stays
    const doc = JSON.stringify({
      id: 450789469,
      sender: { login: 'octocat', id: 1724056825660, type: 'User' },
      customer: { id: 7487299454280, first_name: 'John' },
      repository: { id: 1296269, name: 'Hello-World' },
    });
    const out = twinOf(doc, 'json');
    expect(out).not.toContain('1724056825660');
    expect(out).not.toContain('7487299454280');
    expect(out).toContain('"id":450789469');
    expect(out).toContain('{"id":1296269,"name":"Hello-World"}');
    expect(out).toMatch(/"sender":\{"login":"[^"]+","id":\d{13},/);
  });

  it("reads the id and name of an object that holds a person's name, whatever its key (Slack users.json)", () => {
    // a Slack export's users.json is an array of user objects (api.slack.com/types/user)
    const doc = JSON.stringify([
      { id: 'W012A3CDE', team_id: 'T012AB3C4', name: 'spengler', real_name: 'Egon Spengler', tz: 'America/New_York' },
    ]);
    const out = JSON.parse(twinOf(doc, 'json')) as Record<string, string>[];
    expect(out[0]!.id).not.toBe('W012A3CDE');
    expect(out[0]!.name).not.toBe('spengler');
    expect(out[0]!.team_id).toBe('T012AB3C4');
    expect(out[0]!.tz).toBe('America/New_York');
    // an object without a person's name keeps its id and name
    const tools = JSON.stringify([{ id: 'W012A3CDE', name: 'spengler', type: 'function' }]);
    expect(twinOf(tools, 'json')).toBe(tools);
  });
});

describe('accounts: Stripe-style object ids', () => {
  it('replaces customer and account objects, keeps linking ids', () => {
    const text =
      'cus_NffrFeUfNV2Hib acct_1032D82eZvKYlo2C pm_1MqLiJLkdIwHu7ixUEgbFdYF usr_9a8b7c6d5e sub_1MowQVLkdIwHu7ixeRlqHVzs req_8AbCdEf12345 msg_01XYZabc9876543 toolu_01A09q90qw90lq91 chatcmpl-8abcDEF123 evt_1NG8Du2eZvKYlo2CUI79vXWy user_preferences';
    expect(surfaces(text, 'account_id').sort()).toEqual(
      [
        'acct_1032D82eZvKYlo2C',
        'cus_NffrFeUfNV2Hib',
        // an event of a customer's account (Stripe `evt_`) is one of its objects too (issue 15)
        'evt_1NG8Du2eZvKYlo2CUI79vXWy',
        'pm_1MqLiJLkdIwHu7ixUEgbFdYF',
        'sub_1MowQVLkdIwHu7ixeRlqHVzs',
        'usr_9a8b7c6d5e',
      ].sort(),
    );
    const out = standIn('account_id', 'cus_NffrFeUfNV2Hib');
    expect(out).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(out).not.toBe('cus_NffrFeUfNV2Hib');
  });
});

describe('accounts: home directories and user names', () => {
  it('finds user names in home paths of every platform', () => {
    const text = [
      '/Users/jdoe/code/app.ts',
      '/home/alice.w/x',
      'C:\\Users\\bsmith\\Desktop',
      'C:\\\\Users\\\\cjones\\\\x',
      '~dlee/notes',
      '~/.claude/projects/-Users-emartin-code-proj/1.jsonl',
      '/tmp/__Users__fgarcia__repo',
      'kept: /home/runner/work /Users/Shared/x /home/ubuntu /root /Users/$USER/x /home/<user>/x',
    ].join('\n');
    expect(surfaces(text, 'username').sort()).toEqual([
      'alice.w',
      'bsmith',
      'cjones',
      'dlee',
      'emartin',
      'fgarcia',
      'jdoe',
    ]);
  });

  it('replaces the user name everywhere with one stand-in, in JSON too', () => {
    const doc = JSON.stringify({
      cwd: '/Users/jdoe/proj',
      msg: 'jdoe ran it',
      path: 'C:\\Users\\jdoe\\x',
      project: '-Users-jdoe-proj',
    });
    const out = JSON.parse(twinOf(doc, 'json'));
    const name = /^\/Users\/([^/]+)\/proj$/.exec(out.cwd)![1]!;
    expect(name).not.toBe('jdoe');
    expect(out.msg).toBe(`${name} ran it`);
    expect(out.path).toBe(`C:\\Users\\${name}\\x`);
    expect(out.project).toBe(`-Users-${name}-proj`);
  });

  it('replaces a common-word user name only in its path', () => {
    const out = twinOf('/Users/will/x and we will see');
    expect(out).not.toContain('/Users/will/');
    expect(out).toContain('we will see');
  });

  it('keeps one stand-in for a login, a mention and a profile URL', () => {
    const out = JSON.parse(
      twinOf(
        JSON.stringify({ login: 'octo-jane', text: 'thanks @octo-jane, see https://github.com/octo-jane/dots' }),
        'json',
      ),
    );
    expect(out.text).toBe(`thanks @${out.login}, see https://github.com/${out.login}/dots`);
    expect(out.login).not.toBe('octo-jane');
  });
});

describe('accounts: profile URLs', () => {
  it('replaces user profiles, keeps public organisations, projects and site paths', () => {
    const text = [
      'https://github.com/jdoe and github.com/jdoe/dotfiles',
      'https://x.com/jane_doe https://twitter.com/@janed https://www.linkedin.com/in/jane-doe-123',
      'https://gitlab.com/acme-dev/app',
      'kept: https://github.com/microsoft/vscode https://github.com/sympy/sympy https://github.com/features/actions https://github.com/openai/openai-python',
    ].join('\n');
    const found = surfaces(text, 'handle').map((s) => s.toLowerCase());
    expect(found.sort()).toEqual(
      [
        'github.com/jdoe',
        'gitlab.com/acme-dev',
        'linkedin.com/in/jane-doe-123',
        'twitter.com/@janed',
        'x.com/jane_doe',
      ].sort(),
    );
    const out = twinOf(text);
    expect(out).not.toMatch(/github\.com\/jdoe\b/);
    expect(out).toContain('https://github.com/microsoft/vscode');
    expect(out).toContain('https://github.com/sympy/sympy');
  });
});

describe('accounts: what must stay byte-identical', () => {
  it('keeps linking ids, hashes, times, versions, models, tools, public URLs, code and private addresses', () => {
    const doc = {
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      span_id: '00f067aa0ba902b7',
      run_id: '1f0e7c2a-9b3d-4e5f-8a6b-7c8d9e0f1a2b',
      message_id: 'msg_01HXYZabcdef0123456789',
      request_id: 'req_011CTqYuZ3o5Kg4g1mJ6H8xA',
      tool_use_id: 'toolu_01A09q90qw90lq917835lq9',
      id: 'chatcmpl-8zZzXyW1234567890abcdefg',
      commit: '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      timestamp: '2024-05-17T10:21:33.123Z',
      created: 1715941293,
      model: 'claude-3-5-sonnet-20241022',
      tool: { name: 'str_replace_based_edit_tool', input: { path: '/workspace/src/app.py', port: '8080' } },
      text: 'See https://docs.python.org/3/library/re.html and https://github.com/python/cpython/issues/12345; server on 127.0.0.1:8080 and 10.0.0.12, node v20.11.1, numpy==1.26.4, version 7.6.3.1. Run `git log -n 5` at 12:30:45 on 2024-05-17; total $1,234.56 for 3 items; id 550e8400-e29b-41d4-a716-446655440000.',
      code: 'def f(user):\n    @property\n    def name(self): return self._name  # see std::vector, a::b\n',
    };
    const input = JSON.stringify(doc, null, 2);
    expect(twinOf(input, 'json')).toBe(input);
    const jsonl = JSON.stringify(doc) + '\n' + JSON.stringify({ role: 'user', content: doc.text }) + '\n';
    expect(twinOf(jsonl, 'jsonl')).toBe(jsonl);
    expect(twinOf(doc.text + '\n' + doc.code)).toBe(doc.text + '\n' + doc.code);
  });
});

describe('accounts: labels under id-like keys', () => {
  it('keeps plan names and device names that are not ids', () => {
    const doc = JSON.stringify({
      customer: 'enterprise',
      account: 'production',
      device: 'cuda:0',
      customer_id: 'globex',
      account2: 'x',
    });
    const out = JSON.parse(twinOf(doc, 'json'));
    expect(out.customer).toBe('enterprise');
    expect(out.account).toBe('production');
    expect(out.device).toBe('cuda:0');
    expect(out.customer_id).not.toBe('globex');
  });
});

describe('accounts: IMEI in text', () => {
  it('replaces a Luhn-valid IMEI after its label with a valid one', () => {
    const out = twinOf('device IMEI: 490154203237518 ok; order 490154203237518x');
    const m = /IMEI: (\d{15}) ok/.exec(out)!;
    expect(m[1]).not.toBe('490154203237518');
    expect(luhn(m[1]!)).toBe(true);
    expect(twinOf('order 490154203237518 shipped')).toBe('order 490154203237518 shipped');
  });
});
