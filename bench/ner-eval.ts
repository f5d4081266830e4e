/**
 * `npm run eval:ner`: person and organisation recall, and damage, on text
 * people wrote and labelled by hand — the labelled corpora of the shared
 * corpus (training/ner/corpora.ts), on one split (test unless told), never
 * on what the recogniser was trained or tuned on.
 *
 *   npm run build && node dist/bench/ner-eval.js [--corpus DIR] [--split test|dev|train] [--only a,b]
 *                                               [--json FILE] [--dump DIR] [--other NAME=DIR]
 *                                               [--misses DIR] [--damage DIR] [--as-labelled]
 *
 * Each corpus's units (a sentence a line) are written as one text trace and
 * twinned, so that a name found in one line is replaced in every line, as in
 * a trace. Then, line by line of the twin:
 * - persons: labelled mentions left whole, and mentions with any word of two
 *   or more letters left (a first name alone, or a word such as `Will`);
 * - organisations: labelled mentions left whole, counting only those that are
 *   not public (the public list of the pseudonymiser keeps `Google`);
 * - damage: capitalised words labelled as no entity, not opening their line,
 *   that the twin rewrote.
 *
 * `--misses DIR` writes each corpus's persons left whole (DIR/NAME.tsv: the
 * mention, its forms, the model's tag and margin of its words, its line) for reading a dev split's misses. `--damage DIR` writes each corpus's
 * rewritten capitalised O words (DIR/NAME.tsv: line number, word, the surface that replaced it, its kind, the
 * detector functions that reported it, the labels the word has elsewhere, the line; bench/ner-damage.ts).
 *
 * Persons are names only (training/ner/corpora.ts `names`: GUM's pronouns and SEC's parties to an agreement are no
 * entity); `--as-labelled` counts every mention as its corpus labels it, as the figures before 2026-11-28's seventh
 * stop did.
 *
 * `--dump DIR` writes each corpus's lines (DIR/NAME.txt) for another tool;
 * `--other NAME=DIR` reads that tool's output of the same lines (DIR/NAME.txt,
 * a line each) and measures it the same way, side by side, then prints
 * tracetwin against each other tool: persons left whole and damage, corpus by
 * corpus. `npm run eval:ner:presidio` (scripts/ner-presidio.sh) runs it with
 * Presidio.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { twin } from '../pseudonymiser';
import { isPublicOrg, lowerNameAt } from '../pseudonymiser/detectors/people/lexicon';
import { englishWord } from '../pseudonymiser/detectors/people/score';
import { loadCorpora, type Split, type Unit } from '../training/ner/corpora';
import { keyFor, repoRoot } from './util';
import { defaultDetectors } from '../pseudonymiser/detectors';
import type { Detector } from '../pseudonymiser/types';
import { damageRows, recordingDetectors, type Recorded } from './ner-damage';
import { modelReading } from './ner-reading';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `words` stands in `line` with no letter or digit right before or after. */
export function standsIn(line: string, words: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(words)}(?![\\p{L}\\p{N}])`, 'u').test(line);
}

export interface Figures {
  readonly corpus: string;
  readonly tool: string;
  readonly lines: number;
  readonly persons: number;
  readonly personsWhole: number;
  readonly personsWord: number;
  /** Organisation mentions that are not public names. */
  readonly orgs: number;
  readonly orgsWhole: number;
  readonly capitalised: number;
  readonly rewritten: number;
  /** Words in lower case labelled as no entity that are names of the lists and no English word (`moreau`, `paz`). */
  readonly lowerNames: number;
  /** Of those, the ones the twin rewrote. */
  readonly lowerRewritten: number;
  /**
   * Words in lower case labelled as no entity, of three letters or more and no English word, on the lists or not
   * (`moreau`, `unfollow`, `kubelet`): what a line written without capitals may have read as a name.
   */
  readonly lowerWords: number;
  /** Of those, the ones the twin rewrote. */
  readonly lowerWordsRewritten: number;
}

/** A unit's text on one line. */
export function lineOf(u: Unit): string {
  return u.text.replace(/[\r\n]/g, ' ');
}

/**
 * Each capitalised word labelled as no entity and not opening its line (what damage counts): its unit, the unit's
 * index, the token's index, and whether the twin `out` changed it.
 */
export function forEachCapitalisedO(
  units: readonly Unit[],
  out: readonly string[],
  visit: (u: Unit, k: number, i: number, changed: boolean) => void,
): void {
  units.forEach((u, k) => {
    const line = out[k] ?? '';
    const text = lineOf(u);
    for (let i = 1; i < u.labels.length; i++) {
      if (u.labels[i] !== 'O') continue;
      const w = text.slice(u.starts[i]!, u.ends[i]!);
      if (!/^\p{Lu}\p{Ll}{2,}$/u.test(w)) continue;
      visit(u, k, i, !standsIn(line, w));
    }
  });
}

/** The figures of one tool's output lines (`out[k]` is the twin of `units[k]`). */
export function measureLines(corpus: string, tool: string, units: readonly Unit[], out: readonly string[]): Figures {
  let persons = 0;
  let personsWhole = 0;
  let personsWord = 0;
  let orgs = 0;
  let orgsWhole = 0;
  let capitalised = 0;
  let rewritten = 0;
  let lowerNames = 0;
  let lowerRewritten = 0;
  let lowerWords = 0;
  let lowerWordsRewritten = 0;
  units.forEach((u, k) => {
    const line = out[k] ?? '';
    const text = lineOf(u);
    for (const m of u.mentions) {
      const surface = text.slice(u.starts[m.from]!, u.ends[m.to - 1]!);
      if (!/\p{L}/u.test(surface)) continue;
      if (m.label === 'PER') {
        persons++;
        if (standsIn(line, surface)) personsWhole++;
        const words: string[] = [];
        for (let i = m.from; i < m.to; i++) words.push(text.slice(u.starts[i]!, u.ends[i]!));
        if (words.some((w) => /^@?\p{L}{2,}$/u.test(w) && standsIn(line, w))) personsWord++;
      } else {
        if (isPublicOrg(surface.toLowerCase())) continue;
        orgs++;
        if (standsIn(line, surface)) orgsWhole++;
      }
    }
    for (let i = 1; i < u.labels.length; i++) {
      if (u.labels[i] !== 'O') continue;
      const w = text.slice(u.starts[i]!, u.ends[i]!);
      if (lowerNameAt(text, u.starts[i]!, u.ends[i]!)) {
        lowerNames++;
        if (!standsIn(line, w)) lowerRewritten++;
      }
      if (/^\p{Ll}{3,}$/u.test(w) && !englishWord(w)) {
        lowerWords++;
        if (!standsIn(line, w)) lowerWordsRewritten++;
      }
    }
  });
  forEachCapitalisedO(units, out, (_u, _k, _i, changed) => {
    capitalised++;
    if (changed) rewritten++;
  });
  return {
    corpus,
    tool,
    lines: units.length,
    persons,
    personsWhole,
    personsWord,
    orgs,
    orgsWhole,
    capitalised,
    rewritten,
    lowerNames,
    lowerRewritten,
    lowerWords,
    lowerWordsRewritten,
  };
}

/** The forms of a person's mention that issue 14 names, each measured apart (a mention may be of several). */
export const FORMS = [
  'lower case',
  'ALL CAPS',
  'one word alone',
  'initials and surname',
  'family name, given name',
  'hyphenated given name',
  'possessive',
  'in a quotation',
  'no Latin letter',
] as const;
export type Form = (typeof FORMS)[number];

/** The forms of a person mention `surface`, standing in `text` at [start, end). */
export function formsOf(surface: string, text: string, start: number, end: number): Form[] {
  const out: Form[] = [];
  const words = surface.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (/\p{Ll}/u.test(surface) && !/\p{Lu}/u.test(surface) && /[a-z]/.test(surface)) out.push('lower case');
  if (/\p{Lu}{2}/u.test(surface) && !/\p{Ll}/u.test(surface)) out.push('ALL CAPS');
  if (words.length === 1) out.push('one word alone');
  if (words.length > 1 && words.some((w) => /^(?:\p{Lu}\.?)+$/u.test(w) && w.length <= 4))
    out.push('initials and surname');
  if (/^\p{L}[\p{L}'’-]*,\s*\p{L}/u.test(surface)) out.push('family name, given name');
  if (/^\p{Lu}\p{Ll}+-\p{L}/u.test(words[0] ?? '')) out.push('hyphenated given name');
  if (/^ ?['’]s?(?!\p{L})/u.test(text.slice(end, end + 4))) out.push('possessive');
  if (/["“‘']\s*$/.test(text.slice(Math.max(0, start - 2), start))) out.push('in a quotation');
  if (!/[A-Za-z\u00c0-\u024f]/.test(surface)) out.push('no Latin letter');
  return out;
}

/**
 * Each labelled person mention of `units` with a letter in it: its surface, where it stands in its line as
 * labelled, that line, and whether it stands whole in its twin `out`.
 */
function forEachPerson(
  units: readonly Unit[],
  out: readonly string[],
  visit: (surface: string, text: string, start: number, end: number, whole: boolean) => void,
): void {
  units.forEach((u, k) => {
    const line = out[k] ?? '';
    const text = lineOf(u);
    for (const m of u.mentions) {
      if (m.label !== 'PER') continue;
      const start = u.starts[m.from]!;
      const end = u.ends[m.to - 1]!;
      const surface = text.slice(start, end);
      if (!/\p{L}/u.test(surface)) continue;
      visit(surface, text, start, end, standsIn(line, surface));
    }
  });
}

/** Person mentions of each form, and of those the ones left whole, over `units` and their twins `out`. */
export function measureForms(units: readonly Unit[], out: readonly string[], into: Map<Form, [number, number]>): void {
  forEachPerson(units, out, (surface, text, start, end, whole) => {
    for (const f of formsOf(surface, text, start, end)) {
      const c = into.get(f) ?? [0, 0];
      into.set(f, [c[0] + 1, c[1] + (whole ? 1 : 0)]);
    }
  });
}

/**
 * The persons left whole, one a line: the mention, its forms, what the model says of its words (bench/ner-reading.ts
 * `modelReading`: `Sakharov/O:4`) and its line as labelled (tab-separated), for reading the misses of a split
 * (`--misses DIR`; read dev's, never tune on test's).
 */
export function missedPersons(units: readonly Unit[], out: readonly string[]): string {
  const rows: string[] = [];
  forEachPerson(units, out, (surface, text, start, end, whole) => {
    if (!whole) return;
    const forms = formsOf(surface, text, start, end).join(',') || '-';
    rows.push([surface, forms, modelReading(text, start, end), text.replace(/\t/g, ' ')].join('\t'));
  });
  return rows.map((r) => r + '\n').join('');
}

/** tracetwin's twin of the units, as one text trace, a unit a line. */
export function twinLines(units: readonly Unit[], key: string, detectors?: readonly Detector[]): string[] {
  const doc = units.map(lineOf).join('\n') + '\n';
  const out = twin(Buffer.from(doc), { key, format: 'text', ...(detectors ? { detectors } : {}) })
    .output.toString('utf8')
    .split('\n');
  if (out.length !== units.length + 1) throw new Error('the twin has another line count');
  return out.slice(0, units.length);
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

export function formatTable(rows: readonly Figures[]): string {
  const header = [
    'corpus',
    'tool',
    'lines',
    'persons',
    'left whole',
    'a word left',
    'orgs',
    'left whole',
    'cap. O',
    'rewritten',
    'lower O',
    'rewritten',
    'lower words',
    'rewritten',
  ];
  const table = rows.map((r) => [
    r.corpus,
    r.tool,
    String(r.lines),
    String(r.persons),
    `${r.personsWhole} (${pct(r.personsWhole, r.persons)})`,
    `${r.personsWord} (${pct(r.personsWord, r.persons)})`,
    String(r.orgs),
    `${r.orgsWhole} (${pct(r.orgsWhole, r.orgs)})`,
    String(r.capitalised),
    `${r.rewritten} (${pct(r.rewritten, r.capitalised)})`,
    String(r.lowerNames),
    `${r.lowerRewritten} (${pct(r.lowerRewritten, r.lowerNames)})`,
    String(r.lowerWords),
    `${r.lowerWordsRewritten} (${pct(r.lowerWordsRewritten, r.lowerWords)})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string =>
    r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...table.map(fmt)].join('\n');
}

