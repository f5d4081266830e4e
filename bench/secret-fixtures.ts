/**
 * `npm run eval:fixtures` (after `npm run build`): recall per rule on the
 * third-party secret scanners' fixtures in ../shared/corpus, against their
 * gold findings: a gold finding is found when none of its secret remains in
 * the twin (standing on its own; see `standalone`).
 *
 * - secretlint: each rule's snapshot folders hold an input and output.json
 *   with the gold ranges;
 * - detect-secrets: its baseline is keyed by line numbers of another version
 *   of the fixture files, so its findings are listed here (DETECT_SECRETS_GOLD);
 * - gitleaks: its configuration holds regexes only (its examples live in Go
 *   code that was not copied): no gold findings to measure against.
 *
 * Gold findings that hold no value to replace are listed, with why, in
 * NOT_A_VALUE; those the product deliberately leaves in KNOWN_MISSES. The
 * figures are printed over every gold finding, over those that hold a value
 * and over those the product means to find. The test asserts each of the
 * last; this prints the figures.
 *
 *   node dist/bench/secret-fixtures.js [--misses]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { twin, formatOf } from '../pseudonymiser';
import { repoRoot } from './util';
import { pct, table } from './report';

export const CORPUS = path.resolve(repoRoot(), '../shared/corpus');
export const SECRETLINT = path.join(CORPUS, 'secretlint');
export const DETECT_SECRETS = path.join(CORPUS, 'detect-secrets', 'test_data');
const KEY = '22'.repeat(32);

/**
 * Gold findings that hold no value the product must replace, with why: they stay out of the denominator of
 * the measured recall (and are printed, with the recall over every gold finding beside it). Keyed by rule, or
 * by `rule/case`.
 */
export const NOT_A_VALUE: ReadonlyMap<string, string> = new Map([
  ['example', "the test's own rule flags the word SECRET in a sentence (`THIS IS SECRET.`): no value"],
  ['filter-comments', "the test's own rule flags the words `SECRET B` / `SECRET Z` in sentences: no value"],
  ['no-dotenv', 'flags that a file named `.env` exists; its one line `FOO=foo` holds no secret'],
  [
    'pattern/ng.filePathGlobs-aws-in-env',
    'the custom pattern flags the key NAMES `aws_access_key_id`, `aws_secret_access_key`, which stay (their values are replaced)',
  ],
  ['pattern/ng.filePathGlobs-negation', 'a file-glob rule flags a whole file that reads `secret content`: no value'],
  [
    'p12',
    'binary PKCS#12 files: not copied into the corpus (its SOURCE.md), and the product refuses binary content (run_error unsupported_content), so nothing of them reaches a twin',
  ],
]);

/**
 * Gold findings the product deliberately does not replace: they count in the denominator, as misses. A bare
 * `0x` + 64 hex digits is the shape of every Ethereum transaction and block hash, which must stay; under a
 * name (`PRIVATE_KEY=0x…`) it is replaced (named rule ethereum-private-key).
 */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  ['secp256k1-privatekey/ng.privkey', 'a bare 0x + 64 hex, the shape of Ethereum transaction and block hashes'],
]);

/**
 * Gold findings that the accounts family finds (who the trace is about: logins in home directories, cloud
 * account, tenant and client ids), whose stand-ins need not keep the original's length.
 */
export const ACCOUNT_RULES = new Set([
  'no-homedir',
  'aws/ng.AWS Account ID',
  'azure/ng.ad_tenant_id',
  'azure/ng.azure_client_id',
]);

const keyOf = (g: Gold): string[] => [g.rule, `${g.rule}/${g.name}`, ...(g.file.endsWith('.p12') ? ['p12'] : [])];

/** Why a gold finding is no value to replace, or null. */
export function notAValue(g: Gold): string | null {
  for (const k of keyOf(g)) {
    const why = NOT_A_VALUE.get(k);
    if (why !== undefined) return why;
  }
  return null;
}

/** Whether a gold finding is found by the accounts family (ACCOUNT_RULES). */
export function accountGold(g: Gold): boolean {
  return keyOf(g).some((k) => ACCOUNT_RULES.has(k));
}

export interface Gold {
  readonly rule: string;
  readonly name: string;
  readonly file: string;
  readonly range: [number, number];
}

