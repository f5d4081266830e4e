/**
 * Persons and organisations the learned model finds in a chunk's text,
 * reported the way every people rule reports (people/report.ts), so that
 * resolution links them with what the key paths and the rules found.
 *
 * What the model says is reported unless it is what a twin must keep: a
 * public organisation or body (a court, a ministry, a parliament), a place,
 * an identifier or a code word, an English word opening a sentence, a
 * contract's defined party (English words on no name list), or only the
 * words that say what kind of organisation it is (`Robotics Ltd`).
 */
import type { Chunk, FindingSink } from '../../../types';
import type { PeopleState } from '../state';
import stored from '../../../data/ner.json';
import { Decoder, spansOf, type Decoded, type Span } from './model';
import { B_OTH, B_PER, I_OTH, isLegalForm, isTitle, O, PARTICLES, type TokenFacts } from './features';
import { isOrgHeadWord } from '../../../standins/people';
import { forEachRegion, newTokens, tokenize, WORD, LINK, PUNCT, type Tokens } from './tokens';
import { decodeWeights, type StoredModel } from './weights';
import { reportLone, reportOrg, reportPerson, orgCanonicalOf } from '../report';
import { englishWord, isGiven, isPlainWord, neverName, ordinaryWord } from '../score';
import * as lex from '../lexicon';
import { RunMemo, runCache } from '../../../memo';
import { clusterOf, nameShareOf } from './clusters';
import { own } from '../../../strings';
import { isSpace } from '../text';

let weights: Int16Array | null = null;

/** The learned weights, decoded on first use: the recogniser's, and what bench/ner-reading.ts reads them with. */
export function model(): Int16Array {
  if (weights === null) {
    weights = decodeWeights(stored as StoredModel);
    // the weights' stored text (2.3 MB, which the module cache would hold for the life of the process) is read
    // once: the decoded weights are all that is read again
    (stored as { data: string }).data = '';
  }
  return weights;
}

/**
 * The least margin (best name tag's score less the best other tag's, at the span's weakest token) a span needs:
 * one word alone, two words or more, one word alone that is also an English word (`Rose`, `Bill`), a name in
 * lower case (`priya raman`: more is needed where capitals say nothing), and one word alone that names a place too
 * (`Charlotte`, `Norman`), to be a person where nothing else vouches for it; and `named`, no margin but the share of
 * names (in hundredths) among the words a word's vector stands with that makes it written as a name more often than
 * not (readAsName); and `other`, the margin under which one word the model tagged as another kind of named thing,
 * when a common given name, is a person after all (namedOthers); `contexts`, the texts of a trace a weak reading
 * needs (confirmWeakNames); and `quiet`, the margin a person needs that the model found in a line written without
 * capitals, read capitalised (decideQuiet), `quietOpen` the same where the line capitalises the first words of its
 * sentences and nothing else (`Wait simon wears glasses`), and `quietShare`, the least share of names (in hundredths,
 * as `named`) among the words a word's vector stands with for the word to be read so there (`kafka`'s stand with no
 * names); `publicName`, the margin a common name that names a public organisation too needs (publicNameAsPerson:
 * `Julia`, `Jones`); `unlisted`, the lead under which O over a person, on one capitalised word on no list at all,
 * is read as the person (nearPersons: `Sakharov`).
 * Chosen on the dev splits with `npm run tune:ner`
 * (training/ner/tune.ts, which alone sets them while it measures).
 */
export const thresholds = {
  single: 0,
  multi: 0,
  word: 40,
  lower: 30,
  place: 20,
  named: 50,
  other: 20,
  contexts: 2,
  quiet: 20,
  quietShare: 20,
  quietOpen: 40,
  publicName: 10,
  unlisted: 5,
};

/** Words that make an organisation's name a public body's (kept in a twin). */
const PUBLIC_BODY = new Set(
  `court courts tribunal ministry ministries department parliament senate congress assembly council commission
  government police army navy military bureau agency cabinet republic kingdom federation nations union embassy
  consulate municipality county state states province supreme judiciary presidency`.split(/\s+/),
);

/** The text of token `i`. */
function word(t: Tokens, i: number): string {
  return t.text.slice(t.start[i]!, t.end[i]!);
}

function words(t: Tokens, s: Span): string[] {
  const out: string[] = [];
  for (let i = s.from; i < s.to; i++) if (t.kind[i] === WORD) out.push(word(t, i));
  return out;
}

/** Whether a word is initials (`A.`, `H.İ.`, `J`). */
function initials(w: string): boolean {
  return /^(?:\p{L}\.)+$/u.test(w) || /^\p{Lu}$/u.test(w);
}

/** A word written as code (`InvoiceService`, `getUser`): a capital after two lower-case letters, not `MacArthur`. */
function camelCase(word: string): boolean {
  return /\p{Ll}{2}\p{Lu}/u.test(word) && !/^(?:Mac|Van|Von|Fitz|Della|Dos|Das)\p{Lu}/u.test(word);
}

/**
 * Whether token `i` is the rest of a person's name beside the span the model tagged: a capitalised word that a name
 * list holds as a given name or surname and that is no English word and no place, or a capitalised word on no list
 * at all, no English word either (`Ghulam Mohiuddin`, `Kwang-Ting Cheng`, where the model tagged one word), or a
 * family name with the Arabic article (`Loujain al-Hathloul`); beside a name in lower case, a surname of the lists
 * in lower case (`kevin smith`).
 */
const NAMES = lex.FIRST | lex.FIRST_RARE | lex.SURNAME | lex.SURNAME_RARE;

/** Whether token `i` is a word on no list at all. */
/** Whether token `i` is a word written capitalised (none outside the tokens). */
function capitalisedAt(t: Tokens, i: number): boolean {
  return i >= 0 && i < t.count && t.kind[i] === WORD && /^\p{Lu}/u.test(word(t, i));
}

/** Whether token `i` is a word after a determiner (`the Kremlin`): a name takes none. */
function afterDeterminer(t: Tokens, i: number): boolean {
  return i > 0 && t.kind[i - 1] === WORD && DETERMINERS.has(word(t, i - 1).toLowerCase());
}

/** Whether a lower-case word is on no list at all: no name, no English word, place, public name or nationality. */
function onNoList(low: string): boolean {
  return lex.flagsOf(low) === 0 && !lex.isPlace(low) && !lex.isPublicOrg(low) && !lex.isDemonym(low) && !neverName(low);
}

function unlisted(t: Tokens, i: number): boolean {
  return lex.flagsOf(word(t, i).toLowerCase()) === 0;
}

/** A family name written with the Arabic article (`al-Sadr`, `el-Baradei`, `Al-Hathloul`). */
const ARTICLE_NAME = /^(?:al|el|Al|El)[-‑]\p{Lu}\p{Ll}{2,}$/u;

function nameNeighbour(t: Tokens, i: number, lower: boolean): boolean {
  if (t.kind[i] !== WORD) return false;
  const w = word(t, i);
  const low = w.toLowerCase();
  const f = lex.flagsOf(low);
  if (lower) {
    if (w !== low || w.length < 2) return false;
    return (
      (f & (lex.SURNAME | lex.SURNAME_RARE)) !== 0 &&
      (f & lex.WORD_TOP) === 0 &&
      !neverName(low) &&
      !lex.isPlace(low) &&
      !lex.isPublicOrg(low)
    );
  }
  if (ARTICLE_NAME.test(w)) return true;
  if (!/^\p{Lu}\p{Ll}/u.test(w)) return false;
  if (lex.isPlace(low) || lex.isPublicOrg(low) || neverName(low) || lex.isDemonym(low) || camelCase(w)) return false;
  // (a compound on no list: each part on none either, or a name of the lists: `Kwang-Ting`, not `Set-Cookie`)
  if (f === 0)
    return low.split('-').every((p) => p.length >= 2 && (lex.flagsOf(p) === 0 || (lex.flagsOf(p) & NAMES) !== 0));
  return (f & (lex.FIRST | lex.SURNAME)) !== 0 && !englishWord(low);
}

