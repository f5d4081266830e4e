/**
 * Third-party secret-scanner fixtures, twinned end to end: no gold secret may
 * survive in the twin. The gold findings, the lists of cases left out and
 * the recall per rule (`npm run eval:fixtures`) are in bench/secret-fixtures.ts.
 *
 * secretlint (rule snapshot folders: input + output.json with gold ranges).
 * Gold findings that hold no value the product must replace (NOT_A_VALUE in
 * bench/secret-fixtures.ts, which prints each with its reason):
 *   - example, filter-comments: the tests' own rules flag the word `SECRET`
 *     in sentences;
 *   - no-dotenv: flags the file name `.env` itself (its line `FOO=foo`);
 *   - pattern's filePathGlobs cases that flag key NAMES
 *     (`aws_access_key_id`) or the words `secret content`;
 *   - gcp .p12 files: binary, not copied, and refused by the product.
 * Gold findings of the accounts family (ACCOUNT_RULES): home-directory logins
 * (`/Users/x`, `¥Users¥x`), an AWS account id and Azure tenant / client ids
 * named by their keys; their stand-ins need not keep the length.
 * Known misses (KNOWN_MISSES, counted as missed in the printed recall):
 *   - secp256k1 private key written bare as `0x` + 64 hex: the shape of every
 *     Ethereum transaction and block hash, which must stay; under a name such
 *     as `PRIVATE_KEY=` it is replaced (named rule ethereum-private-key).
 * A token glued after a letter or digit (`0tskey-…`, `somSG.…`) is not
 * replaced: tokens are recognised on token boundaries (after `_`, `.`, `/` or
 * `+` they are), and replacement, like detection, works on token boundaries.
 *
 * gitleaks: its configuration holds regexes only (its examples live in Go
 * code that was not copied), so it serves as the provider list checked by the
 * catalogue, not as fixtures.
 *
 * detect-secrets: its baseline is keyed by line numbers of another version of
 * the fixture files, so the secrets are listed here by hand. Its "High
 * Entropy String" findings under names that say nothing (`mimi=…`,
 * `SUPER_SEECRET_VALUE`, `id = …`) are deliberately not treated: secrets are
 * recognised by format or by the name they are assigned to, not by entropy
 * alone (hashes and ids must stay).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { twin, formatOf } from '../../pseudonymiser';
import { secretDetectors } from '../../pseudonymiser/detectors/secrets';
import { contextDetector } from '../../pseudonymiser/detectors/context';
import {
  accountGold,
  detectSecretsBaseline,
  measuredGold,
  notAValue,
  DETECT_SECRETS,
  DETECT_SECRETS_GOLD,
  SECRETLINT,
  secretPart,
  secretlintGold,
  standalone,
  treatedGold,
  type Gold,
} from '../../bench/secret-fixtures';

const KEY = '22'.repeat(32);

const gold = secretlintGold();
const textual = treatedGold(gold);

describe('secretlint fixtures', () => {
  it('are present and many', () => {
    expect(gold.length).toBeGreaterThan(100);
    expect(textual.length).toBeGreaterThan(80);
  });

  const byFile = new Map<string, Gold[]>();
  for (const g of textual) byFile.set(g.file, [...(byFile.get(g.file) ?? []), g]);

  it.each([...byFile.keys()].map((f) => [path.relative(SECRETLINT, f)]))('%s: no gold secret left', (rel) => {
    const file = path.join(SECRETLINT, rel);
    const input = fs.readFileSync(file, 'utf8');
    const format = formatOf(file);
    const out = twin(Buffer.from(input), { key: KEY, format }).output.toString('utf8');
    // with the secret detectors alone, stand-ins keep lengths, so gold ranges line up in the twin
    const mine = twin(Buffer.from(input), { key: KEY, format, detectors: [...secretDetectors, contextDetector] });
    const aligned = mine.output.toString('utf8');
    expect(aligned).toHaveLength(input.length);
    for (const g of byFile.get(file)!) {
      const original = input.slice(g.range[0], g.range[1]);
      for (const secret of secretPart(original)) {
        expect(secret.length).toBeGreaterThan(0);
        if (secret.length >= 8 || accountGold(g)) expect(standalone(out, secret)).toBe(0);
        if (accountGold(g)) continue; // a login's or an id's stand-in need not keep the length
        const at = input.indexOf(secret, g.range[0]);
        if (standalone(input.slice(at - 1, at + secret.length + 1), secret) === 0) continue; // glued into a word
        expect(aligned.slice(g.range[0], g.range[1])).not.toContain(secret);
      }
    }
  });
});

describe('what the fixtures measure', () => {
  it('measures every gold finding that holds a value; each one left out has its reason', () => {
    const measured = new Set(measuredGold(gold));
    for (const g of gold) expect(measured.has(g) || (notAValue(g) ?? '').length > 20).toBe(true);
    expect(gold.length - measured.size).toBeLessThan(gold.length / 10);
  });

  it("locates detect-secrets' own baseline findings in the fixtures by their SHA-1", () => {
    const located = detectSecretsBaseline().filter((b) => b.secret !== null);
    expect(located.length).toBeGreaterThanOrEqual(20);
    for (const b of located) expect(fs.readFileSync(path.join(DETECT_SECRETS, b.file), 'utf8')).toContain(b.secret);
  });
});

describe('detect-secrets fixtures', () => {
  const cases = DETECT_SECRETS_GOLD.map(([file, secret]) => [file, secret]);
  it.each(cases)('%s: %s is replaced', (file, secret) => {
    const full = path.join(DETECT_SECRETS, file);
    const input = fs.readFileSync(full, 'utf8');
    expect(input).toContain(secret);
    const out = twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString('utf8');
    const lineNo = input.split('\n').findIndex((l) => l.includes(secret));
    const line = out.split('\n')[lineNo]!;
    expect(line).not.toContain(secret);
  });

  it('keeps the names, ids and ordinary values around them', () => {
    const input = fs.readFileSync(path.join(DETECT_SECRETS, 'config.ini'), 'utf8');
    const out = twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString('utf8');
    expect(out).toContain('keyA = 678912345');
    expect(out).toContain('keyB = value1');
    expect(out).toContain('foo=bår');
    expect(out).toContain('foreign_key_id = ');
    expect(out.split('\n').map((l) => l.length)).toEqual(input.split('\n').map((l) => l.length));
  });
});
