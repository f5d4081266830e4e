/**
 * The labelled NER corpora of the shared corpus (../shared/corpus/ner and
 * presidio-research), read into one form, with fixed train / dev / test
 * splits. Each corpus says whether its licence lets what is learned from it
 * ship in the product's weights (`ships`): share-alike corpora are for
 * evaluation only.
 *
 * Splits: a corpus's own split where it has one; otherwise by a hash of the
 * corpus name and the document (or sentence, for tweets; template, for
 * presidio-research's generated sentences, so that no test sentence shares a
 * template with a training one): 0-7 train, 8 dev, 9 test of 10.
 *
 * A unit is one sentence (or line) as text: the tokens as the corpus wrote
 * them joined by spaces, or the corpus's own text where it gives one.
 */
import fs from 'node:fs';
import path from 'node:path';

export type Split = 'train' | 'dev' | 'test';
/** Coarse labels: person, organisation, any other entity, none. */
export type Label = 'PER' | 'ORG' | 'OTHER' | 'O';

export interface Unit {
  readonly corpus: string;
  readonly split: Split;
  readonly text: string;
  /** Each token's [start, end) in `text`, and its label. */
  readonly starts: number[];
  readonly ends: number[];
  readonly labels: Label[];
  /** Entity mentions: token ranges [from, to) with their label (PER or ORG). */
  readonly mentions: { from: number; to: number; label: 'PER' | 'ORG' }[];
  /** Mentions of other entities (places, works, events…), as token ranges. */
  readonly others: { from: number; to: number }[];
}

export interface Corpus {
  readonly name: string;
  readonly title: string;
  /** Whether its licence lets the weights learned from it ship (no share-alike). */
  readonly ships: boolean;
  readonly licence: string;
  readonly units: Unit[];
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The split of a document by hash: 0-7 train, 8 dev, 9 test. */
export function hashSplit(corpus: string, doc: string): Split {
  const b = fnv(`${corpus}\u0000${doc}`) % 10;
  return b < 8 ? 'train' : b === 8 ? 'dev' : 'test';
}

interface Raw {
  tokens: string[];
  tags: string[];
  /** The corpus's own sentence text, when it gives one. */
  text?: string;
}

/** A unit from tokens and per-token coarse labels, with B-/I- boundaries from `begins`. */
function unitOf(corpus: string, split: Split, raw: Raw, labels: Label[], begins: boolean[]): Unit {
  const starts: number[] = [];
  const ends: number[] = [];
  let text: string;
  if (raw.text !== undefined) {
    text = raw.text;
    let at = 0;
    for (const tok of raw.tokens) {
      const i = text.indexOf(tok, at);
      const s = i >= 0 ? i : at;
      starts.push(s);
      ends.push(i >= 0 ? i + tok.length : at);
      if (i >= 0) at = i + tok.length;
    }
  } else {
    text = '';
    for (const tok of raw.tokens) {
      if (text.length > 0) text += ' ';
      starts.push(text.length);
      text += tok;
      ends.push(text.length);
    }
  }
  const mentions: Unit['mentions'] = [];
  const others: Unit['others'] = [];
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l === 'O') continue;
    let j = i + 1;
    while (j < labels.length && labels[j] === l && !begins[j]) j++;
    if (l === 'OTHER') others.push({ from: i, to: j });
    else mentions.push({ from: i, to: j, label: l });
    i = j - 1;
  }
  return { corpus, split, text, starts, ends, labels, mentions, others };
}

