/**
 * Host names under a country code that is also a file extension (`.pl`, `.sh`, `.py`): a host where a service label
 * leads them or a header names them, a file name where nothing does.
 */
import { twinText } from './accounts-helpers';
import { textFields } from '../../pseudonymiser/detectors/structure';

describe('hosts under file-extension country codes', () => {
  it.each([
    ['$ docker push registry.kostrzewo.pl/app:1.4', 'kostrzewo'],
    ['The build box is jenkins.brzozowka.pl, ask ops for a login.', 'brzozowka'],
    ['-- MySQL dump 10.13\n--\n-- Host: git.wierzbno.pl    Database: shop\n-- ------\n', 'wierzbno'],
  ])('%s', (text, label) => {
    expect(twinText(text)).not.toContain(label);
  });

  it.each(['perl test.helpers.pl --verbose', 'see app.models.py and web.views.py', 'Run build.release.sh first.'])(
    'keeps %s',
    (text) => {
      expect(twinText(text)).toBe(text);
    },
  );

  it('reads a header line of several pairs after an SQL comment leader', () => {
    const corpus = '-- Host: db.wierzbno.pl    Database: shop\n';
    const fields = textFields({ corpus, segments: [] } as never).map((f) => [f.name, corpus.slice(f.start, f.end)]);
    expect(fields).toEqual([
      ['Host', 'db.wierzbno.pl'],
      ['Database', 'shop'],
    ]);
  });
});