/**
 * Titles of features.ts `isTitle` that head the names of places, streets and works too (`Saint`, `King`, `Queen`,
 * `Prince`), and kinship words: no title a surname follows.
 */
const NOT_BEFORE_SURNAME = new Set(['king', 'queen', 'prince', 'princess', 'pope', 'saint', 'st', 'uncle', 'aunt']);

/** Whether a personal title (`isTitle`, less NOT_BEFORE_SURNAME) stands right before token `i`, a dot after it allowed. */
function personalTitleBefore(t: Tokens, i: number): boolean {
  let j = i - 1;
  if (j >= 0 && t.kind[j] === PUNCT && t.text.charCodeAt(t.start[j]!) === 46) j--;
  if (j < 0 || t.kind[j] !== WORD) return false;
  const w = word(t, j);
  const lower = w.toLowerCase().replace(/\.$/, '');
  return /^\p{Lu}/u.test(w) && isTitle(lower) && !NOT_BEFORE_SURNAME.has(lower);
}

const NO_SPANS: readonly Span[] = [];

/**
 * Whether span `s` and another person's span of at least margin `least` are named together: only `and`, `or`, `&` or a
 * comma between them (`Chuck and Gretchen`, `Tina, Vicky`). An English word alone needs the other to be as sure as an
 * English word alone must be (thresholds.word); a place's name, that the other is reported (thresholds.single).
 */
function coordinated(t: Tokens, s: Span, spans: readonly Span[], least: number): boolean {
  for (const o of spans) {
    if (o === s || o.kind !== 'person' || o.margin < least) continue;
    const gapFrom = o.to <= s.from ? o.to : s.to;
    const gapTo = o.to <= s.from ? s.from : o.from;
    if (gapTo - gapFrom === 1 && joiner(t, gapFrom)) return true;
  }
  return false;
}

/**
 * Whether one word that names a place, span `s` of tokens [from, to) (`lower`), is a person's name: after a personal
 * title (`titled`) or named with a person the model reports (`Dr Florence`, `Torpy and Salinas`), or where the model
 * is sure of it (thresholds.place) and the lists hold it as a common given name or surname that is no English word,
 * not named with another place (`Charlotte had made too great an impression`, but `Paris, London and Rome`). It is
 * replaced there only, as any place's name alone (decideSpan's `local`).
 */
function personNamedPlace(
  t: Tokens,
  s: Span,
  spans: readonly Span[],
  titled: boolean,
  from: number,
  to: number,
  lower: string,
): boolean {
  if (s.kind !== 'person') return false;
  if (titled || coordinated(t, s, spans, thresholds.single)) return true;
  return (
    s.margin >= (readAsName(word(t, from)) ? thresholds.single : thresholds.place) &&
    (lex.flagsOf(lower) & (lex.FIRST | lex.SURNAME)) !== 0 &&
    !englishWord(lower) &&
    !besidePlace(t, from, to)
  );
}

/**
 * Whether a word, as written, is written as a name more often than not: capitalised (`Maria`; not `PAT` of a Jira
 * key, nor `maria`) and its vector stands among names (clusters.ts nameShareOf, at least thresholds.named
 * hundredths: `maria`, `buck`, `leon`, but not `rose`, `may` or `paris`). An English word or a town's name that reads
 * so needs the margin of any one word alone (thresholds.single), not theirs.
 */
function readAsName(word: string): boolean {
  return /^\p{Lu}\p{Ll}+$/u.test(word) && nameShareOf(clusterOf(word.toLowerCase())) >= thresholds.named;
}

/**
 * Whether a place's name, capitalised, stands right before or after tokens [from, to), a comma, `and`, `or` or `&`
 * between.
 */
function besidePlace(t: Tokens, from: number, to: number): boolean {
  const place = (i: number): boolean => capitalisedAt(t, i) && lex.isPlace(word(t, i).toLowerCase());
  return (joiner(t, to) && place(to + 1)) || (joiner(t, from - 1) && place(from - 2));
}

/** Words before a possessive that make its owner a thing (`the Kremlin's`), not a person. */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'our', 'your', 'their', 'its', 'my']);

/**
 * Whether token `i` owns what follows as a person does: a capitalised word on no list at all (no name, no English
 * word, no place, no public name), inside its sentence, not after another capitalised word or a determiner, before
 * a possessive `'s` (`Djokovic's serve`, `Seton's 1922 book`).
 */
function ownerAt(t: Tokens, facts: TokenFacts, i: number): boolean {
  if (t.kind[i] !== WORD || facts.opens[i] || t.kind[i + 1] !== PUNCT || t.kind[i + 2] !== WORD) return false;
  const q = t.text.charCodeAt(t.start[i + 1]!);
  if ((q !== 39 && q !== 0x2019) || word(t, i + 2) !== 's') return false;
  const w = word(t, i);
  if (w.length < 3 || !/^\p{Lu}\p{Ll}+$/u.test(w)) return false;
  return onNoList(w.toLowerCase()) && !capitalisedAt(t, i - 1) && !afterDeterminer(t, i);
}

/**
 * Whether a hyphenated word has a part that is a common English word and no given name (`Cache-Control`,
 * `X-Api-Key`, `Follow-Up`): a header's, a field's or a compound word's name, where a name alone would be two names
 * (`Jean-Pierre`, `Ye-jin`, `Lloyd-Webber`).
 */
function compoundOfWords(lower: string): boolean {
  if (lower.indexOf('-') <= 0) return false;
  return lower.split('-').some((p) => isPlainWord(p) && !isGiven(p));
}

/** An airport's code in brackets after a word. */
const AIRPORT = /^\s*\([A-Z]{3}\)/;

/**
 * What decideSpan decided to report of a span: the report's arguments, with its position (`at`) counted from the
 * region's start, so that a region read again (the same text, anywhere) reports the same again unread.
 */
type Decision =
  | { readonly what: 'org'; readonly surface: string; readonly canonical: string }
  | {
      readonly what: 'person';
      readonly surface: string;
      readonly given: string;
      readonly family: string;
      readonly initialOnly: boolean;
    }
  | {
      readonly what: 'weak';
      readonly surface: string;
      readonly role: 'given' | 'family';
      readonly margin: number;
    }
  | {
      readonly what: 'lone';
      readonly surface: string;
      readonly role: 'given' | 'family';
      readonly name: string;
      readonly at: number;
      readonly local: boolean;
      /** A public organisation's name too (publicNameAsPerson): none where the trace writes it in lower case. */
      readonly brand: boolean;
    };

/**
 * The decision that word `i` of the region starting at `base` is a name alone, given name or surname by `role`;
 * `local`: replaced where it stands only.
 */
function loneAt(t: Tokens, i: number, base: number, role: 'given' | 'family', local: boolean, brand = false): Decision {
  const w = word(t, i);
  return { what: 'lone', surface: own(w), role, name: own(w.toLowerCase()), at: t.start[i]! - base, local, brand };
}

/**
 * Whether `lower` stands in the chunk's text as a word of its own in lower case (`hugo server`, `jenkins.internal`,
 * `julia>`): the trace writes a public organisation's name as its product's command, package or host. The chunk
 * read is the one where the name was read as a person; a name found so there is remembered for the trace's later
 * chunks (PeopleState.brands). A lower-case form only in another chunk, with no such reading, is not seen (a trace
 * of one chunk, most of them, is read whole).
 */