/** Reads CoNLL-style files: token in column `tokenCol`, tag in `tagCol` (negative: from the end); documents at -DOCSTART-. */
function readColumns(
  file: string,
  opts: { tokenCol?: number; tagCol?: number; sep?: RegExp; comments?: boolean } = {},
): Raw[][] {
  const tokenCol = opts.tokenCol ?? 0;
  const tagCol = opts.tagCol ?? -1;
  const sep = opts.sep ?? /\s+/;
  const docs: Raw[][] = [[]];
  let cur: Raw = { tokens: [], tags: [] };
  const flush = (): void => {
    if (cur.tokens.length > 0) docs[docs.length - 1]!.push(cur);
    cur = { tokens: [], tags: [] };
  };
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (opts.comments && line.startsWith('#')) {
      const m = /^# text = (.*)$/.exec(line);
      if (m) cur.text = m[1]!;
      if (line.startsWith('# newdoc')) {
        flush();
        docs.push([]);
      }
      continue;
    }
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    const cols = trimmed.split(sep);
    if (cols[0] === '-DOCSTART-') {
      flush();
      if (docs[docs.length - 1]!.length > 0) docs.push([]);
      continue;
    }
    if (cols.length < 2) continue;
    const tok = cols[tokenCol]!;
    const tag = cols[tagCol < 0 ? cols.length + tagCol : tagCol]!;
    cur.tokens.push(tok);
    cur.tags.push(tag);
  }
  flush();
  return docs.filter((d) => d.length > 0);
}

/** BIO tags mapped through `coarse` (the type after `B-`/`I-`). */
function bioUnit(corpus: string, split: Split, raw: Raw, coarse: (type: string) => Label): Unit {
  const labels: Label[] = [];
  const begins: boolean[] = [];
  for (const tag of raw.tags) {
    if (tag === 'O' || tag === '_' || tag === '-') {
      labels.push('O');
      begins.push(false);
      continue;
    }
    const m = /^([BIESU])-(.+)$/.exec(tag);
    labels.push(coarse(m ? m[2]! : tag));
    begins.push(m ? m[1] === 'B' || m[1] === 'S' || m[1] === 'U' : false);
  }
  return unitOf(corpus, split, raw, labels, begins);
}

const PER_TYPES = new Set([
  'per',
  'person',
  'user_name',
  'politician',
  'writer',
  'musicalartist',
  'scientist',
  'researcher',
]);
const ORG_TYPES = new Set([
  'org',
  'organization',
  'organisation',
  'corporation',
  'group',
  'politicalparty',
  'band',
  'university',
]);

export function coarseType(type: string): Label {
  const t = type.toLowerCase();
  if (PER_TYPES.has(t)) return 'PER';
  if (ORG_TYPES.has(t)) return 'ORG';
  return 'OTHER';
}

function filesUnder(p: string): string[] {
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)));
}

function wnut(root: string): Corpus {
  const units: Unit[] = [];
  const parts: [string, Split][] = [
    ['train/wnut17train.conll', 'train'],
    ['dev/emerging.dev.conll', 'dev'],
    ['test/emerging.test.annotated', 'test'],
  ];
  for (const [file, split] of parts)
    for (const doc of readColumns(path.join(root, 'WNUT17/CONLL-format/data', file)))
      for (const raw of doc) units.push(bioUnit('wnut17', split, joinAt(raw), coarseType));
  return { name: 'wnut17', title: 'WNUT17 (social media)', ships: true, licence: 'CC BY 4.0', units };
}

/** The tweet corpora cut `@name` into `@` and `name`: one token again, as it was written. */
function joinAt(raw: Raw): Raw {
  const tokens: string[] = [];
  const tags: string[] = [];
  for (let i = 0; i < raw.tokens.length; i++) {
    if ((raw.tokens[i] === '@' || raw.tokens[i] === '#') && i + 1 < raw.tokens.length) {
      tokens.push(raw.tokens[i]! + raw.tokens[i + 1]!);
      tags.push(raw.tags[i + 1]!);
      i++;
      continue;
    }
    tokens.push(raw.tokens[i]!);
    tags.push(raw.tags[i]!);
  }
  return { tokens, tags };
}

function btc(root: string): Corpus {
  const units: Unit[] = [];
  for (const file of filesUnder(path.join(root, 'BTC/CONLL-format/data'))) {
    const section = path.basename(file, '.conll');
    let k = 0;
    for (const doc of readColumns(file))
      for (const raw of doc) units.push(bioUnit('btc', hashSplit('btc', `${section}:${k++}`), joinAt(raw), coarseType));
  }
  return { name: 'btc', title: 'Broad Twitter Corpus', ships: true, licence: 'CC BY 4.0', units };
}

