/**
 * Host names of private organisations in URLs, connection strings and host
 * fields: replaced through their registrable domain, consistently with the
 * organisation's e-mail domain and name; public, reserved, local, IP and
 * cloud-provider parts kept.
 */
import { twin } from '../../pseudonymiser';
import { surfaces, twinOf } from './accounts-helpers';

const KEY = '5a'.repeat(32);

describe('accounts: hosts in URLs and connection strings', () => {
  it('finds the private registrable domain of URL and connection-string hosts', () => {
    const doc = [
      'db: postgres://svc:s3cret@db.acme-robotics.io:5432/prod',
      'portal https://portal.acme-robotics.io/x?y=1',
      'mongodb+srv://app:pw@cluster0.vandelay-imports.co.uk/test',
      'Server=tcp:sql01.contoso-corp.com,1433;Database=x;',
      'host=pg.initrode.net port=5432',
    ].join('\n');
    expect(surfaces(doc, 'domain').sort()).toEqual(
      ['acme-robotics.io', 'vandelay-imports.co.uk', 'contoso-corp.com', 'initrode.net'].sort(),
    );
  });

  it('keeps public, reserved, local and IP hosts, and code-host URLs', () => {
    const doc = [
      'https://api.github.com/repos/x https://github.com/jdoe https://stripe.com/docs https://docs.python.org/3/',
      'http://localhost:3000 http://10.0.0.5:8080/x http://[2001:db8::1]/ redis://cache.internal:6379',
      'http://printer.local/ https://docs.example.com/a https://api.acme.test/ https://s3.us-west-2.amazonaws.com/b',
      'https://storage.googleapis.com/bucket/x https://hooks.slack.com/services/T0 file:///tmp/a.txt s3://my-bucket/key',
      'https://${HOST}/path https://<your-domain>.com/ https://notion.so/page',
    ].join('\n');
    expect(surfaces(doc, 'domain')).toEqual([]);
  });

  it('replaces only the customer label under a cloud or SaaS provider', () => {
    const out = twinOf(
      'https://acme-data.s3.amazonaws.com/k and https://acme-prod.azurewebsites.net/ and https://initech.atlassian.net/browse/X-1',
    );
    expect(out).not.toMatch(/acme|initech/);
    expect(out).toMatch(/https:\/\/[a-z0-9-]+\.s3\.amazonaws\.com\/k/);
    expect(out).toMatch(/https:\/\/[a-z0-9-]+\.azurewebsites\.net\//);
    expect(out).toMatch(/https:\/\/[a-z0-9-]+\.atlassian\.net\/browse\/X-1/);
  });

  it('links hosts to the organisation of the same name without any e-mail', () => {
    const input = 'Vandelay Industries LLC hosts its wiki at https://wiki.vandelay-industries.com/home.';
    const out = twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();
    expect(out.toLowerCase()).not.toContain('vandelay');
    const m = /^(\S+) (\S+) LLC hosts its wiki at https:\/\/wiki\.([a-z0-9-]+)\.com\/home\.$/.exec(out);
    expect(m).not.toBeNull();
    expect(m![3]!.replace(/-/g, '')).toBe(`${m![1]}${m![2]}`.toLowerCase());
  });

  it('reads host fields in JSON', () => {
    const doc = JSON.stringify({ db: { host: 'db.acme-robotics.io', port: 5432 }, cache: { host: 'localhost' } });
    expect(surfaces(doc, 'domain', 'json')).toEqual(['acme-robotics.io']);
  });

  it('gives hosts, e-mail domain and organisation one consistent stand-in', () => {
    const input = [
      'Acme Robotics Ltd: write to jane@acme-robotics.io.',
      'DB: postgres://svc:pw@db.acme-robotics.io:5432/prod and https://portal.acme-robotics.io/x',
      'Builds run on build.acme-robotics.io every night.',
    ].join('\n');
    const out = twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();
    expect(out.toLowerCase()).not.toContain('acme');
    const domain = /@([a-z0-9-]+\.io)\./.exec(out)![1]!;
    expect(out).toContain(`@db.${domain}:5432/prod`);
    expect(out).toContain(`https://portal.${domain}/x`);
    expect(out).toContain(`on build.${domain} every`);
    // the organisation's stand-in and the domain label are built from the same words
    const org = /^(\S+) (\S+) Ltd:/.exec(out)!;
    expect(domain.replace(/-/g, '')).toBe(`${org[1]}${org[2]}.io`.toLowerCase());
  });
});