function writtenInLower(lower: string, st: PeopleState): boolean {
  if (st.brands.has(lower)) return true;
  let v = chunkBrands.get(lower);
  if (v === undefined) {
    v = false;
    for (let at = chunkText.indexOf(lower); at >= 0 && !v; at = chunkText.indexOf(lower, at + 1)) {
      v = !wordCharAt(chunkText, at - 1) && !wordCharAt(chunkText, at + lower.length);
    }
    chunkBrands.set(lower, v);
    if (v) st.brands.add(lower);
  }
  return v;
}

/** Whether `text[i]` is a letter, a digit or `_` (none before the start or past the end). */
function wordCharAt(text: string, i: number): boolean {
  return i >= 0 && i < text.length && /[\p{L}\p{N}_]/u.test(text[i]!);
}

/** The text of the chunk scanLearned reads, and writtenInLower's answers there. */
let chunkText = '';
const chunkBrands = new Map<string, boolean>();

/** Reports a decision for the region starting at `base`. */
function apply(d: Decision, base: number, sink: FindingSink, st: PeopleState): void {
  if (d.what === 'org') reportOrg(sink, st, d.surface, d.canonical, false);
  else if (d.what === 'person') reportPerson(sink, st, d.surface, d.given, d.family, d.initialOnly);
  else if (d.what === 'weak') {
    // (one reading a text: a text read again, here or anywhere, is the same decision)
    let w = st.weak.get(d.surface);
    if (w === undefined)
      st.weak.set(d.surface, (w = { surface: d.surface, role: d.role, margin: 0, contexts: new Set() }));
    if (!w.contexts.has(d)) {
      w.contexts.add(d);
      w.margin += d.margin;
    }
  } else if (!d.brand || !writtenInLower(d.name, st))
    reportLone(sink, st, d.surface, d.role, d.name, false, base + d.at, d.local);
}

/**
 * At resolution: the English words (none of the commonest) that are common names of the lists which the model read
 * as persons inside sentences in several texts of the trace (thresholds.contexts), by as much together as an English
 * word alone needs once (thresholds.word), are names wherever they are written so (`Bush` in `the Bush
 * administration`, `Bush nominated`, `when Bush gets a question`); replaced as written, capitalised, not in lower
 * case (`a bush`).
 */
export function confirmWeakNames(st: PeopleState, sink: FindingSink): void {
  for (const w of st.weak.values()) {
    if (w.contexts.size < thresholds.contexts || w.margin < thresholds.word) continue;
    const name = w.surface.toLowerCase();
    sink.add({ kind: 'person', surface: w.surface, canonical: w.role === 'given' ? `${name}|` : `|${name}` });
    const key = `${w.role}\u0000${w.surface}`;
    if (!st.loneSeen.has(key)) {
      st.loneSeen.add(key);
      st.lone.push({ surface: w.surface, role: w.role, name });
    }
  }
}

/**
 * Whether one word that names a public organisation too, and is a common given name or surname of the lists, no
 * English word (`Julia`, `Jones`, `Pearson`: a language, a soft drink, a publisher), is the person the model took
 * it for by thresholds.publicName.
 */
function publicNameAsPerson(
  t: Tokens,
  from: number,
  to: number,
  ws: readonly string[],
  lower: string,
  s: Span,
): boolean {
  // a capitalised word beside it makes it part of another name (`Claude Code`, `Hugo Boss`)
  return (
    ws.length === 1 &&
    !capitalisedAt(t, to) &&
    !capitalisedAt(t, from - 1) &&
    s.kind === 'person' &&
    s.margin >= thresholds.publicName &&
    /^\p{Lu}\p{Ll}+$/u.test(ws[0]!) &&
    (lex.flagsOf(lower) & (lex.FIRST | lex.SURNAME)) !== 0 &&
    !englishWord(lower)
  );
}

/**
 * Decides what of span `s` is reported, into `out`; `base`: where the region starts. The decision reads only the
 * region's tokens and the fixed lexicons (its strings are flat copies: a decision outlives its chunk).
 */