function wikigold(root: string): Corpus {
  const units: Unit[] = [];
  const docs = readColumns(path.join(root, 'wikigold/CONLL-format/data/wikigold.conll.txt'));
  docs.forEach((doc, d) => {
    const split = hashSplit('wikigold', String(d));
    for (const raw of doc) units.push(bioUnit('wikigold', split, raw, coarseType));
  });
  return { name: 'wikigold', title: 'wikigold (Wikipedia)', ships: true, licence: 'CC BY 4.0', units };
}

/**
 * SEC filings: FIN5 (train, its fifth agreement dev) and FIN3 (test). Its annotators marked the agreements' parties
 * as persons (`Borrower`, `Lender`: 196 of FIN3's 216 persons). With `names`, a person mention that is a term its
 * agreement defines (sets between double quotes) is a party's role: no entity.
 */
function sec(root: string, names: boolean): Corpus {
  const units: Unit[] = [];
  const agreement = (doc: Raw[], split: Split): void => {
    const own = doc.map((raw) => bioUnit('sec', split, raw, coarseType));
    units.push(...(names ? withoutDefinedTerms(own) : own));
  };
  // five training agreements: one of them is dev
  readColumns(path.join(root, 'SEC-filings/CONLL-format/data/train/FIN5.txt')).forEach((doc, d) =>
    agreement(doc, d === 4 ? 'dev' : 'train'),
  );
  for (const doc of readColumns(path.join(root, 'SEC-filings/CONLL-format/data/test/FIN3.txt'))) agreement(doc, 'test');
  return { name: 'sec', title: 'SEC filings', ships: true, licence: 'CC BY 3.0', units };
}

