/**
 * A host whose first label names a service or a host's role (`nas.`, `registry.`, `crm.`, `staging.`) is a host
 * wherever it stands — in prose, in a dump's header, as a command's operand — and its organisation's domain is
 * replaced; public and reserved domains, file names and two-label names stay.
 */
import { surfaces, twinText } from './accounts-helpers';

describe('hosts named by their first label', () => {
  it('finds the domain of a service host in prose, a header comment and a command operand', () => {
    expect(surfaces('Builds now push to artifactory.quillbrook.co.nz since May.', 'domain')).toEqual([
      'quillbrook.co.nz',
    ]);
    expect(surfaces('# Server: staging.velmora-labs.eu  Port: 5432', 'domain')).toEqual(['velmora-labs.eu']);
    expect(surfaces('$ helm push chart.tgz oci://x && docker pull harbor.tessaline.se/app:1', 'domain')).toEqual([
      'tessaline.se',
    ]);
  });

  it('keeps public and reserved domains, file names and two-label names', () => {
    const text =
      'See docs.python.org, status.cloud.google.com, api.github.com, wiki.example.com; edit app.config.ts and db.sql; open portal.dev.';
    expect(surfaces(text, 'domain')).toEqual([]);
    expect(twinText(text)).toBe(text);
  });
});

describe('pages of standards bodies on a code host', () => {
  it("keeps the page of a standards body, replaces a person's", () => {
    expect(twinText('spec: https://whatwg.github.io/loader/ and https://tc39.github.io/ecma262/\n')).toBe(
      'spec: https://whatwg.github.io/loader/ and https://tc39.github.io/ecma262/\n',
    );
    expect(twinText('demo: https://ines-marlowe.github.io/demo/\n')).not.toContain('ines-marlowe');
  });
});