function decideSpan(
  t: Tokens,
  facts: TokenFacts,
  s: Span,
  out: Decision[],
  base: number,
  spans: readonly Span[] = NO_SPANS,
): void {
  for (let i = s.from; i < s.to; i++) if (t.kind[i] === LINK) return;
  let from = s.from;
  // a title before the name is no part of it
  while (from < s.to && t.kind[from] === WORD && isTitle(word(t, from).toLowerCase())) from++;
  // a dot after a title (`Mr .` as tokens) either
  while (from < s.to && t.kind[from] !== WORD) from++;
  // the context says the span is a person's name: a personal title or office right before it, in the span or not
  // (`Dr Mcdonald`, `President Bush`), or a person the model is sure of named with it (`Chuck and Gretchen`)
  const titled = s.kind === 'person' && personalTitleBefore(t, from);
  const vouched = titled || (s.kind === 'person' && coordinated(t, s, spans, thresholds.word));
  let to = s.to;
  while (to > from && t.kind[to - 1] !== WORD) to--;
  if (s.kind === 'organisation') {
    // a legal form right after the span: the whole name with its form is the rules' reading (`Blue Harbor Pty
    // Ltd`), and the model's part of it would become a name of its own
    let next = s.to;
    while (next < t.count && t.kind[next] === PUNCT && t.text.charCodeAt(t.start[next]!) === 44) next++;
    if (next < t.count && t.kind[next] === WORD && isLegalForm(word(t, next).toLowerCase())) return;
    // an English word opening the sentence is no part of an organisation's name (`Bump Amazon Web Services`)
    while (from < to && facts.opens[from] && t.kind[from] === WORD && ordinaryWord(word(t, from).toLowerCase())) from++;
  }
  if (s.kind === 'person') {
    // ordinary words at either end are no part of a person's name (`The Wachowskis`)
    const plain = (i: number): boolean => t.kind[i] === WORD && ordinaryWord(word(t, i).toLowerCase());
    while (from < to && (plain(from) || t.kind[from] !== WORD)) from++;
    // a rare English word ends a name as a surname does (`Harry Turtledove`), after another word of the name
    const plainEnd = (i: number): boolean =>
      plain(i) && !(i > from && (lex.flagsOf(word(t, i).toLowerCase()) & (lex.WORD | lex.WORD_TOP)) === 0);
    while (to > from && (plainEnd(to - 1) || t.kind[to - 1] !== WORD)) to--;
    // a common English word that opens the sentence before a given name, and is no given name itself, is the
    // sentence's first word (`Call Jack tomorrow`, `Click Mark as read`), not the name's (`Will Smith` is one)
    if (to - from >= 2 && facts.opens[from] && t.kind[from + 1] === WORD && /^\p{Lu}\p{Ll}/u.test(word(t, from))) {
      const f0 = lex.flagsOf(word(t, from).toLowerCase());
      const f1 = lex.flagsOf(word(t, from + 1).toLowerCase());
      if ((f0 & (lex.WORD | lex.WORD_TOP)) !== 0 && (f0 & (lex.FIRST | lex.FIRST_RARE)) === 0 && (f1 & lex.FIRST) !== 0)
        from++;
    }
    // a capitalised name of the lists right before or after is the rest of the name, whichever comes first (`Hwang
    // Ye-jin`, where the model tagged the given name alone)
    if (to > from) {
      const lower =
        t.text.slice(t.start[from]!, t.end[to - 1]!) === t.text.slice(t.start[from]!, t.end[to - 1]!).toLowerCase();
      // (before the span, a word on no list that opens its sentence is more often a greeting: `Congrats Mark Selby`)
      while (
        from > 0 &&
        !lower &&
        nameNeighbour(t, from - 1, false) &&
        !(facts.opens[from - 1] && unlisted(t, from - 1))
      )
        from--;
      while (to < t.count && nameNeighbour(t, to, lower)) to++;
    }
  }
  if (to <= from) return;
  const span: Span = { ...s, from, to };
  const ws = words(t, span);
  if (ws.length === 0) return;
  const start = t.start[from]!;
  const surface = t.text.slice(start, t.end[to - 1]!);
  const lower = surface.toLowerCase();
  if (lex.isPublicOrg(lower) && !vouched && !publicNameAsPerson(t, from, to, ws, lower, s)) return;
  if (lex.isPlace(lower) && !(ws.length === 1 && personNamedPlace(t, s, spans, titled, from, to, lower))) return;
  if (ws.some(camelCase)) return;
  if (s.kind === 'organisation') {
    // one word alone is left to the rules, which need a legal form or a context (`Initech, Inc.`, `works at
    // Initech`): the model tags the best-known companies (`Microsoft confirms`) that a twin keeps
    if (ws.length < 2) return;
    if (ws.some((w) => PUBLIC_BODY.has(w.toLowerCase()))) return;
    // only words of a kind of organisation and legal forms (`Robotics Ltd`): no name
    if (ws.every((w) => isOrgHeadWord(w.toLowerCase()) || isLegalForm(w.toLowerCase()))) return;
    // a public name's products and divisions (`Google Cloud Platform`): its first word that is no ordinary word
    const head = ws.find((w) => !isPlainWord(w.toLowerCase()));
    if (head !== undefined && lex.isPublicOrg(head.toLowerCase())) return;
    if (ws.every((w) => isPlainWord(w.toLowerCase()) || lex.isPublicOrg(w.toLowerCase()))) return;
    const canon = orgCanonicalOf(surface);
    if (canon.length < 2 || lex.isPublicOrg(canon)) return;
    out.push({ what: 'org', surface: own(surface), canonical: own(canon) });
    return;
  }
  const lows = ws.map((w) => w.toLowerCase());
  if (lows.some((w) => neverName(w))) return;
  // no word of it reads as a name: English words on no name list (`Borrower Company`, a contract's defined party)
  if (lows.every(ordinaryWord)) return;
  if (ws.length === 1) {
    const w = lows[0]!;
    if (w.length < 2 || initials(ws[0]!) || compoundOfWords(w)) return;
    // an English word opening a sentence is capitalised as any first word is: the word it is (`Mark the ticket as
    // solved`, `Rose gold is the default`); where the context vouches for it, it is a name unless one of the
    // commonest words (`President Bush`, but `Dr. Strange Love` is a film)
    if (
      englishWord(w) &&
      !(vouched && (lex.flagsOf(w) & lex.WORD_TOP) === 0) &&
      (facts.opens[from] || s.margin < (readAsName(ws[0]!) ? thresholds.single : thresholds.word))
    ) {
      // inside a sentence, capitalised, a common given name or surname of the lists (`God` is a rare one) and none
      // of the commonest words (`Party`, `Mark`): a weak reading, which the trace's other texts may confirm
      // (confirmWeakNames)
      const f = lex.flagsOf(w);
      if (
        !facts.opens[from] &&
        s.margin > 0 &&
        /^\p{Lu}\p{Ll}+$/u.test(ws[0]!) &&
        (f & (lex.FIRST | lex.SURNAME)) !== 0 &&
        (f & lex.WORD_TOP) === 0
      )
        out.push({ what: 'weak', surface: own(ws[0]!), role: isGiven(w) ? 'given' : 'family', margin: s.margin });
      return;
    }
    // the second word of a place's name (`Chicago O'Hare`; a place's name is capitalised: `reading Molière` is no
    // place's), or a word an airport code follows (`O'Hare (ORD)`)
    if (from > 0 && t.kind[from - 1] === WORD) {
      const before = word(t, from - 1);
      if (/^\p{Lu}/u.test(before) && lex.isPlace(before.toLowerCase())) return;
    }
    const after = t.end[from]!;
    // (what follows may be past the region's end, on the next line: then the decision is this place's alone)
    if (after + 8 > regionEnd) readPast = true;
    if (AIRPORT.test(t.text.slice(after, after + 8))) return;
    // one word alone that is also an English word, a place's name or a public organisation's (where the context
    // does not vouch for it) is replaced where the model found it: each of its other mentions is read in its own
    // context (`Rose` the person, `Rose gold`); any other is replaced wherever it stands, as a name found in full is
    const brand = lex.isPublicOrg(w) && !vouched;
    out.push(loneAt(t, from, base, isGiven(w) ? 'given' : 'family', englishWord(w) || lex.isPlace(w) || brand, brand));
    return;
  }
  // `Harris, Steven`: the family name first, before a comma
  let comma = false;
  for (let i = from; i < to; i++) if (t.kind[i] !== WORD && t.text.charCodeAt(t.start[i]!) === 44) comma = true;
  const given = comma ? lows[lows.length - 1]! : lows[0]!;
  const family = comma ? lows[0]! : lows[lows.length - 1]!;
  const bareGiven = given.replace(/\./g, '');
  if (initials(comma ? ws[ws.length - 1]! : ws[0]!)) {
    if (initials(comma ? ws[0]! : ws[ws.length - 1]!)) return;
    out.push({
      what: 'person',
      surface: own(surface),
      given: own(bareGiven.slice(0, 1)),
      family: own(family),
      initialOnly: true,
    });
    return;
  }
  out.push({ what: 'person', surface: own(surface), given: own(given), family: own(family), initialOnly: false });
}

const decoder = new Decoder();
decoder.scale = (stored as StoredModel).step;
/** The tokens of the region at hand, reused (their text is cleared when the scan ends). */
const tokens = newTokens('');

/** The longest region whose decisions are remembered (a longer one is read each time it stands). */
const MAX_REMEMBERED = 4096;
/** No decision: most regions report nothing. */
const NONE: readonly Decision[] = [];
/**
 * The decisions of the regions read in this trace, by their text, apart for regions that open a line: a trace
 * repeats its texts (a system prompt, a file read twice, a message sent again with every turn), and a region
 * is the same text each time, read the same way. The third: the quiet lines' (decideQuiet).
 */
const remembered = [
  new RunMemo<readonly Decision[]>(65_536),
  new RunMemo<readonly Decision[]>(65_536),
  new RunMemo<readonly Decision[]>(16_384),
] as const;
/** The characters of the remembered regions' texts: at REMEMBERED_CHARS, every region is forgotten. */
let rememberedChars = 0;
const REMEMBERED_CHARS = 1 << 20;
runCache({
  get size() {
    return rememberedChars;
  },
  clear() {
    rememberedChars = 0;
  },
});
/** Remembers the decisions of a text read (at REMEMBERED_CHARS, every text is forgotten first). */
function remember(memo: RunMemo<readonly Decision[]>, text: string, decided: readonly Decision[]): void {
  if (rememberedChars + text.length > REMEMBERED_CHARS) {
    for (const m of remembered) m.clear();
    rememberedChars = 0;
  }
  rememberedChars += text.length;
  memo.set(text, decided);
}
/** The margins the remembered decisions were taken with (training/ner/tune.ts changes them between twins). */
let rememberedWith = '';

/** The end of the region being decided, and whether a decision read the text past it (decideSpan). */
let regionEnd = 0;
let readPast = false;