/** A term as compared: lower case, one space between words. */
function termOf(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

/**
 * The units of one agreement with no person mention that is a term the agreement defines (a text it sets between
 * double quotes, `(the " Lender ")`, any case): a party's role, labelled as no entity.
 */
function withoutDefinedTerms(units: readonly Unit[]): Unit[] {
  const defined = new Set<string>();
  for (const u of units) for (const m of u.text.matchAll(/["“]\s*([^"“”]{1,60}?)\s*["”]/gu)) defined.add(termOf(m[1]!));
  return units.map((u) => {
    const roles = u.mentions.filter(
      (m) => m.label === 'PER' && defined.has(termOf(u.text.slice(u.starts[m.from], u.ends[m.to - 1]))),
    );
    if (roles.length === 0) return u;
    const labels = u.labels.slice();
    for (const m of roles) for (let k = m.from; k < m.to; k++) labels[k] = 'O';
    return { ...u, labels, mentions: u.mentions.filter((m) => !roles.includes(m)) };
  });
}

function uner(root: string, dir: string, name: string, title: string, files: [string, Split][]): Corpus {
  const units: Unit[] = [];
  for (const [file, split] of files)
    for (const doc of readColumns(path.join(root, dir, file), { tokenCol: 1, tagCol: 2, sep: /\t/, comments: true }))
      for (const raw of doc) units.push(bioUnit(name, split, raw, coarseType));
  return { name, title, ships: false, licence: 'CC BY-SA 4.0', units };
}

function crossner(root: string): Corpus {
  const units: Unit[] = [];
  const base = path.join(root, 'CrossNER/ner_data');
  for (const domain of fs.readdirSync(base).sort()) {
    for (const split of ['train', 'dev', 'test'] as const) {
      const f = path.join(base, domain, `${split}.txt`);
      if (!fs.existsSync(f)) continue;
      for (const doc of readColumns(f, { sep: /\t/ }))
        for (const raw of doc) units.push(bioUnit('crossner', split, raw, coarseType));
    }
  }
  return {
    name: 'crossner',
    title: 'CrossNER (Wikipedia, 5 domains)',
    ships: false,
    licence: 'CC BY-SA (text)',
    units,
  };
}

function stackoverflow(root: string): Corpus {
  const units: Unit[] = [];
  const base = path.join(root, 'StackOverflowNER/annotated_ner_data/StackOverflow');
  for (const split of ['train', 'dev', 'test'] as const) {
    for (const doc of readColumns(path.join(base, `${split}.txt`), { tagCol: 1, sep: /\t/ }))
      for (const raw of doc) {
        if (raw.tokens[0] === 'Question_ID' || raw.tokens[0] === 'Question_URL' || raw.tokens[0] === 'CODE_BLOCK')
          continue;
        units.push(bioUnit('stackoverflow', split, raw, coarseType));
      }
  }
  return { name: 'stackoverflow', title: 'StackOverflow NER', ships: false, licence: 'CC BY-SA (text)', units };
}

/**
 * Enron e-mail threads (coreference mentions): a P or O mention counts when it
 * is a name — capitalised words, initials and commas (`Harris , Steven`), no
 * pronoun and no e-mail address.
 */
function enron(root: string): Corpus {
  const units: Unit[] = [];
  const PRONOUN =
    /^(i|me|my|mine|you|your|yours|we|us|our|ours|he|him|his|she|her|hers|they|them|their|it|its|all|team)$/i;
  for (const part of ['train', 'test'] as const) {
    const dir = path.join(root, 'EmailCoref-Enron', part);
    for (const file of fs.readdirSync(dir).sort()) {
      const split: Split = part === 'test' ? 'test' : hashSplit('enron', file) === 'train' ? 'train' : 'dev';
      const lines = fs.readFileSync(path.join(dir, file), 'utf8').split(/\r?\n/);
      let tokens: string[] = [];
      let marks: string[] = [];
      const flush = (): void => {
        if (tokens.length === 0) return;
        // typed brackets in column 3: `(P0*` opens, `P0)` closes, `(P0*)` both
        const labels: Label[] = tokens.map(() => 'O');
        const begins: boolean[] = tokens.map(() => false);
        const open: { type: string; at: number }[] = [];
        for (let i = 0; i < marks.length; i++) {
          const m = marks[i]!;
          for (const o of m.matchAll(/\(([POLD])\d*\*?/g)) open.push({ type: o[1]!, at: i });
          for (const c of m.matchAll(/([POLD])\d*\*?\)/g)) {
            let k = open.length - 1;
            while (k >= 0 && open[k]!.type !== c[1]) k--;
            if (k < 0) continue;
            const { type, at } = open.splice(k, 1)[0]!;
            const words = tokens.slice(at, i + 1);
            const named = words.every((w) => /^(?:\p{Lu}[\p{L}'’.-]*|,|\.)$/u.test(w) && !PRONOUN.test(w));
            const label: Label = type === 'P' ? 'PER' : type === 'O' ? 'ORG' : 'OTHER';
            if (!named && label !== 'OTHER') continue;
            for (let j = at; j <= i; j++) if (labels[j] === 'O') labels[j] = label;
            begins[at] = true;
          }
        }
        units.push(unitOf('enron', split, { tokens, tags: [] }, labels, begins));
        tokens = [];
        marks = [];
      };
      for (const line of lines) {
        if (line.startsWith('#')) continue;
        if (line.trim() === '') {
          flush();
          continue;
        }
        const cols = line.split('\t');
        tokens.push(cols[0]!);
        marks.push(cols[2] ?? '-');
      }
      flush();
    }
  }
  return { name: 'enron', title: 'Enron e-mails (EmailCoref)', ships: true, licence: 'Apache-2.0', units };
}

/** LitBank: proper-name mentions of the coreference layer (PROP_PER, PROP_ORG), by character offsets. */
function litbank(root: string): Corpus {
  const units: Unit[] = [];
  const dir = path.join(root, 'LitBank/coref/brat');
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()) {
    const doc = file.replace(/\.txt$/, '');
    const split = hashSplit('litbank', doc);
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const marks: { s: number; e: number; label: Label }[] = [];
    for (const line of fs.readFileSync(path.join(dir, `${doc}.ann`), 'utf8').split('\n')) {
      const m = /^T\d+\t(PROP|NOM|PRON)_(\w+) (\d+) (\d+)/.exec(line);
      if (!m) continue;
      const label: Label = m[1] !== 'PROP' ? 'O' : m[2] === 'PER' ? 'PER' : m[2] === 'ORG' ? 'ORG' : 'OTHER';
      if (label === 'O') continue;
      marks.push({ s: Number(m[3]), e: Number(m[4]), label });
    }
    let at = 0;
    for (const line of text.split('\n')) {
      const lineStart = at;
      at += line.length + 1;
      if (line.trim() === '') continue;
      const tokens = line.split(' ');
      const labels: Label[] = [];
      const begins: boolean[] = [];
      let off = lineStart;
      for (const tok of tokens) {
        const s = off;
        const e = off + tok.length;
        off = e + 1;
        // the innermost proper-name mention covering the token decides
        let best: { s: number; e: number; label: Label } | null = null;
        for (const m of marks) if (m.s <= s && m.e >= e && (!best || m.e - m.s < best.e - best.s)) best = m;
        labels.push(best ? best.label : 'O');
        begins.push(best !== null && best.s === s);
      }
      units.push(unitOf('litbank', split, { tokens, tags: [] }, labels, begins));
    }
  }
  return { name: 'litbank', title: 'LitBank (novels)', ships: true, licence: 'CC BY 4.0', units };
}

/**
 * Personal, reflexive, relative and indefinite pronouns: GUM marks every mention of a person, `I` and `We` among them,
 * and a pronoun is no name (written with a capital or not).
 */
const PRONOUNS = new Set(
  `i we you he she they me us him her them who whom whose one someone somebody anyone anybody everyone everybody
  nobody myself yourself himself herself ourselves yourselves themselves`.split(/\s+/),
);

/**
 * GUM news and interviews: one entity type per token, named and common-noun
 * mentions alike. A person or organisation mention counts as a name where it
 * is capitalised words from its first capital on (`NASA`, `Captain Mark
 * Kelly`); `the astronauts` is no name and its tokens are O.
 */
function gum(root: string, names: boolean): Corpus {
  const units: Unit[] = [];
  const base = path.join(root, 'GUM/CONLL-format/data-by-corpustype');
  const files = ['news', 'interview'].flatMap((kind) =>
    fs
      .readdirSync(path.join(base, kind))
      .sort()
      .map((file) => ({
        split: hashSplit('gum', file),
        docs: readColumns(path.join(base, kind, file), { sep: /\t/ }),
      })),
  );
  // the words GUM writes in lower case as a person's mention (`people`, `visitors`): common nouns, which a capital
  // opening a sentence does not make a name (`People flock to see…`)
  const commonNouns = new Set<string>();
  if (names)
    for (const { docs } of files)
      for (const raw of docs.flat())
        raw.tokens.forEach((w, i) => {
          if (raw.tags[i] === 'person' && /^\p{Ll}+$/u.test(w)) commonNouns.add(w);
        });
  for (const { split, docs } of files)
    for (const raw of docs.flat()) {
      const labels: Label[] = [];
      const begins: boolean[] = [];
      for (let i = 0; i < raw.tokens.length; i++) {
        const c = coarseType(raw.tags[i]!);
        labels.push(raw.tags[i] === 'O' ? 'O' : c);
        begins.push(false);
      }
      for (let i = 0; i < labels.length; i++) {
        const l = labels[i]!;
        if (l !== 'PER' && l !== 'ORG') continue;
        let j = i;
        while (j < labels.length && labels[j] === l) j++;
        // from the first capitalised word to the last; all of them capitalised or joining words
        let a = i;
        while (a < j && !/^\p{Lu}/u.test(raw.tokens[a]!)) a++;
        const proper = a < j && raw.tokens.slice(a, j).every((w) => /^(?:\p{Lu}|of$|the$|and$|&$|'s$|\.$|-$)/u.test(w));
        // (names only) a pronoun, or a common noun capitalised only because it opens its sentence, is no name:
        // no entity
        const opens = a === 0 || /^[-.!?:;"“”'‘’([]+$/u.test(raw.tokens[a - 1]!);
        const common =
          names &&
          (raw.tokens.slice(a, j).every((w) => PRONOUNS.has(w.toLowerCase())) ||
            (j - a === 1 && opens && commonNouns.has(raw.tokens[a]!.toLowerCase())));
        for (let k = i; k < j; k++) labels[k] = common || k < a ? 'O' : proper ? l : 'OTHER';
        if (proper) begins[a] = true;
        i = j - 1;
      }
      units.push(unitOf('gum', split, raw, labels, begins));
    }
  return {
    name: 'gum',
    title: 'GUM (news, interviews)',
    ships: true,
    licence: 'CC BY 4.0 (annotations), CC BY 2.5 (text)',
    units,
  };
}

/** presidio-research's generated sentences: PERSON and ORGANIZATION spans; split by template. */
function presidio(root: string): Corpus {
  const file = path.join(root, '../presidio-research/synth_dataset_v2.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    full_text: string;
    template_id: number;
    spans: { entity_type: string; start_position: number; end_position: number }[];
  }[];
  const units: Unit[] = [];
  for (const item of data) {
    const split = hashSplit('presidio', String(item.template_id));
    // each line of a sentence is a unit; tokens by white space, punctuation apart
    let lineStart = 0;
    for (const line of item.full_text.split('\n')) {
      const tokens: string[] = [];
      const starts: number[] = [];
      for (const m of line.matchAll(/[\p{L}\p{M}\d'’-]+|[^\s\p{L}\p{M}\d]/gu)) {
        tokens.push(m[0]);
        starts.push(lineStart + m.index);
      }
      const labels: Label[] = [];
      const begins: boolean[] = [];
      tokens.forEach((tok, k) => {
        const s = starts[k]!;
        const span = item.spans.find((sp) => sp.start_position <= s && sp.end_position >= s + tok.length);
        const l: Label = !span
          ? 'O'
          : span.entity_type === 'PERSON'
            ? 'PER'
            : span.entity_type === 'ORGANIZATION'
              ? 'ORG'
              : 'OTHER';
        labels.push(l);
        begins.push(span !== undefined && (k === 0 || !(starts[k - 1]! >= span.start_position)));
      });
      lineStart += line.length + 1;
      if (tokens.length === 0) continue;
      units.push(unitOf('presidio', split, { tokens, tags: [], text: line }, labels, begins));
    }
  }
  return { name: 'presidio', title: "presidio-research's synthetic sentences", ships: true, licence: 'MIT', units };
}

/**
 * Every corpus, in report order. `root`: ../shared/corpus/ner. `names`: count only mentions that are names, where a
 * corpus marks as persons mentions that are none (GUM's pronouns and common nouns, SEC's parties to an agreement are
 * then no entity); the evaluation and the tuning of margins read them so, training reads the labels as they were when
 * the shipped weights were trained.
 */
export function loadCorpora(root: string, only?: readonly string[], opts: { names?: boolean } = {}): Corpus[] {
  const all: [string, () => Corpus][] = [
    ['presidio', () => presidio(root)],
    ['wikigold', () => wikigold(root)],
    ['btc', () => btc(root)],
    ['wnut17', () => wnut(root)],
    ['sec', () => sec(root, opts.names === true)],
    ['enron', () => enron(root)],
    ['litbank', () => litbank(root)],
    ['gum', () => gum(root, opts.names === true)],
    [
      'uner-ewt',
      () =>
        uner(root, 'UNER_English-EWT', 'uner-ewt', 'UNER English EWT (web)', [
          ['en_ewt-ud-dev.iob2', 'dev'],
          ['en_ewt-ud-test.iob2', 'test'],
        ]),
    ],
    [
      'uner-pud',
      () =>
        uner(root, 'UNER_English-PUD', 'uner-pud', 'UNER English PUD (news, wiki)', [['en_pud-ud-test.iob2', 'test']]),
    ],
    ['crossner', () => crossner(root)],
    ['stackoverflow', () => stackoverflow(root)],
  ];
  return all.filter(([name]) => !only || only.includes(name)).map(([, load]) => load());
}