/** secretlint's gold findings: every message of every snapshot's output.json. */
export function secretlintGold(): Gold[] {
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

/** The gold findings measured: every one that holds a value (not NOT_A_VALUE). */
export function measuredGold(gold: readonly Gold[]): Gold[] {
  return gold.filter((g) => notAValue(g) === null);
}

/** The measured gold findings the product is meant to find (not KNOWN_MISSES): the test asserts each. */
export function treatedGold(gold: readonly Gold[]): Gold[] {
  return measuredGold(gold).filter((g) => !KNOWN_MISSES.has(`${g.rule}/${g.name}`));
}

/** detect-secrets' findings in its fixtures (file under test_data, secret). */
export const DETECT_SECRETS_GOLD: readonly (readonly [string, string])[] = [
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

export interface BaselineFinding {
  readonly file: string;
  readonly type: string;
  /** The secret, found in the fixture by the SHA-1 the baseline holds; null when no string of the file has it. */
  readonly secret: string | null;
}

/**
 * detect-secrets' own baseline (test_data/baseline.file): each result names a file, a type and the SHA-1 of the
 * secret; the secret is looked up among the file's strings (every substring of its runs of token characters),
 * since the line numbers are those of another version of the files.
 */
export function detectSecretsBaseline(): BaselineFinding[] {
  const file = path.join(DETECT_SECRETS, 'baseline.file');
  if (!fs.existsSync(file)) return [];
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    results: Record<string, { type: string; hashed_secret: string }[]>;
  };
  const out: BaselineFinding[] = [];
  for (const [name, results] of Object.entries(data.results)) {
    const full = [path.join(DETECT_SECRETS, name), path.join(DETECT_SECRETS, name + '.txt')].find((f) =>
      fs.existsSync(f),
    );
    const bySha = new Map<string, string>();
    if (full !== undefined)
      for (const run of fs.readFileSync(full, 'utf8').match(/[A-Za-z0-9+/=_.~!$%^&*#-]{3,}/g) ?? [])
        for (let i = 0; i < run.length; i++)
          for (let j = i + 3; j <= run.length; j++) {
            const sub = run.slice(i, j);
            bySha.set(createHash('sha1').update(sub).digest('hex'), sub);
          }
    for (const r of results)
      out.push({
        file: full === undefined ? name : path.relative(DETECT_SECRETS, full),
        type: r.type,
        secret: bySha.get(r.hashed_secret) ?? null,
      });
  }
  return out;
}

/**
 * The parts of a gold range that are the secret itself (ranges often include the name, or a whole URL; a
 * range over several `key=value` lines holds a value on each).
 */
export function secretPart(text: string): string[] {
  const pem = text.match(/-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END/);
  if (pem)
    return pem[1]!
      .split(/\\n|\n/)
      .filter((l) => l.trim().length >= 16)
      .map((l) => l.trim());
  const lines = text.split('\n').filter((l) => l.trim().length > 0);
  if (lines.length > 1) return lines.flatMap(secretPart);
  const url = /^[a-z+:]*:\/\/([^:@/\s]*)(?::([^\s]*))?@/i.exec(text);
  if (url) {
    if (url[2] && url[2] !== 'x-oauth-basic') return [url[2]];
    return [url[1]!];
  }
  const assigned = /^[\w".-]+\s*(?:=>|:=|=|:)\s*["']?([^"'\s]{4,})/.exec(text);
  if (assigned) return assigned[1]!.includes('://') ? secretPart(assigned[1]!) : [assigned[1]!];
  return [text];
}

/**
 * Occurrences of `secret` in `text` that stand on their own. A copy glued
 * inside a longer word (the sendgrid fixture's `somSG.…`) is not matched:
 * replacement works on token boundaries, like detection.
 */
export function standalone(text: string, secret: string): number {
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

const twins = new Map<string, string>();

/** The twin of a fixture file (all detectors), once per file. */
export function twinOfFile(file: string, format = formatOf(file)): string {
  let out = twins.get(file);
  if (out === undefined) {
    out = twin(fs.readFileSync(file), { key: KEY, format }).output.toString('utf8');
    twins.set(file, out);
  }
  return out;
}

/** Whether a secretlint gold finding is found: no part of its secret stands on its own in the twin. */
export function goldFound(g: Gold): boolean {
  const input = fs.readFileSync(g.file, 'utf8');
  const out = twinOfFile(g.file);
  const original = input.slice(g.range[0], g.range[1]);
  for (const secret of secretPart(original)) {
    const at = input.indexOf(secret, g.range[0]);
    // glued into a word in the input (`0x…`, `0tskey-…`): not even a glued copy may remain
    if (standalone(input.slice(at - 1, at + secret.length + 1), secret) === 0) {
      if (out.includes(secret)) return false;
    } else if (standalone(out, secret) > 0) return false;
  }
  return true;
}

/** Whether a detect-secrets finding is found: its secret is gone from its line of the twin. */
export function detectSecretsFound(file: string, secret: string): boolean {
  const full = path.join(DETECT_SECRETS, file);
  const input = fs.readFileSync(full, 'utf8');
  const out = twinOfFile(full, 'text');
  const lineNo = input.split('\n').findIndex((l) => l.includes(secret));
  return lineNo >= 0 && !out.split('\n')[lineNo]!.includes(secret);
}

function main(): void {
  const showMisses = process.argv.includes('--misses');
  const gold = secretlintGold();
  if (gold.length === 0) {
    console.log(`no fixtures under ${CORPUS}`);
    return;
  }
  const measured = new Set(measuredGold(gold));
  const rows: (string | number)[][] = [];
  const misses: string[] = [];
  let found = 0;
  let total = 0;
  let foundTreated = 0;
  let totalTreated = 0;
  const rules = [...new Set(gold.map((g) => g.rule))];
  for (const rule of rules) {
    const all = gold.filter((g) => g.rule === rule);
    const mine = all.filter((g) => measured.has(g));
    let n = 0;
    let nTreated = 0;
    let treated = 0;
    for (const g of mine) {
      const hit = goldFound(g);
      const known = KNOWN_MISSES.has(`${g.rule}/${g.name}`);
      if (hit) n++;
      else
        misses.push(
          `secretlint ${rule}/${g.name}${known ? ' (known: ' + KNOWN_MISSES.get(`${g.rule}/${g.name}`)! + ')' : ''}`,
        );
      if (!known) {
        treated++;
        if (hit) nTreated++;
      }
    }
    found += n;
    total += mine.length;
    foundTreated += nTreated;
    totalTreated += treated;
    rows.push([`secretlint ${rule}`, all.length, mine.length, n, mine.length ? pct(n, mine.length) : '-']);
  }
  let ds = 0;
  for (const [file, secret] of DETECT_SECRETS_GOLD) {
    if (detectSecretsFound(file, secret)) ds++;
    else misses.push(`detect-secrets ${file}`);
  }
  found += ds;
  total += DETECT_SECRETS_GOLD.length;
  foundTreated += ds;
  totalTreated += DETECT_SECRETS_GOLD.length;
  rows.push([
    'detect-secrets (listed)',
    DETECT_SECRETS_GOLD.length,
    DETECT_SECRETS_GOLD.length,
    ds,
    pct(ds, DETECT_SECRETS_GOLD.length),
  ]);
  const allGold = gold.length + DETECT_SECRETS_GOLD.length;
  rows.push(['all', allGold, total, found, pct(found, total)]);
  console.log('Secret-scanner fixtures: recall per rule against the gold findings');
  console.log(table(['rule', 'gold', 'measured', 'found', 'recall'], rows));
  console.log(
    `recall over every gold finding: ${found}/${allGold} = ${pct(found, allGold)}` +
      ` (the ${allGold - total} that hold no value count as missed here)`,
  );
  console.log(`recall over the gold findings that hold a value: ${found}/${total} = ${pct(found, total)}`);
  console.log(
    `recall over the findings the product means to find (known misses out): ${foundTreated}/${totalTreated} = ${pct(foundTreated, totalTreated)}`,
  );
  console.log('gold findings that hold no value (out of "measured"), and why:');
  for (const [k, why] of NOT_A_VALUE) {
    const n = gold.filter((g) => notAValue(g) === why).length;
    console.log(`  ${k} (${n}): ${why}`);
  }
  console.log('known misses (in "measured"):');
  for (const [k, why] of KNOWN_MISSES) console.log(`  ${k}: ${why}`);
  const baseline = detectSecretsBaseline();
  if (baseline.length > 0) {
    const located = new Map<string, BaselineFinding>();
    for (const b of baseline) if (b.secret !== null) located.set(`${b.file}\u0000${b.secret}`, b);
    const gone = [...located.values()].filter((b) => detectSecretsFound(b.file, b.secret!));
    console.log(
      `detect-secrets' own baseline (baseline.file, another version of the files): ${baseline.length} results,` +
        ` ${located.size} distinct secrets located by their SHA-1 (${baseline.filter((b) => b.secret === null).length} results not in these files),` +
        ` ${gone.length} replaced = ${pct(gone.length, located.size)}. Kept (--misses lists them): strings flagged` +
        ' for entropy alone under names that say nothing or under no name (`mimi=`, `other_value_here:`, a misspelt' +
        ' `SUPER_SEECRET_VALUE`, `secure:`, a bare line, string literals in a diff),' +
        ' and `!!binary` (detect-secrets took the YAML tag for the secret; the value after it is replaced):' +
        ' secrets are recognised by format or by a name that says secret, not by entropy alone (hashes and ids stay)',
    );
    if (showMisses)
      for (const b of located.values())
        if (!gone.includes(b)) {
          const line = fs
            .readFileSync(path.join(DETECT_SECRETS, b.file), 'utf8')
            .split('\n')
            .find((l) => l.includes(b.secret!))!;
          console.log(`  kept (detect-secrets ${b.type}): ${b.file}: ${line.trim().slice(0, 100)}`);
        }
  }
  console.log('(gitleaks: regexes only, no gold findings)');
  if (showMisses) for (const m of misses) console.log(`  missed: ${m}`);
}

if (require.main === module) main();