/** Reads region [from, to) of `text`: tokens, tags, and what of its spans is reported. */
function decideRegion(text: string, from: number, to: number, lineStart: boolean, w: Int16Array): readonly Decision[] {
  const t = tokens;
  t.text = text;
  t.count = 0;
  regionEnd = to;
  // a region cut inside a run of characters: its last word is read on past it (tokens.ts candidateAt)
  const next = text.charCodeAt(to);
  readPast = to < text.length && !(isSpace(next) || next === 0);
  tokenize(t, from, to);
  const d = decoder.decode(t, w, lineStart, 0);
  const facts = decoder.facts;
  let out: Decision[] | null = null;
  const spans = spansOf(t.count, d);
  /** The persons' spans sure enough to be reported. */
  let reported: Span[] = NO_SPANS as Span[];
  for (const s of spans) {
    const words = s.to - s.from;
    const c = text.charCodeAt(t.start[s.from]!);
    const least = c >= 97 && c <= 122 ? thresholds.lower : words === 1 ? thresholds.single : thresholds.multi;
    if (s.margin < least) continue;
    decideSpan(t, facts, s, (out ??= []), from, spans);
    if (s.kind === 'person' && !(c >= 97 && c <= 122)) (reported === NO_SPANS ? (reported = []) : reported).push(s);
  }
  for (const s of namedOthers(t, d.tags, d.margins)) decideSpan(t, facts, s, (out ??= []), from, spans);
  for (const s of nearPersons(t, d)) decideSpan(t, facts, s, (out ??= []), from, spans);
  for (const s of articleNames(t, spans)) decideSpan(t, facts, s, (out ??= []), from, spans);
  for (const s of middleInitialNames(t, spans)) decideSpan(t, facts, s, (out ??= []), from, spans);
  if (reported.length > 0) coordinatedItems(t, facts, spans, reported, (out ??= []), from);
  lowerNameLists(t, (out ??= []), from);
  for (let i = 1; i + 2 < t.count; i++) {
    if (!ownerAt(t, facts, i) || spans.some((s) => s.from <= i && i < s.to)) continue;
    (out ??= []).push(loneAt(t, i, from, 'family', false));
  }
  const speaker = lineStart ? speakerAt(t) : -1;
  if (speaker >= 0) {
    const w = word(t, speaker);
    // (unless a decision already reports the word, alone or opening a longer name)
    const said = (out ?? NONE).some((d) =>
      d.what === 'lone' ? d.at === t.start[speaker]! - from : d.what === 'person' && d.surface.startsWith(w),
    );
    const lower = w.toLowerCase();
    if (!said) (out ??= []).push(loneAt(t, speaker, from, 'given', englishWord(lower) || lex.isPlace(lower)));
  }
  if ((out === null || out.length === 0) && lineStart) {
    const alone = nameAlone(t, text, to);
    if (alone !== null && alone.to - alone.from > 1) decideSpan(t, facts, alone, (out ??= []), from);
    else if (alone !== null) {
      // one word: where it stands (a greeting's `Bob,` says nothing of `bob` elsewhere), everywhere when no word
      const lower = word(t, alone.from).toLowerCase();
      (out ??= []).push(loneAt(t, alone.from, from, isGiven(lower) ? 'given' : 'family', englishWord(lower)));
    }
  }
  return out === null || out.length === 0 ? NONE : out;
}

/**
 * The spans the model tagged as another kind of named thing that are written as a person's name: two words or
 * three, capitalised, the first a given name of the lists and the last a surname of the lists, or a word on no list
 * where the other kind was chosen over a person by less than thresholds.other at every word (`Manny Pacquiao`), none
 * an English word, a place, a nationality or a public name (`Saddam Hussein`, where `New York` and `Harry Potter
 * Street` are none); or one capitalised word that is a common given name or surname, none of those either, where
 * the other kind was chosen by less than thresholds.other (`shouted at Scott`, `Look at Kris new hair`, read as a
 * club's or a place's name is after `at`; `settlement in Moore, Bertuzzi case`).
 */
function namedOthers(t: Tokens, tags: Uint8Array, margins: Float32Array): Span[] {
  let out: Span[] | null = null;
  for (let i = 0; i < t.count; i++) {
    if (tags[i] !== B_OTH) continue;
    let j = i + 1;
    while (j < t.count && tags[j] === I_OTH) j++;
    const n = j - i;
    if (n === 1 && margins[i]! < thresholds.other) {
      const w = word(t, i);
      const low = w.toLowerCase();
      if (
        t.kind[i] === WORD &&
        /^\p{Lu}\p{Ll}+$/u.test(w) &&
        (lex.flagsOf(low) & (lex.FIRST | lex.SURNAME)) !== 0 &&
        !englishWord(low) &&
        !lex.isPlace(low) &&
        !lex.isDemonym(low) &&
        !lex.isPublicOrg(low) &&
        !neverName(low)
      )
        (out ??= []).push({ kind: 'person', from: i, to: j, margin: thresholds.single });
    }
    if (n >= 2 && n <= 3) {
      let ok = true;
      // (a person was nearly chosen: the surname may be a word on no list, `Manny Pacquiao`)
      let near = true;
      for (let k = i; k < j; k++) if (margins[k]! >= thresholds.other) near = false;
      for (let k = i; k < j && ok; k++) {
        const w = word(t, k);
        const low = w.toLowerCase();
        const f = lex.flagsOf(low);
        ok =
          t.kind[k] === WORD &&
          /^\p{Lu}\p{Ll}/u.test(w) &&
          !englishWord(low) &&
          !lex.isPlace(low) &&
          !lex.isDemonym(low) &&
          !lex.isPublicOrg(low) &&
          (k > i || (f & (lex.FIRST | lex.FIRST_RARE)) !== 0) &&
          (k < j - 1 || (f & (lex.SURNAME | lex.SURNAME_RARE)) !== 0 || (near && f === 0));
      }
      if (ok) (out ??= []).push({ kind: 'person', from: i, to: j, margin: thresholds.multi });
    }
    i = j - 1;
  }
  return out ?? (NO_SPANS as Span[]);
}

/**
 * One capitalised word on no list at all (no name, no English word, no place, nationality or public name) that the
 * model tagged O, or alone another kind of named thing, by less than thresholds.unlisted over a person, its best
 * name tag: a surname no list holds (`In 1973 , Sakharov was nominated`, `Sycara served as`, `Lieberthal has
 * consulted`). Not beside another capitalised word (a part of another name) nor after a determiner (`the Kremlin`).
 */
function nearPersons(t: Tokens, d: Decoded): Span[] {
  let out: Span[] | null = null;
  for (let i = 0; i < t.count; i++) {
    const tag = d.tags[i]!;
    const alone = tag === O || (tag === B_OTH && (i + 1 === t.count || d.tags[i + 1] !== I_OTH));
    if (!alone || d.near[i] !== B_PER || d.margins[i]! >= thresholds.unlisted || t.kind[i] !== WORD) continue;
    const w = word(t, i);
    if (!/^\p{Lu}\p{Ll}+$/u.test(w) || capitalisedAt(t, i - 1) || capitalisedAt(t, i + 1) || afterDeterminer(t, i))
      continue;
    if (onNoList(w.toLowerCase())) (out ??= []).push({ kind: 'person', from: i, to: i + 1, margin: thresholds.single });
  }
  return out ?? (NO_SPANS as Span[]);
}

/**
 * Full names whose family name carries the Arabic article (`Muqtada al-Sadr`, `Loujain al-Hathloul`), in no span of
 * the model's as a person: a capitalised given name of the lists or a word on no list, no English word, place,
 * nationality or public name, and the article's family name right after it.
 */
