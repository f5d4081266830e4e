/**
 * Accounts and secrets named by the words around them: ids after `account` /
 * `customer`, ids in API paths, shell prompts, git branch owners, dotted
 * handles on a named network, German prepositional street names, and
 * secrets given as command-line options.
 */
import { twin } from '../../pseudonymiser';

const KEY = '3e'.repeat(32);
const text = (input: string): string => twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();

describe('ids named by the words around them', () => {
  it.each([
    ['account id after `account`', 'Can you update my account CUST-029090?', 'CUST-029090'],
    ['customer number', 'customer #4821937 called', '4821937'],
    ['user id with a colon', 'user id: u_88213x logged in', 'u_88213x'],
    ['bank account digits', 'The transfer came from account 840414586929.', '840414586929'],
    ['id whose prefix says customer', 'ticket CUST-508107 assigned', 'CUST-508107'],
    ['id in an API path', 'GET https://api.example.test/v2/customers/CUST-885865/invoices', 'CUST-885865'],
  ])('%s', (_, input, value) => {
    const out = text(input);
    expect(out).not.toContain(value);
    expect(out.length).toBe(input.length);
  });

  it('keeps words, small numbers, dates and self paths', () => {
    for (const input of [
      'Open account settings for user 42.',
      'The account 2024-05-01 report.',
      'GET /users/me and /accounts/settings',
      'customer success team',
      'Fixed in SUB-2024 and PAT-1234 (Jira keys).',
    ])
      expect(text(input)).toBe(input);
  });

  it('gives a bank account number digits of the same length', () => {
    const out = text('from account 840414586929.');
    expect(out).toMatch(/^from account \d{12}\.$/);
  });
});

describe('logins in shell output', () => {
  it('replaces the user of a prompt and the owner of a branch, not work-type prefixes', () => {
    const out = text(
      'schoi@build-01:~/src$ git push origin kvogelsang/hotfix\n$ git checkout -b feature/login\nroot@box:/# ls\n' +
        '$ git push origin hxu/fix\n   18673f2..dd0c41b  hxu/fix -> hxu/fix',
    );
    expect(out).not.toContain('hxu');
    expect(out).not.toContain('schoi');
    expect(out).not.toContain('kvogelsang');
    expect(out).toContain('@build-01:~/src$ git push origin ');
    expect(out).toContain('git checkout -b feature/login');
    expect(out).toContain('root@box:/# ls');
  });
});

describe('domains standing alone', () => {
  it('replaces a JSON value that is a private domain, keeps file names and public domains', () => {
    const out = JSON.parse(
      twin(Buffer.from(JSON.stringify({ tags: ['pellucid-robotics.de', 'app.py', 'README.md', 'github.com'] })), {
        key: KEY,
        format: 'json',
      }).output.toString(),
    ) as { tags: string[] };
    expect(out.tags[0]).not.toBe('pellucid-robotics.de');
    expect(out.tags[0]).toMatch(/^[a-z-]+\.de$/);
    expect(out.tags.slice(1)).toEqual(['app.py', 'README.md', 'github.com']);
  });
});

describe('handles and addresses', () => {
  it('takes a dotted handle on a named network, not a decorator', () => {
    const out = text('Ping @user2857.wang on Slack; see @app.route and @types.node here.');
    expect(out).not.toContain('user2857.wang');
    expect(out).toContain('@app.route and @types.node here.');
  });

  it('finds German streets written with a preposition', () => {
    const out = text('I moved to Am Mühlbach 90, 55500 Bremen.');
    expect(out).not.toContain('Mühlbach');
  });
});

describe('secrets given as command-line options', () => {
  it('replaces the value of --api-key and --password, keeps counts and other options', () => {
    const input =
      'python -m bot --api-key sv2k0BB08Bl90EmdhpYSPU20jnaxSCwFCVMtIJVG --verbose; tool --max-tokens 4096; cli --password hunter2xyz!Q9 ;';
    const out = text(input);
    expect(out).not.toContain('sv2k0BB08Bl90EmdhpYSPU20jnaxSCwFCVMtIJVG');
    expect(out).not.toContain('hunter2xyz!Q9');
    expect(out).toMatch(/--api-key [A-Za-z0-9]{40} --verbose; tool --max-tokens 4096; cli --password \S+ ;$/);
  });
});

describe('dotted quads that read as versions', () => {
  it('keeps a version-shaped quad unless the words around it say address', () => {
    expect(text('Bump Stripe client to 7.6.3.1; psql (16.2, server 7.6.3.1)')).toBe(
      'Bump Stripe client to 7.6.3.1; psql (16.2, server 7.6.3.1)',
    );
    expect(text('ping 4.4.2.1')).not.toContain('4.4.2.1');
    expect(text('connected to 9.9.4.2 at noon')).not.toContain('9.9.4.2');
    expect(text('The job runs on 52.14.2.9')).not.toContain('52.14.2.9');
  });
});

describe('names of attributes', () => {
  it('keeps OpenTelemetry attribute keys, replaces a secret under a field named key', () => {
    const trace = {
      resource: {
        attributes: [
          { key: 'service.name', value: { stringValue: 'checkout' } },
          { key: 'my.scope.attribute', value: { stringValue: 'some scope attribute' } },
          { key: 'host.name', value: { stringValue: 'db01.pellucid-robotics.de' } },
        ],
      },
      config: { key: 'sk-proj-Qz8xN2vK4mP7rT1wY5bH3cJ6dF9gL0aS2eU4iO7' },
    };
    const out = JSON.parse(
      twin(Buffer.from(JSON.stringify(trace)), { key: KEY, format: 'json' }).output.toString(),
    ) as typeof trace;
    expect(out.resource.attributes.map((a) => a.key)).toEqual(['service.name', 'my.scope.attribute', 'host.name']);
    expect(out.resource.attributes[2]!.value.stringValue).not.toContain('pellucid-robotics');
    expect(out.config.key).not.toBe(trace.config.key);
  });
});
