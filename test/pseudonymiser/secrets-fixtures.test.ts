/**
 * Third-party secret-scanner fixtures, twinned end to end: no gold secret may
 * survive in the twin.
 *
 * secretlint (rule snapshot folders: input + output.json with gold ranges).
 * Cases deliberately not treated as secrets, and why:
 *   - example, filter-comments, pattern: custom patterns configured per test
 *     (they flag words such as `SECRET B` or key NAMES like
 *     `aws_access_key_id`), not secret formats;
 *   - no-dotenv: flags the file name `.env` itself, not a value in it;
 *   - no-homedir: home-directory paths name a person, which is the people
 *     detector's family, not a secret;
 *   - aws "AWS Account ID" (`0000-0000-0000`): an account id, not a secret;
 *   - azure tenant id / client id: UUIDs are linking ids (the client SECRET is
 *     treated);
 *   - secp256k1 private key written bare as `0x` + 64 hex: the shape of every
 *     Ethereum transaction and block hash, which must stay; under a name such
 *     as `PRIVATE_KEY=` it is replaced (named rule ethereum-private-key);
 *   - gcp .p12 files: binary, not text;
 *   - a token glued after a letter or digit (`0tskey-…`, `somSG.…`): tokens
 *     are recognised on token boundaries (after `_`, `.`, `/` or `+` they
 *     are); a glued copy of a token found elsewhere is not replaced either,
 *     since replacement, like detection, works on token boundaries.
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

const CORPUS = path.resolve(__dirname, '../../../shared/corpus');
const SECRETLINT = path.join(CORPUS, 'secretlint');
const DETECT_SECRETS = path.join(CORPUS, 'detect-secrets', 'test_data');
const KEY = '22'.repeat(32);

const EXCLUDED_RULES = new Set([
  'example',
  'filter-comments',
  'pattern',
  'no-dotenv',
  'no-homedir',
  'no-k8s-kind-secret',
]);
const EXCLUDED_CASES = new Set([
  'aws/ng.AWS Account ID',
  'azure/ng.ad_tenant_id',
  'azure/ng.azure_client_id',
  'secp256k1-privatekey/ng.privkey',
]);

interface Gold {
  readonly rule: string;
  readonly name: string;
  readonly file: string;
  readonly range: [number, number];
}

function secretlintGold(): Gold[] {
  const out: Gold[] = [];
  if (!fs.existsSync(SECRETLINT)) return out;
  for (const ruleDir of fs.readdirSync(SECRETLINT).sort()) {
    const snaps = path.join(SECRETLINT, ruleDir, 'test', 'snapshots');
    if (!fs.existsSync(snaps)) continue;
    for (const name of fs.readdirSync(snaps).sort()) {
      const outFile = path.join(snaps, name, 'output.json');
      if (!fs.existsSync(outFile)) continue;
      const data = JSON.parse(fs.readFileSync(outFile, 'utf8')) as {
        filePath: string;
        messages: { range: [number, number] }[];
      };
      const file = path.join(snaps, name, path.basename(data.filePath));
      for (const m of data.messages ?? [])
        out.push({ rule: ruleDir.replace('secretlint-rule-', ''), name, file, range: m.range });
    }
  }
  return out;
}

/** The part of a gold range that is the secret itself (ranges often include the name, or a whole URL). */
function secretPart(text: string): string[] {
  const url = /^[a-z+:]*:\/\/([^:@/\s]*)(?::([^\s]*))?@/i.exec(text);
  if (url) {
    if (url[2] && url[2] !== 'x-oauth-basic') return [url[2]];
    return [url[1]!];
  }
  const pem = text.match(/-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END/);
  if (pem)
    return pem[1]!
      .split(/\\n|\n/)
      .filter((l) => l.trim().length >= 16)
      .map((l) => l.trim());
  const assigned = /^[\w".-]+\s*(?::=|=|:)\s*["']?([^"'\s]{4,})/.exec(text);
  if (assigned) return [assigned[1]!];
  return [text];
}

/**
 * Occurrences of `secret` in `text` that stand on their own. A copy glued
 * inside a longer word (the sendgrid fixture's `somSG.…`) is not matched:
 * replacement works on token boundaries, like detection.
 */
function standalone(text: string, secret: string): number {
  let n = 0;
  const word = /[A-Za-z0-9]/;
  for (let i = text.indexOf(secret); i >= 0; i = text.indexOf(secret, i + 1)) {
    const before = text[i - 1] ?? ' ';
    const after = text[i + secret.length] ?? ' ';
    if (!(word.test(secret[0]!) && word.test(before)) && !(word.test(secret[secret.length - 1]!) && word.test(after)))
      n++;
  }
  return n;
}

const gold = secretlintGold();
const treated = gold.filter((g) => !EXCLUDED_RULES.has(g.rule) && !EXCLUDED_CASES.has(`${g.rule}/${g.name}`));
const textual = treated.filter((g) => !g.file.endsWith('.p12'));

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
        if (secret.length >= 8) expect(standalone(out, secret)).toBe(0);
        const at = input.indexOf(secret, g.range[0]);
        if (standalone(input.slice(at - 1, at + secret.length + 1), secret) === 0) continue; // glued into a word
        expect(aligned.slice(g.range[0], g.range[1])).not.toContain(secret);
      }
    }
  });
});

describe('detect-secrets fixtures', () => {
  const cases: [string, string][] = [
    ['each_secret.py.txt', 'c2VjcmV0IG1lc3NhZ2Ugc28geW91J2xsIG5ldmVyIGd1ZXNzIG15IHBhc3N3b3Jk'],
    ['each_secret.py.txt', '8b1118b376c313ed420e5133ba91307817ed52c2'],
    ['each_secret.py.txt', 'whywouldyouusehttpforpasswords'],
    ['each_secret.py.txt', 'AKIAIOSFODNN7EXAMPLE'],
    ['each_secret.py.txt', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ['config.ini', '123456789a1234'],
    ['config.ini', '23456789a1'],
    ['config.ini', '12345678901234'],
    ['config.ini', 'vh987tyw9ehy8ghis7vwyhiwbwitefy7w3ASDGYDGUASDG'],
    ['short_files/first_line.php.txt', 'notHighEnoughEntropy'],
    ['files/file_with_secrets.py.txt', 'f6CGV4aMM9zedoh3OUNbSakBymo7yplB'],
    ['files/private_key', 'somethingSuperRandomAndSecretHereThatShouldNeverBeShared'],
    ['config.yaml', 'AKIATESTTESTTESTTEST'],
  ];
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