function articleNames(t: Tokens, spans: readonly Span[]): Span[] {
  let out: Span[] | null = null;
  for (let i = 0; i + 1 < t.count; i++) {
    if (t.kind[i] !== WORD || t.kind[i + 1] !== WORD || !ARTICLE_NAME.test(word(t, i + 1))) continue;
    if (spans.some((s) => s.kind === 'person' && s.from <= i + 1 && i < s.to)) continue;
    const w = word(t, i);
    const low = w.toLowerCase();
    const f = lex.flagsOf(low);
    if (!/^\p{Lu}\p{Ll}+$/u.test(w) || englishWord(low) || lex.isPlace(low) || lex.isDemonym(low)) continue;
    if (lex.isPublicOrg(low) || neverName(low) || (f !== 0 && (f & (lex.FIRST | lex.FIRST_RARE)) === 0)) continue;
    (out ??= []).push({ kind: 'person', from: i, to: i + 2, margin: thresholds.multi });
  }
  return out ?? (NO_SPANS as Span[]);
}

/**
 * Names written with a middle initial (`Ravil G Yefimov`, `hyuuma t. maida`), in no span of the model's as a
 * person: a word, one letter (a dot after it or not), a word, both words of letters alone, written alike
 * (capitalised, or in lower case), no English word, place, nationality or public name; in lower case, where capitals
 * say nothing, one of them a name of the lists.
 */
function middleInitialNames(t: Tokens, spans: readonly Span[]): Span[] {
  let out: Span[] | null = null;
  for (let i = 0; i + 2 < t.count; i++) {
    if (t.kind[i] !== WORD || t.kind[i + 1] !== WORD || t.kind[i + 2] !== WORD) continue;
    const initial = word(t, i + 1);
    if (!/^\p{L}\.?$/u.test(initial)) continue;
    // (a span of the model's that holds both words reads the name itself)
    if (spans.some((s) => s.kind === 'person' && s.from <= i && i + 2 < s.to)) continue;
    const a = word(t, i);
    const b = word(t, i + 2);
    const upper = /^\p{Lu}\p{Ll}+$/u;
    const lower = /^\p{Ll}{2,}$/u;
    const capitalised = upper.test(a) && upper.test(b) && /^\p{Lu}/u.test(initial);
    // in lower case, a vowel without a dot is more often a word of its own (`a`, `i`, `y`, `o` of many languages)
    if (!capitalised && !(lower.test(a) && lower.test(b) && /^(?:\p{Ll}\.|[b-df-hj-np-tv-xz])$/u.test(initial)))
      continue;
    const ok = (w: string): boolean => {
      const low = w.toLowerCase();
      return !englishWord(low) && !lex.isPlace(low) && !lex.isDemonym(low) && !lex.isPublicOrg(low) && !neverName(low);
    };
    if (!ok(a) || !ok(b)) continue;
    if (!capitalised && ((lex.flagsOf(a) | lex.flagsOf(b)) & NAMES) === 0) continue;
    (out ??= []).push({ kind: 'person', from: i, to: i + 3, margin: thresholds.multi });
    i += 2;
  }
  return out ?? (NO_SPANS as Span[]);
}

/** Letters written after a name (`Barry Lyndon, Esq.`): no item of a list of names. */
const POST_NOMINALS = new Set(['esq', 'jr', 'jnr', 'snr', 'phd', 'md', 'mba', 'cpa', 'qc', 'kc', 'obe', 'mbe', 'cbe']);

/** Whether token `i` joins the items of a list: a comma, `and`, `or`, `&`. */
function joiner(t: Tokens, i: number): boolean {
  if (i < 0 || i >= t.count) return false;
  const g = word(t, i).toLowerCase();
  return g === ',' || g === 'and' || g === 'or' || g === '&';
}

/**
 * The items of a list that a person the model reports opens, closes or stands in, a comma, `and`, `or` or `&` apart
 * (`Rumsfeld, Wolfowitz and Feith`, `Hummels, Cuadrado and Vidal`, where the model tagged one): an item of one to
 * three capitalised words, each a name's neighbour (nameNeighbour: a name of the lists that is no English word, no
 * place and no public name, or a word on no list) and none in another of the model's spans, is a person too, and
 * the list goes on from it. `anchors`: the persons' spans reported (capitalised).
 */
function coordinatedItems(
  t: Tokens,
  facts: TokenFacts,
  spans: readonly Span[],
  anchors: Span[],
  out: Decision[],
  base: number,
): void {
  const taken = new Uint8Array(t.count);
  for (const s of spans) for (let i = s.from; i < s.to; i++) taken[i] = 1;
  const least = thresholds.single;
  const item = (a: number, b: number): boolean => {
    if (b - a < 1 || b - a > 3) return false;
    // (every word of [a, b) is a name's neighbour: the loops that bound an item stop at the first that is none)
    for (let i = a; i < b; i++) {
      if (taken[i]) return false;
      const low = word(t, i).toLowerCase();
      if (isTitle(low) || POST_NOMINALS.has(low)) return false;
    }
    return true;
  };
  for (let k = 0; k < anchors.length; k++) {
    const s = anchors[k]!;
    // after: a joiner (`, and` as one), then the item's words up to the next token that is no such word
    let j = s.to;
    if (joiner(t, j)) {
      j++;
      if (word(t, j - 1) === ',' && joiner(t, j) && t.kind[j] === WORD) j++;
      let e = j;
      while (e < t.count && e - j < 4 && t.kind[e] === WORD && !joiner(t, e) && nameNeighbour(t, e, false)) e++;
      if (item(j, e) && (e >= t.count || t.kind[e] !== WORD)) {
        const sp: Span = { kind: 'person', from: j, to: e, margin: least };
        for (let i = j; i < e; i++) taken[i] = 1;
        anchors.push(sp);
        decideSpan(t, facts, sp, out, base);
      }
    }
    j = s.from - 1;
    if (joiner(t, j)) {
      const comma = t.kind[j] === PUNCT;
      if (t.kind[j] === WORD && joiner(t, j - 1)) j--;
      let a = j;
      while (a > 0 && j - a < 4 && t.kind[a - 1] === WORD && !joiner(t, a - 1) && nameNeighbour(t, a - 1, false)) a--;
      // a word opening its sentence a comma alone sets before a name is a greeting or a call (`Hulloa, Emma!`),
      // unless the list goes on after the name
      const greeting = comma && facts.opens[a] === 1 && !joiner(t, s.to);
      if (item(a, j) && !greeting && (a === 0 || t.kind[a - 1] !== WORD)) {
        const sp: Span = { kind: 'person', from: a, to: j, margin: least };
        for (let i = a; i < j; i++) taken[i] = 1;
        anchors.push(sp);
        decideSpan(t, facts, sp, out, base);
      }
    }
  }
}

/**
 * Lists of given names in lower case (`they had 6: silvana, adam, christopher, kristina, chad and caleb`): a list of
 * three words or more, one word an item, a comma, `and` or `or` between, most of them common given names of the
 * lists that are no English word of the common bands; its items that are such names are persons, each where it
 * stands. The model, which reads a lower-case word alone with little to go on, tags some of them.
 */
