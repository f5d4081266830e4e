/**
 * Recall of the account detectors on presidio-research's labelled synthetic
 * sentences (shared corpus, MIT): for each gold span of a type we detect, is
 * it covered by a finding of the matching kind? Also counts findings of that
 * kind that touch no gold span of the type (a rough over-detection figure),
 * and times the account detectors on adversarial inputs at 1 and 2 MiB.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/accounts-recall.js
 * (the corpus is looked up as ../shared/corpus/presidio-research from the repository root).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { accountDetectors } from '../pseudonymiser/detectors/accounts';
import type { Chunk, DetectContext, Finding, Kind } from '../pseudonymiser/types';
import { repoRoot } from './util';

interface Span {
  entity_type: string;
  start_position: number;
  end_position: number;
}
interface Sample {
  full_text: string;
  spans: Span[];
}

const TYPES: Record<string, Kind[]> = {
  EMAIL_ADDRESS: ['email'],
  PHONE_NUMBER: ['phone'],
  CREDIT_CARD: ['card'],
  IBAN_CODE: ['iban'],
  IP_ADDRESS: ['ip'],
  US_SSN: ['national_id'],
  STREET_ADDRESS: ['address'],
};

export function detectAll(text: string): Finding[] {
  const chunk: Chunk = { corpus: text, segments: [{ index: 0, start: 0, end: text.length, path: [], isKey: false }] };
  const ctx: DetectContext = { confidential: [], segmentAt: (c) => c.segments[0]! };
  const found: Finding[] = [];
  for (const d of accountDetectors) d.detect(chunk, { add: (f) => found.push(f), has: () => false }, ctx);
  return found;
}

/** Places where a finding sits in the text: its site, or every occurrence of its surface. */
function placesOf(text: string, f: Finding): [number, number][] {
  if (f.at) return [[f.at.start, f.at.end]];
  const out: [number, number][] = [];
  const hay = f.caseInsensitive ? text.toLowerCase() : text;
  const needle = f.caseInsensitive ? f.surface.toLowerCase() : f.surface;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) out.push([i, i + needle.length]);
  return out;
}

export interface RecallRow {
  type: string;
  gold: number;
  found: number;
  exact: number;
  extra: number;
}

export function measureRecall(samples: readonly Sample[]): RecallRow[] {
  const rows = new Map<string, RecallRow>();
  for (const t of Object.keys(TYPES)) rows.set(t, { type: t, gold: 0, found: 0, exact: 0, extra: 0 });
  for (const s of samples) {
    const findings = detectAll(s.full_text);
    for (const [type, kinds] of Object.entries(TYPES)) {
      const row = rows.get(type)!;
      const places = findings.filter((f) => kinds.includes(f.kind)).flatMap((f) => placesOf(s.full_text, f));
      const gold = s.spans.filter((g) => g.entity_type === type);
      for (const g of gold) {
        row.gold++;
        if (places.some(([a, b]) => a < g.end_position && b > g.start_position)) row.found++;
        if (places.some(([a, b]) => a === g.start_position && b === g.end_position)) row.exact++;
      }
      for (const [a, b] of places) if (!gold.some((g) => a < g.end_position && b > g.start_position)) row.extra++;
    }
  }
  return [...rows.values()];
}

export function loadPresidio(): Sample[] {
  const file = path.join(repoRoot(), '..', 'shared', 'corpus', 'presidio-research', 'synth_dataset_v2.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Sample[];
}

const ADVERSARIAL: [string, (n: number) => string][] = [
  ['digits', (n) => '7'.repeat(n)],
  ['digit groups', (n) => '12 '.repeat(n / 3)],
  ['dashed digits', (n) => '1-2-'.repeat(n / 4)],
  ['at signs', (n) => 'a@'.repeat(n / 2)],
  ['local part', (n) => 'a'.repeat(n - 10) + '@b'],
  ['hex colons', (n) => '2a:'.repeat(n / 3)],
  ['base58', (n) => '1' + 'z'.repeat(n - 1)],
  ['capital words', (n) => '1 Ab '.repeat(n / 5)],
  ['compound street', (n) => 'Xstraße 1 '.repeat(n / 10)],
  ['Users paths', (n) => '/Users/'.repeat(n / 7)],
  ['iban-like', (n) => 'GB12 ABCD '.repeat(n / 10)],
];

function timeDetect(text: string): number {
  const t0 = process.hrtime.bigint();
  detectAll(text);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export function main(): void {
  const rows = measureRecall(loadPresidio());
  console.log('presidio-research synth_dataset_v2: recall of the account detectors');
  console.log('type              gold  found  recall  exact  findings-outside-gold');
  for (const r of rows)
    console.log(
      `${r.type.padEnd(16)} ${String(r.gold).padStart(5)} ${String(r.found).padStart(6)} ${((100 * r.found) / Math.max(1, r.gold)).toFixed(1).padStart(6)}% ${String(r.exact).padStart(6)} ${String(r.extra).padStart(8)}`,
    );
  const MiB = 1 << 20;
  console.log('\nadversarial input: ms at 1 MiB, ms at 2 MiB, ratio');
  for (const [name, make] of ADVERSARIAL) {
    const a = timeDetect(make(MiB));
    const b = timeDetect(make(2 * MiB));
    console.log(
      `  ${name.padEnd(18)} ${a.toFixed(1).padStart(8)} ${b.toFixed(1).padStart(8)} ${(b / Math.max(a, 0.01)).toFixed(2).padStart(6)}`,
    );
  }
}

if (require.main === module) main();