/**
 * tracetwin against another tool, a corpus a row: person recall (mentions left whole: fewer is better) and damage
 * (capitalised O words rewritten) of each, and the damage of tracetwin as a share of the other's (the issue's
 * target: at most a fifth).
 */
export function formatVersus(rows: readonly Figures[], other: string): string {
  const header = ['corpus', 'persons whole: tracetwin', other, 'fewer?', 'damage: tracetwin', other, 'ratio'];
  const table: string[][] = [];
  for (const t of rows) {
    if (t.tool !== 'tracetwin') continue;
    const o = rows.find((r) => r.corpus === t.corpus && r.tool === other);
    if (!o) continue;
    const tWhole = t.persons === 0 ? 0 : t.personsWhole / t.persons;
    const oWhole = o.persons === 0 ? 0 : o.personsWhole / o.persons;
    const tDamage = t.capitalised === 0 ? 0 : t.rewritten / t.capitalised;
    const oDamage = o.capitalised === 0 ? 0 : o.rewritten / o.capitalised;
    table.push([
      t.corpus,
      pct(t.personsWhole, t.persons),
      pct(o.personsWhole, o.persons),
      t.persons === 0 ? '-' : tWhole <= oWhole ? 'yes' : 'no',
      pct(t.rewritten, t.capitalised),
      pct(o.rewritten, o.capitalised),
      oDamage === 0 ? (tDamage === 0 ? '-' : 'inf') : (tDamage / oDamage).toFixed(2),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string =>
    r.map((c, i) => (i < 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...table.map(fmt)].join('\n');
}

function main(): void {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      split: { type: 'string', default: 'test' },
      only: { type: 'string' },
      json: { type: 'string' },
      dump: { type: 'string' },
      other: { type: 'string', multiple: true },
      misses: { type: 'string' },
      damage: { type: 'string' },
      'as-labelled': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const root = values.corpus ?? path.join(repoRoot(), '..', 'shared', 'corpus', 'ner');
  if (!fs.existsSync(root)) {
    console.error(`the labelled corpora are missing at ${root}`);
    process.exit(2);
  }
  const split = values.split as Split;
  if (!['train', 'dev', 'test'].includes(split)) {
    console.error('--split is train, dev or test');
    process.exit(2);
  }
  const others = (values.other ?? []).map((o) => {
    const eq = o.indexOf('=');
    if (eq <= 0) {
      console.error('--other is NAME=DIR');
      process.exit(2);
    }
    return { name: o.slice(0, eq), dir: o.slice(eq + 1) };
  });
  const key = keyFor('tracetwin:ner');
  const rows: Figures[] = [];
  const forms = new Map<Form, [number, number]>();
  for (const c of loadCorpora(root, values.only?.split(','), { names: !values['as-labelled'] })) {
    const units = c.units.filter((u) => u.split === split);
    if (units.length === 0) continue;
    if (values.dump) {
      fs.mkdirSync(values.dump, { recursive: true });
      fs.writeFileSync(path.join(values.dump, `${c.name}.txt`), units.map(lineOf).join('\n') + '\n');
    }
    const recorded: Recorded[] = [];
    const twins = twinLines(units, key, values.damage ? recordingDetectors(defaultDetectors, recorded) : undefined);
    if (values.damage) {
      fs.mkdirSync(values.damage, { recursive: true });
      fs.writeFileSync(path.join(values.damage, `${c.name}.tsv`), damageRows(units, twins, recorded));
    }
    rows.push(measureLines(c.name, 'tracetwin', units, twins));
    if (values.misses) {
      fs.mkdirSync(values.misses, { recursive: true });
      fs.writeFileSync(path.join(values.misses, `${c.name}.tsv`), missedPersons(units, twins));
    }
    measureForms(units, twins, forms);
    for (const o of others) {
      const file = path.join(o.dir, `${c.name}.txt`);
      if (!fs.existsSync(file)) continue;
      rows.push(measureLines(c.name, o.name, units, fs.readFileSync(file, 'utf8').split('\n')));
    }
  }
  console.log(`Labelled persons and organisations on the ${split} split, looked for on their line of the twin:`);
  console.log(formatTable(rows));
  console.log(
    '\n"left whole": the mention as labelled still stands in its line; "a word left": any of its words of two or more\n' +
      'letters does. "orgs": organisation mentions that are no public name. "cap. O": capitalised words labelled as no\n' +
      'entity, not opening their line; "rewritten": the twin changed them (damage). "lower O": words in lower case\n' +
      'labelled as no entity that are names of the lists and no English word (`moreau`, `paz`), which the recogniser\n' +
      'reads as names in lower case may be. "lower words": every word in lower case of three letters or more labelled\n' +
      'as no entity that is no English word, on the lists or not (`unfollow`, `kubelet`).',
  );
  console.log(`\nPersons by form, every corpus of the ${split} split together (a mention may be of several forms):`);
  for (const f of FORMS) {
    const [n, whole] = forms.get(f) ?? [0, 0];
    console.log(
      `  ${f.padEnd(24)} ${String(n).padStart(5)} mentions  left whole ${String(whole).padStart(4)} (${pct(whole, n)})`,
    );
  }
  for (const o of others) {
    console.log(
      `\ntracetwin against ${o.name}: persons left whole (lower is better; "fewer?": tracetwin's share is at`,
    );
    console.log(
      `most ${o.name}'s) and damage (capitalised O words rewritten; "ratio": tracetwin's share over ${o.name}'s):`,
    );
    console.log(formatVersus(rows, o.name));
  }
  if (values.json)
    fs.writeFileSync(values.json, JSON.stringify({ split, rows, forms: Object.fromEntries(forms) }, null, 2) + '\n');
}

if (require.main === module) main();