function lowerNameLists(t: Tokens, out: Decision[], base: number): void {
  const nameAt = (k: number): boolean => {
    const w = word(t, k);
    const f = lex.flagsOf(w);
    return (
      (f & lex.FIRST) !== 0 &&
      (f & (lex.WORD | lex.WORD_TOP)) === 0 &&
      !lex.isPlace(w) &&
      !lex.isPublicOrg(w) &&
      !neverName(w)
    );
  };
  const item = (k: number): boolean => k < t.count && t.kind[k] === WORD && /^\p{Ll}{2,}$/u.test(word(t, k));
  for (let i = 0; i < t.count; i++) {
    if (!item(i) || (i > 0 && t.kind[i - 1] === WORD)) continue;
    // the items: a word, then (`,` | `and` | `or` | `, and`) a word, again and again
    const items = [i];
    let k = i + 1;
    for (;;) {
      let j = k;
      if (j < t.count && word(t, j) === ',') j++;
      if (j < t.count && t.kind[j] === WORD && (word(t, j) === 'and' || word(t, j) === 'or')) j++;
      if (j === k || !item(j)) break;
      items.push(j);
      k = j + 1;
    }
    i = k - 1;
    // (the list ends where its last item does: `chad and caleb.`, not `caleb went`)
    if (items.length < 3 || (k < t.count && t.kind[k] === WORD)) continue;
    const names = items.filter(nameAt);
    if (2 * names.length <= items.length) continue;
    for (const n of names) out.push(loneAt(t, n, base, 'given', true));
  }
}

/**
 * The speaker of a line of a transcript (`Mary: Are you coming?`, `[10:32] John: yes`): the token index of a
 * capitalised word that opens its line (after a time or other marks, no word), a colon and a space after it and
 * more after them, that the lists hold as a common given name and as no English word of the common bands (`John` is a
 * rare one; `Will:`, `Hunter:` and `Note:` are no speakers here), no place's word alone excepted (`Mary`, `Florence`
 * are given names and towns). -1 where there is none.
 */
function speakerAt(t: Tokens): number {
  let i = 0;
  while (i < t.count && t.kind[i] !== WORD && t.kind[i] !== LINK) i++;
  if (i + 2 >= t.count || t.kind[i] !== WORD || t.kind[i + 1] !== PUNCT) return -1;
  const colon = t.start[i + 1]!;
  if (t.text.charCodeAt(colon) !== 58 || t.end[i]! !== colon || t.text.charCodeAt(colon + 1) !== 32) return -1;
  const w = word(t, i);
  if (!/^\p{Lu}\p{Ll}+$/u.test(w)) return -1;
  const lower = w.toLowerCase();
  const f = lex.flagsOf(lower);
  if ((f & lex.FIRST) === 0 || (f & (lex.WORD | lex.WORD_TOP)) !== 0) return -1;
  if (neverName(lower) || lex.isPublicOrg(lower) || lex.isDemonym(lower)) return -1;
  return i;
}

/**
 * A line that is a name and nothing else, as a greeting or a sign-off writes it (`Heather ,`, `- Runa`,
 * `Sungjoo Lee`): one to three words, each capitalised (or in capitals) and a name of the lists that is no English
 * word (before a comma, a given name may be one: `Bob,`; beside a given name, a word on no list is a surname), with
 * a given name among them, and no other token than a dash before and a comma or full stop after. The span a
 * person's name would be, or null.
 */
function nameAlone(t: Tokens, text: string, to: number): Span | null {
  const c = text.charCodeAt(to);
  if (to < text.length && c !== 10 && c !== 13 && c !== 0) return null;
  let a = 0;
  let b = t.count;
  while (a < b && t.kind[a] === PUNCT && DASHES.has(t.text.charCodeAt(t.start[a]!))) a++;
  let comma = false;
  while (b > a && t.kind[b - 1] === PUNCT) {
    const p = t.text.charCodeAt(t.start[b - 1]!);
    if (p === 44) comma = true;
    else if (p !== 46 && p !== 33) return null;
    b--;
  }
  if (b - a < 1 || b - a > 3) return null;
  let given = false;
  for (let i = a; i < b; i++) {
    if (t.kind[i] !== WORD) return null;
    const w = word(t, i);
    if (!/^\p{Lu}/u.test(w)) return null;
    const lower = w.toLowerCase();
    if (initials(w)) continue;
    const f = lex.flagsOf(lower);
    // a word on no list at all is a surname only beside a given name (`Sungjoo Lee`, not `Kubernetes`)
    if ((f & (lex.FIRST | lex.FIRST_RARE | lex.SURNAME | lex.SURNAME_RARE)) === 0 && (f !== 0 || b - a === 1))
      return null;
    if (englishWord(lower) && !((comma || readAsName(w)) && (f & (lex.FIRST | lex.FIRST_RARE)) !== 0)) return null;
    if (lex.isPlace(lower) || lex.isPublicOrg(lower) || neverName(lower)) return null;
    if ((f & (lex.FIRST | lex.FIRST_RARE)) !== 0) given = true;
  }
  return given ? { kind: 'person', from: a, to: b, margin: thresholds.word } : null;
}

/** The tokens of a quiet line, read as a writer who capitalises names would have written it (decideQuiet). */
const quietTokens = newTokens('');
/** The longest line read as a quiet one. */
const MAX_QUIET = 1000;
/** What stands right before or after a path's, a file's, a handle's or an identifier's part (quietCandidates). */
const NOT_BESIDE = new Set([64, 35, 47, 92, 46, 95, 45, 58, 61, 36, 37, 38, 43, 126, 60, 62, 96]);

/** What ends a sentence: `.`, `!`, `?`, `…`. */
const SENTENCE_END = new Set([46, 33, 63, 0x2026]);

/** A word in lower-case letters of the Latin script (`žilková`), not of another script (`русский`). */
const LATIN_LOWER = /^[a-z\u00df-\u00f6\u00f8-\u00ff\u0100-\u024f\u1e00-\u1eff]+$/u;

/** misspelt's answers by word, for the run (a trace writes its words again and again). */
const misspeltMemo = new RunMemo<boolean>(16_384);

/**
 * Whether a word of five letters or more, on no list, is a common English word misspelt: one letter left out, added,
 * changed, or two swapped (`weard`, `appologies`, `horroble`, `natrually`), as informal text writes them.
 */
function misspelt(w: string): boolean {
  if (w.length < 5 || (lex.flagsOf(w) & NAMES) !== 0) return false;
  let v = misspeltMemo.get(w);
  if (v === undefined) v = misspeltMemo.set(w, lex.oneEditFromCommonWord(w));
  return v;
}

/**
 * The words of line [from, to) of `text` in lower case that could be names, as token indices of `t` (tokenised
 * here), when the line is written without capitals (`follow up with monika žilková`, `max and jen are looking for
 * you`): no capitalised word but `I`, short words in capitals (`RT`, `LOL`), the first word of a sentence (as a
 * phone's keyboard capitalises it: `Wait simon wears glasses`; `opened`) and the words of handles and tags
 * (`@Courtside8`, `#GuettaCollege`, none of the line's words), three words or more, most of them English words and
 * one of the commonest; a word that could be a name is in lower-case letters only, three or more,
 * no English word, no particle, not misspelt, no part of a path, a host, an identifier or a handle, and not one in
 * three words or more of the line. Null when the line is not such a line or holds none.
 */
