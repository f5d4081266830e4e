/**
 * Private hosts: every host under a replaced organisation's domain, and hosts under the suffixes of private
 * networks (`.internal` — reserved by ICANN for private use —, `.home.arpa` of RFC 8375, `.local` of RFC 6762,
 * and the de-facto `.corp`, `.lan`, `.intra`), replaced consistently with the organisation's public domain: one
 * label, one stand-in label. Public infrastructure names under those suffixes stay.
 */
import { surfaces, twinOf, twinText } from './accounts-helpers';

describe('accounts: hosts under internal suffixes', () => {
  it('finds the organisation label of internal hosts in prose, URLs and host fields', () => {
    const doc = [
      'ssh deploy@db.brightwave.internal and check api.brightwave.corp',
      'the NAS is nas.smith-family.home.arpa; build runs on ci-01.ops.initech.lan',
      'open http://wiki.globex.intra/ now',
    ].join('\n');
    expect(surfaces(doc, 'domain').sort()).toEqual(
      ['brightwave.internal', 'brightwave.corp', 'globex.intra', 'initech.lan', 'smith-family.home.arpa'].sort(),
    );
  });

  it('keeps public infrastructure names, service labels and code', () => {
    const doc = [
      'curl http://metadata.google.internal/computeMetadata/v1/ and host.docker.internal:8080',
      'ip-10-0-0-1.ec2.internal ip-172-31-1-2.us-west-2.compute.internal',
      'kubernetes.default.svc.cluster.local redis://cache.internal:6379 http://printer.local/',
      'window.localStorage this.local self.internal obj.language',
    ].join('\n');
    expect(surfaces(doc, 'domain')).toEqual([]);
  });

  it('gives an internal host the same stand-in label as the public domain of the same label', () => {
    const out = twinOf('Mail ops@brightwave.io or log in to db.brightwave.internal and https://api.brightwave.io/v1');
    expect(out).not.toMatch(/brightwave/i);
    const m =
      /^Mail ops@([a-z0-9-]+)\.io or log in to db\.([a-z0-9-]+)\.internal and https:\/\/api\.([a-z0-9-]+)\.io\/v1$/.exec(
        out,
      );
    expect(m).not.toBeNull();
    expect(m![2]).toBe(m![1]);
    expect(m![3]).toBe(m![1]);
  });

  it('links an internal host to the organisation named in the trace', () => {
    const out = twinText('Brightwave Logistics Ltd runs its database on db.brightwave.internal.');
    expect(out).not.toMatch(/brightwave/i);
    // the stand-in keeps the head word (`Logistics`); the host's label is the stand-in of the name before it
    const m = /^(\S+) Logistics Ltd runs its database on db\.([a-z0-9-]+)\.internal\.$/.exec(out);
    expect(m).not.toBeNull();
    expect(m![2]!.replace(/-/g, '')).toBe(m![1]!.toLowerCase());
  });

  it('keeps a service host under an internal suffix, also after an @', () => {
    const out = twinText('DATABASE_URL=postgres://app:s3cretPw9@db.internal:5432/app and alerts@cache.internal');
    expect(out).toContain('@db.internal:5432/app');
    expect(out).toMatch(/@cache\.internal$/);
  });

  it('keeps public reference links untouched', () => {
    const doc =
      'See https://www.rfc-editor.org/rfc/rfc5322#section-3.6.4 and https://datatracker.ietf.org/doc/html/rfc8375';
    expect(twinText(doc)).toBe(doc);
  });
});