function quietCandidates(t: Tokens, text: string, from: number, to: number): QuietWords | null {
  tokenize(t, from, to);
  let opened = false;
  let words = 0;
  let english = 0;
  let top = 0;
  let maybe: number[] | null = null;
  // whether the next word opens a sentence (the line's first, or after `.`, `!`, `?`)
  let opens = true;
  for (let i = 0; i < t.count; i++) {
    if (t.kind[i] !== WORD) {
      if (t.kind[i] === PUNCT && SENTENCE_END.has(text.charCodeAt(t.start[i]!))) opens = true;
      continue;
    }
    const w = word(t, i);
    const lower = w.toLowerCase();
    const first = opens;
    opens = false;
    // a handle's or a tag's word (`@Courtside`, `#GuettaCollege`) is none of the line's words
    const s0 = t.start[i]!;
    if (s0 > from && (text.charCodeAt(s0 - 1) === 64 || text.charCodeAt(s0 - 1) === 35)) continue;
    if (lower !== w) {
      if (w === 'I' || (w.length <= 4 && w === w.toUpperCase())) continue;
      if (/^I['’]/u.test(w)) continue;
      // a sentence's first word capitalised, as a keyboard writes it, says nothing of how the writer writes names
      if (!first || lower.slice(1) !== w.slice(1)) return null;
      opened = true;
      words++;
      if (englishWord(lower)) english++;
      if ((lex.flagsOf(lower) & lex.WORD_TOP) !== 0) top++;
      continue;
    }
    words++;
    const f = lex.flagsOf(lower);
    if ((f & lex.WORD_TOP) !== 0) top++;
    if (englishWord(lower)) {
      english++;
      continue;
    }
    // (letters of the Latin script: a word of another script written in lower case is a word of its language)
    if (w.length < 3 || !LATIN_LOWER.test(w) || PARTICLES.has(w)) continue;
    const s = t.start[i]!;
    const e = t.end[i]!;
    if (s > from && NOT_BESIDE.has(text.charCodeAt(s - 1))) continue;
    if (e < to && NOT_BESIDE.has(text.charCodeAt(e)) && e + 1 < to && !isSpace(text.charCodeAt(e + 1))) continue;
    (maybe ??= []).push(i);
  }
  if (maybe === null || words < 3 || top === 0 || english * 2 < words) return null;
  // the dearer tests, on the words of such a line only
  const out: number[] = [];
  for (const i of maybe) {
    const w = word(t, i);
    // a word whose vector stands among words that are no names (`kafka`, `nginx`) is written as no name; a word
    // with no vector may be a common word misspelt, or two run together (`attributeerror`, `nonetype`)
    const cluster = clusterOf(w);
    if (cluster !== 0 ? nameShareOf(cluster) < thresholds.quietShare : misspelt(w) || lex.twoCommonWords(w)) continue;
    out.push(i);
  }
  if (out.length === 0 || out.length * 3 > words) return null;
  return { at: out, opened };
}

/** A quiet line's words that could be names (token indices), and whether a capitalised word opens a sentence there. */
interface QuietWords {
  readonly at: number[];
  readonly opened: boolean;
}

/**
 * Reads line [from, to) of `text` when it is written without capitals (quietCandidates): the model reads a copy
 * with the words that could be names capitalised, and the persons it finds there whose every word is one of those
 * (or a particle) by thresholds.quiet are decided as found in the line as written.
 */
function decideQuiet(text: string, from: number, to: number, w: Int16Array): readonly Decision[] {
  const t = quietTokens;
  t.text = text;
  t.count = 0;
  const quiet = quietCandidates(t, text, from, to);
  if (quiet === null) return NONE;
  const line = text.slice(from, to);
  let copy = '';
  let last = 0;
  // (by where they start in the line: the copy is tokenised anew)
  const candidate = new Set<number>();
  for (const i of quiet.at) {
    const s = t.start[i]! - from;
    const up = line[s]!.toUpperCase();
    if (up.length !== 1) continue;
    copy += line.slice(last, s) + up;
    last = s + 1;
    candidate.add(s);
  }
  copy += line.slice(last);
  t.text = copy;
  t.count = 0;
  tokenize(t, 0, copy.length);
  const d = decoder.decode(t, w, true, 0);
  const facts = decoder.facts;
  const spans = spansOf(t.count, d);
  // the decisions read the line as written: the copy's tokens stand where the line's do
  t.text = line;
  regionEnd = line.length;
  readPast = false;
  let out: Decision[] | null = null;
  for (const s of spans) {
    if (s.kind !== 'person' || s.margin < (quiet.opened ? thresholds.quietOpen : thresholds.quiet)) continue;
    let ok = true;
    for (let i = s.from; i < s.to && ok; i++) {
      if (t.kind[i] === WORD) ok = candidate.has(t.start[i]!) || PARTICLES.has(word(t, i));
    }
    if (ok) decideSpan(t, facts, s, (out ??= []), 0, spans);
  }
  t.text = '';
  return out === null || out.length === 0 ? NONE : out;
}

/**
 * Whether line [from, to) may be a quiet line (quietCandidates): three words or more (two spaces), no capitalised
 * word but one that opens a sentence, or in a handle or a tag (ASCII: quietCandidates reads the others). Most lines
 * are told at once, without a copy of their text.
 */
function quietShape(text: string, from: number, to: number): boolean {
  let spaces = 0;
  let opens = true;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) spaces++;
    else if (c === 46 || c === 33 || c === 63) opens = true;
    else if (c === 64 || c === 35) {
      // a handle or a tag: no word of the line
      while (i + 1 < to && text.charCodeAt(i + 1) !== 32) i++;
    } else if (c >= 65 && c <= 90) {
      const d = text.charCodeAt(i + 1);
      if (d >= 97 && d <= 122 && !opens) return false;
      opens = false;
    } else if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) opens = false;
  }
  return spaces >= 2;
}

/** Calls `visit(from, to)` for each line of `text` (cut at line breaks and segment separators). */
function forEachLine(text: string, visit: (from: number, to: number) => void): void {
  let s = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c !== 10 && c !== 13 && c !== 0) continue;
    if (i - s >= 8 && i - s <= MAX_QUIET) visit(s, i);
    s = i + 1;
  }
}

/** Dashes that open a sign-off (`- Mike`, `-- Ann`, `— Ann`). */
const DASHES = new Set([45, 0x2013, 0x2014]);

/** Reports what the model finds in a chunk's text; object keys are schema, not text, and are not read. */
export function scanLearned(chunk: Chunk, sink: FindingSink, st: PeopleState): void {
  const w = model();
  const text = chunk.corpus;
  const segs = chunk.segments;
  chunkText = text;
  chunkBrands.clear();
  const margins = Object.values(thresholds).join(' ');
  if (margins !== rememberedWith) {
    for (const m of remembered) m.clear();
    rememberedChars = 0;
    rememberedWith = margins;
  }
  let k = 0;
  forEachRegion(text, (from, to) => {
    // regions stop at the separators between segments: the region's segment is the last to start at or before it
    while (k + 1 < segs.length && segs[k + 1]!.start <= from) k++;
    if (segs.length > 0 && segs[k]!.isKey) return;
    const lineStart = from === 0 || text.charCodeAt(from - 1) === 10;
    let decided: readonly Decision[] | undefined;
    if (to - from <= MAX_REMEMBERED) {
      const memo = remembered[lineStart ? 1 : 0];
      const region = text.slice(from, to);
      decided = memo.get(region);
      if (decided === undefined) {
        decided = decideRegion(text, from, to, lineStart, w);
        // a decision that read past the region's end is not the region's alone: it is not remembered
        if (!readPast) remember(memo, region, decided);
      }
    } else decided = decideRegion(text, from, to, lineStart, w);
    for (const d of decided) apply(d, from, sink, st);
  });
  k = 0;
  forEachLine(text, (from, to) => {
    while (k + 1 < segs.length && segs[k + 1]!.start <= from) k++;
    if (segs.length > 0 && segs[k]!.isKey) return;
    if (!quietShape(text, from, to)) return;
    const line = text.slice(from, to);
    let decided = remembered[2].get(line);
    if (decided === undefined) remember(remembered[2], line, (decided = decideQuiet(text, from, to, w)));
    for (const d of decided) apply(d, from, sink, st);
  });
  // no chunk is kept alive by the reused tokens
  tokens.text = '';
  quietTokens.text = '';
  chunkText = '';
}
