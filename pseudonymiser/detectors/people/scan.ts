/**
 * The text scan for people and organisations: one pass over a chunk's
 * corpus reading runs of capitalised words (`Jane Doe`, `Dr. J. de la Cruz`,
 * `DOE, JANE`, `Acme Corp.`, `Blue Harbor Pty Ltd`), scored with the
 * lexicons and the context before and after the run (greetings, sign-offs,
 * `From:` / `Author:` headers, `said`, `works at`). Names before an e-mail in
 * angle brackets (`Jane Doe <jane@acme.io>`, `Co-authored-by:` lines) are
 * names whatever their letter case.
 */
import type { Chunk, FindingSink } from '../../types';
import { before, isSpace, letterTable, sentenceStart, upperTable, wordEnd } from './text';
import {
  familyScore,
  functionWord,
  givenScore,
  isGiven,
  isPlainWord,
  neverName,
  ordinaryWord,
  runTogetherName,
  unlistedGiven,
} from './score';
import { isPlace, isPublicOrg, flagsOf, WORD_TOP, WORD, FIRST, FIRST_RARE, SURNAME, SURNAME_RARE } from './lexicon';
import { LEGAL_SUFFIXES, PARTICLES, TITLES } from '../../standins/people';
import { orgCanonicalOf, reportLone, reportOrg, reportPerson } from './report';
import type { PeopleState } from './state';
import { own } from '../../strings';
import { CJK_CHAR, isCjkCode } from '../../standins/cjk';

interface Tok {
  readonly start: number;
  /** End of the word (an initial's dot or a title's dot excluded). */
  readonly end: number;
  readonly lower: string;
  readonly kind: 'word' | 'initial' | 'particle' | 'title' | 'amp';
  /** End including a trailing dot. */
  readonly after: number;
}

/** Words after which a capitalised run is an organisation. */
const ORG_BEFORE =
  /(?:\b(?:works?|working|worked|employed|interning|intern|job|position|role|engineer|manager|consultant|contractor|ceo|cto|cfo|coo|founder|co-founder|director|president|vp|developer|analyst|designer) (?:at|for)|\bon behalf of|\bemployed by|\bjoined|\bjoining|\bcustomer of|\bclient of|\bsubsidiary of|\bacquired by|\bacquisition of)\s+$/i;

/** A capitalised word and `from` right before a run (`Rahul from …`, `Maria Lopez from …`). */
const NAME_FROM = /(?:^|[^\p{L}])\p{Lu}\p{Ll}+ from\s+$/u;

/** Last words of company names that have no legal suffix (`Zentrix Labs`, `Halvard Biotech`, `Quillon Health`). */
const ORG_HEADS = new Set(
  `labs lab systems solutions technologies tech software group partners health healthcare capital analytics logistics
  consulting media studios networks ventures holdings industries insurance energy pharma pharmaceuticals biotech
  therapeutics robotics dynamics airlines`.split(/\s+/),
);

/** Words before a lone name that say it is a person. */
const PERSON_BEFORE =
  /(?:(?:^|[^\p{L}])(?:hi|hello|hey|dear|thanks|thank you|thx|ty|cheers|bye|morning|welcome|congrats|congratulations|sorry|cc|attn|ask|asked|tell|told|ping|pinged|contact|contacted|call|called|emailed|meet|met|per|assigned to|assign to|reviewed by|approved by|reported by|requested by|created by|written by|authored by|signed|from|by|with|to|this is|my name is|name's|i'm|i am)[,:!]?\s+|(?:^|[^\p{L}])(?:full |first |last |account |contact )?name\s*:\s*|(?:^|\n)\s*(?:from|to|cc|bcc|author|committer|co-authored-by|signed-off-by|reviewed-by|reported-by|acked-by|tested-by|suggested-by|assignee|reporter|owner|contact|customer|patient|speaker|attendee|organizer|sender|recipient)\s*:\s*|(?:best|regards|thanks|thank you|cheers|sincerely|warmly|yours|best wishes|talk soon|--|—)\s*[,!.]?\s*\n\s*)$/iu;

/** A role noun before a name (`the user Jiho`): a person, unless the word is an ordinary word (`the user Will …`). */
const ROLE_BEFORE = /(?:^|[^\p{L}])(?:user|customer|client|caller|colleague|teammate|member|passenger|patient)\s+$/iu;
/** Last letters of the ROLE_BEFORE nouns: the pattern runs only after a word ending in one of them. */
const ROLE_LAST = new Set([
  'user',
  'customer',
  'client',
  'caller',
  'colleague',
  'teammate',
  'member',
  'passenger',
  'patient',
]);

/** Words after a lone name that say it is a person. */
const PERSON_AFTER =
  /^(?:\s+(?:said|says|wrote|writes|asked|asks|replied|replies|mentioned|commented|suggested|noted|thinks|agreed|confirmed|approved|reported|joined|left)\b|\s+from\s+[A-Z]|\s*<[^<>\s]+@|\s\((?:agent|customer|user|support|staff|rep|host|guest|admin|moderator|owner|me|you)\):)/;

/** A header line whose value is a name: `From: `, `Author: `, `Co-authored-by: `. */
const HEADER_BEFORE =
  /(?:^|\n)\s*(?:from|to|cc|bcc|reply-to|author|committer|co-authored-by|signed-off-by|reviewed-by|reported-by|acked-by|tested-by|suggested-by)\s*:\s*"?$/i;

/** Last words of the ORG_BEFORE phrases: the pattern runs only after one of them. */
const ORG_BEFORE_LAST = new Set(['at', 'for', 'of', 'by', 'joined', 'joining']);
/** Last words of the first PERSON_BEFORE alternative (`thank you`, `assigned to`, `reviewed by`, …). */
const PERSON_BEFORE_LAST = new Set(
  `hi hello hey dear thanks you thx ty cheers bye morning welcome congrats congratulations sorry cc attn ask asked
  tell told ping pinged contact contacted call called emailed meet met per to by signed from with is s m am name`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Last ASCII-letter parts of the header names in PERSON_BEFORE and HEADER_BEFORE (`co-authored-by` → `by`). */
const HEADER_LAST = new Set(
  `from to cc bcc author committer by assignee reporter owner contact customer patient speaker attendee organizer
  sender recipient`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * The ASCII word ending at `end` (exclusive) in `s`, lower case, reading no
 * further back than `floor`; '' when a non-ASCII letter is part of it (the
 * caller then runs the full pattern).
 */
function asciiWordBefore(s: string, end: number, floor: number): string | null {
  let k = end;
  while (k > floor && isAsciiLetter(s.charCodeAt(k - 1))) k--;
  if (k > floor && s.charCodeAt(k - 1) >= 0xc0) return null;
  return s.slice(k, end).toLowerCase();
}

/**
 * Cheap necessary condition for ORG_BEFORE on the 48 characters before
 * `pos`: white space, preceded by one of the phrases' last words.
 */
function orgBeforeMaybe(text: string, pos: number): boolean {
  const floor = Math.max(0, pos - 48);
  let j = pos;
  while (j > floor && isSpace(text.charCodeAt(j - 1))) j--;
  if (j === pos) return false;
  // the phrases end in `at`, `for`, `of`, `by`, `joined` or `joining`: a word of another length is none of them
  let k = j;
  while (k > floor && isAsciiLetter(text.charCodeAt(k - 1))) k--;
  // a letter past ASCII before it: the caller runs the full pattern
  if (k > floor && text.charCodeAt(k - 1) >= 0xc0) return true;
  const len = j - k;
  if (len !== 2 && len !== 3 && len !== 6 && len !== 7) return false;
  // ORG_BEFORE_LAST, compared in place (the word is ASCII letters)
  for (const w of ORG_BEFORE_LAST) {
    if (w.length !== len) continue;
    let m = 0;
    while (m < len && (text.charCodeAt(k + m) | 32) === w.charCodeAt(m)) m++;
    if (m === len) return true;
  }
  return false;
}

/** Cheap necessary condition for PERSON_BEFORE on the context string. */
function personBeforeMaybe(ctx: string): boolean {
  let j = ctx.length;
  let newline = false;
  while (j > 0 && isSpace(ctx.charCodeAt(j - 1))) {
    if (ctx.charCodeAt(j - 1) === 10) newline = true;
    j--;
  }
  if (newline) return true; // a sign-off line above
  if (j === ctx.length) return false;
  const c = ctx.charCodeAt(j - 1);
  if (c === 58) {
    // `cc: `, `Author : `
    j--;
    while (j > 0 && isSpace(ctx.charCodeAt(j - 1))) j--;
    const w = asciiWordBefore(ctx, j, 0);
    return w === null || PERSON_BEFORE_LAST.has(w) || HEADER_LAST.has(w);
  }
  if (c === 44 || c === 33) j--;
  const w = asciiWordBefore(ctx, j, 0);
  return w === null || PERSON_BEFORE_LAST.has(w);
}

/** First letters of the words in PERSON_AFTER (`said`, `wrote`, `asked`, `replied`, `mentioned`, `commented`, `noted`, `thinks`, `joined`, `left`, `from`). */
const AFTER_VERB_FIRST = new Set([...'swarmcntjlf'].map((ch) => ch.charCodeAt(0)));

/**
 * Cheap necessary condition for PERSON_AFTER at `pos`: white space and a verb's first letter or `(`, or `<` after
 * optional space and an `@` after it, before any `<`, `>` or white space (`Promise<Response>` has none), within the
 * 24 characters the pattern reads.
 */
function personAfterMaybe(text: string, pos: number): boolean {
  let j = pos;
  while (j < text.length && j - pos < 24 && isSpace(text.charCodeAt(j))) j++;
  const c = text.charCodeAt(j);
  if (c === 60) {
    const lim = Math.min(text.length, pos + 24);
    for (let k = j + 1; k < lim; k++) {
      const d = text.charCodeAt(k);
      if (d === 64 && k > j + 1) return true;
      if (d === 60 || d === 62 || isSpace(d)) return false;
    }
    return false;
  }
  return j > pos && (AFTER_VERB_FIRST.has(c) || c === 40);
}

/** Cheap necessary condition for HEADER_BEFORE on the context string: `…:`, white space, an optional quote. */
function headerBeforeMaybe(ctx: string): boolean {
  let j = ctx.length;
  if (j > 0 && ctx.charCodeAt(j - 1) === 34) j--;
  while (j > 0 && isSpace(ctx.charCodeAt(j - 1))) j--;
  if (j === 0 || ctx.charCodeAt(j - 1) !== 58) return false;
  j--;
  while (j > 0 && isSpace(ctx.charCodeAt(j - 1))) j--;
  const w = asciiWordBefore(ctx, j, 0);
  return w === null || HEADER_LAST.has(w);
}

/** A dash (`—`, `–`, `--`) after white space or a line's start, before `start`; the line's end at `end`. */
function signsMessage(text: string, start: number, end: number): boolean {
  let j = start;
  while (j > 0 && (text.charCodeAt(j - 1) === 32 || text.charCodeAt(j - 1) === 9)) j--;
  if (j === start || j === 0) return false;
  const d = text.charCodeAt(j - 1);
  let k: number;
  if (d === 0x2014 || d === 0x2013) k = j - 1;
  else if (d === 45 && j >= 2 && text.charCodeAt(j - 2) === 45) k = j - 2;
  else return false;
  const b = k > 0 ? text.charCodeAt(k - 1) : 10;
  if (b !== 32 && b !== 9 && b !== 10 && b !== 13) return false;
  let e = end;
  if (text.charCodeAt(e) === 46) e++;
  if (e >= text.length) return true;
  const c = text.charCodeAt(e);
  return c === 10 || c === 13 || c === 34 || (c === 92 && text.charCodeAt(e + 1) === 110);
}

/**
 * The context of one run, read only when a decision needs it: most runs are
 * settled by the lexicons before any context pattern runs.
 */
class Around {
  private ctx: string | null = null;
  private header = -1;
  private personBefore = -1;
  private after = -1;
  private role = -1;
  private sign = -1;

  constructor(
    private readonly text: string,
    private readonly start: number,
    private readonly runEnd: number,
    private readonly strong: boolean,
    private readonly title: boolean,
  ) {}

  before(): string {
    return (this.ctx ??= before(this.text, this.start, 48));
  }

  /** A `From:` / `Author:` style header before the run. */
  headerCtx(): boolean {
    if (this.header < 0) {
      const ctx = this.before();
      this.header = this.strong || (headerBeforeMaybe(ctx) && HEADER_BEFORE.test(ctx)) ? 1 : 0;
    }
    return this.header === 1;
  }

  personBeforeCtx(): boolean {
    if (this.personBefore < 0) {
      const ctx = this.before();
      this.personBefore = personBeforeMaybe(ctx) && PERSON_BEFORE.test(ctx) ? 1 : 0;
    }
    return this.personBefore === 1;
  }

  afterCtx(): boolean {
    if (this.after < 0)
      this.after =
        personAfterMaybe(this.text, this.runEnd) && PERSON_AFTER.test(this.text.slice(this.runEnd, this.runEnd + 24))
          ? 1
          : 0;
    return this.after === 1;
  }

  /** Anything around the run that says person. */
  personCtx(): boolean {
    return (
      this.headerCtx() || this.title || this.afterCtx() || this.personBeforeCtx() || this.roleCtx() || this.signCtx()
    );
  }

  /**
   * The run signs a message: a dash before it (`— Xinyi`, `-- Jane Doe`, `– Sam`) and the end of its line after
   * it (the text's end, a line break, an escaped one in JSON, a closing quote).
   */
  signCtx(): boolean {
    if (this.sign < 0) this.sign = signsMessage(this.text, this.start, this.runEnd) ? 1 : 0;
    return this.sign === 1;
  }

  /** A role noun just before the run (`the user`, `customer`). */
  roleCtx(): boolean {
    if (this.role < 0) {
      const ctx = this.before();
      let j = ctx.length;
      while (j > 0 && isSpace(ctx.charCodeAt(j - 1))) j--;
      const w = j < ctx.length ? asciiWordBefore(ctx, j, 0) : null;
      this.role = w !== null && ROLE_LAST.has(w) && ROLE_BEFORE.test(ctx) ? 1 : 0;
    }
    return this.role === 1;
  }
}

function isTitleWord(lower: string): boolean {
  return TITLES.has(lower);
}

/** What readRun and the scan ask of a word: facts of its lower case. */
const TITLE = 1;
const PARTICLE = 2;
const LEGAL = 4;
const GIVEN = 8;
/** Set on a slot whose facts are computed. */
const KNOWN = 128;

function factsOf(lower: string): number {
  return (
    KNOWN |
    (isTitleWord(lower) ? TITLE : 0) |
    (PARTICLES.has(lower) ? PARTICLE : 0) |
    (LEGAL_SUFFIXES.has(lower) ? LEGAL : 0) |
    (isGiven(lower) ? GIVEN : 0)
  );
}

/** Slots of the word cache (a power of two). */
const WORD_SLOTS = 1 << 13;
/** Longest word the cache holds. */
const WORD_CACHED = 32;
const slotWords: string[] = new Array<string>(WORD_SLOTS).fill('');
const slotFacts = new Uint8Array(WORD_SLOTS);

/**
 * The cache slot holding the lower case of the ASCII word `text[start, end)`
 * (filled on a miss), or -1 for a word the cache does not hold (longer than
 * WORD_CACHED, or with a character past ASCII, whose lower case may differ in
 * length). The same words come again and again (`Promise`, `Base`): found by
 * their characters, they are neither copied nor lower-cased nor hashed again,
 * and their facts are looked up once.
 */
function wordSlot(text: string, start: number, end: number): number {
  if (end - start > WORD_CACHED) return -1;
  let h = 0;
  for (let k = start; k < end; k++) {
    let c = text.charCodeAt(k);
    if (c >= 128) return -1;
    if (c >= 65 && c <= 90) c += 32;
    h = (Math.imul(h, 31) + c) | 0;
  }
  return slotOf(text, start, end, h);
}

/** wordSlot for a word of at most WORD_CACHED ASCII characters whose characters, in lower case, hash to `h`. */
function slotOf(text: string, start: number, end: number, h: number): number {
  const n = end - start;
  const slot = (h ^ (h >>> 13) ^ n) & (WORD_SLOTS - 1);
  const w = slotWords[slot]!;
  if (w.length === n) {
    let k = 0;
    for (; k < n; k++) {
      let c = text.charCodeAt(start + k);
      if (c >= 65 && c <= 90) c += 32;
      if (c !== w.charCodeAt(k)) break;
    }
    if (k === n) return slot;
  }
  // a flat copy: the cache outlives the chunk
  slotWords[slot] = own(text.slice(start, end).toLowerCase());
  slotFacts[slot] = 0;
  return slot;
}

function factsAt(slot: number): number {
  let f = slotFacts[slot]!;
  if (f === 0) slotFacts[slot] = f = factsOf(slotWords[slot]!);
  return f;
}

/** `text.slice(start, end).toLowerCase()` and its facts, through the cache where it holds the word. */
function wordAt(text: string, start: number, end: number): { lower: string; facts: number } {
  const slot = wordSlot(text, start, end);
  if (slot >= 0) return { lower: slotWords[slot]!, facts: factsAt(slot) };
  const lower = text.slice(start, end).toLowerCase();
  return { lower, facts: factsOf(lower) };
}

/** Reads a run of name-shaped tokens starting at a capital letter at `i`. */
function readRun(text: string, i: number, up: Uint8Array, let_: Uint8Array, anyCase: boolean): Tok[] {
  const toks: Tok[] = [];
  let pos = i;
  const n = text.length;
  while (pos < n && toks.length < 7) {
    const c = text.charCodeAt(pos);
    let tok: Tok;
    if (c === 38 && toks.length > 0) {
      tok = { start: pos, end: pos + 1, lower: '&', kind: 'amp', after: pos + 1 };
    } else if (up[c] || (anyCase && let_[c])) {
      const e = wordEnd(text, pos, let_);
      const { lower, facts } = wordAt(text, pos, e);
      const dot = text.charCodeAt(e) === 46;
      if (e - pos === 1) tok = { start: pos, end: e, lower, kind: 'initial', after: dot ? e + 1 : e };
      else if (toks.length === 0 && facts & TITLE)
        tok = { start: pos, end: e, lower, kind: 'title', after: dot ? e + 1 : e };
      else if (!up[c] && facts & PARTICLE && toks.length > 0 && !anyCase)
        tok = { start: pos, end: e, lower, kind: 'particle', after: e };
      else if (!up[c] && !anyCase) break;
      else {
        // a dotted legal form such as `Co.` or `Inc.` keeps its dot
        const keepDot = dot && (facts & LEGAL) !== 0;
        tok = { start: pos, end: e, lower, kind: 'word', after: keepDot ? e + 1 : e };
      }
    } else if (let_[c] && toks.length > 0) {
      const e = wordEnd(text, pos, let_);
      const { lower, facts } = wordAt(text, pos, e);
      // a lower-case letter inside a dotted legal form (`S.p.A.`)
      if (e - pos === 1 && text.charCodeAt(pos - 1) === 46 && text.charCodeAt(e) === 46) {
        toks.push({ start: pos, end: e, lower, kind: 'initial', after: e + 1 });
        pos = e + 1;
        if (let_[text.charCodeAt(pos)] && text.charCodeAt(pos + 1) === 46) continue;
        break;
      }
      if (!(facts & PARTICLE)) break;
      tok = { start: pos, end: e, lower, kind: 'particle', after: e };
    } else break;
    toks.push(tok);
    pos = tok.after;
    // after name words, a dotted legal form written without spaces (`S.A.`, `K.K.`, `S.p.A.`) goes on at the next letter
    if (
      tok.kind === 'initial' &&
      tok.after > tok.end &&
      toks.some((t) => t.kind === 'word') &&
      let_[text.charCodeAt(pos)] &&
      text.charCodeAt(pos + 1) === 46
    )
      continue;
    // before them, initials written without spaces (`H.İ. Er`, `J.R. Smith`) go on at the next capital
    if (
      tok.kind === 'initial' &&
      tok.after > tok.end &&
      up[text.charCodeAt(pos)] &&
      text.charCodeAt(pos + 1) === 46 &&
      toks.every((t) => t.kind === 'initial' || t.kind === 'title')
    )
      continue;
    // one space (or a dot-space after an initial or a title) separates name words
    if (
      text.charCodeAt(pos) === 32 &&
      pos + 1 < n &&
      (let_[text.charCodeAt(pos + 1)] || text.charCodeAt(pos + 1) === 38)
    )
      pos++;
    else break;
  }
  while (toks.length > 0 && (toks[toks.length - 1]!.kind === 'particle' || toks[toks.length - 1]!.kind === 'amp'))
    toks.pop();
  return toks;
}

/** Whether a word, its dots left out, is a legal form (a word token has no dots: no copy is made then). */
function isLegalWord(lower: string): boolean {
  return LEGAL_SUFFIXES.has(lower.indexOf('.') < 0 ? lower : lower.replace(/[.]/g, ''));
}

/** A legal suffix spelled with dots or as several tokens (`S.A.`, `K.K.`, `Pty Ltd`). */
function legalAt(toks: readonly Tok[], k: number, text: string): number {
  const t = toks[k]!;
  if (t.kind === 'word' && isLegalWord(t.lower)) return k + 1;
  if (t.kind === 'initial') {
    let j = k;
    let letters = '';
    while (j < toks.length && toks[j]!.kind === 'initial' && text.charCodeAt(toks[j]!.end) === 46)
      letters += toks[j++]!.lower;
    if (letters.length >= 2 && LEGAL_SUFFIXES.has(letters)) return j;
  }
  return -1;
}

const SUFFIX_AFTER = /(?:,? | & )(?:[A-Z][A-Za-z]{1,11}|(?:[A-Z]\.){2,4})\.?(?=[\s,;:)"'\]]|$)/y;

/**
 * Words that open a sentence before an organisation's name without being part of it (`The Acme Group
 * Ltd`, `Call Acme Co. today`, `Thanks Initech LLC`).
 */
const OPENERS = new Set(
  `the call ask tell email ping contact meet thank thanks hi hello hey dear welcome congrats cc attn per
  invoice pay bill`.split(/\s+/),
);

/**
 * Legal forms written in lower case in several dotted parts (Polish, Czech, Slovak, Italian, Dutch forms):
 * `Ratra Logistyka sp. z o.o.`, `Kovo s.r.o.`, `Trasa sp.j.`. Matched after one space, case aside.
 */
const SPACED_LEGAL =
  /^ (?:sp\. ?z ?o\. ?o\.|sp[óo][łl]ka z o\. ?o\.|sp\. ?[jkp]\.|spol\. s ?r\. ?o\.|s\. ?r\. ?o\.|a\. ?s\.|s\. ?p\. ?a\.|s\. ?a\.|b\. ?v\.|n\. ?v\.)(?=[\s,;:)"'\]]|$)/i;
/** First letters of the SPACED_LEGAL forms, lower case. */
const SPACED_LEGAL_FIRST = new Set([115, 97, 98, 110]);

/** Extends an organisation past `, Inc.`-style suffixes and `& Co. KG`; returns the new end. */
function suffixChain(text: string, end: number): number {
  let e = end;
  if (text.charCodeAt(e) === 32 && SPACED_LEGAL_FIRST.has(text.charCodeAt(e + 1) | 32)) {
    const m = SPACED_LEGAL.exec(text.slice(e, e + 24));
    if (m) return e + m[0].length;
  }
  for (let k = 0; k < 3; k++) {
    SUFFIX_AFTER.lastIndex = e;
    const m = SUFFIX_AFTER.exec(text);
    if (!m) break;
    const w = m[0].replace(/[^A-Za-z]/g, '').toLowerCase();
    if (!LEGAL_SUFFIXES.has(w)) break;
    e += m[0].length;
  }
  return e;
}

/**
 * A possessive and a thing in lower case after a word (`Oleksandr's ticket`, `Lisa’s laptop`): said of a person
 * when the word is a given name and no ordinary word. A shop's name stands alone or before a capital
 * (`at Wendy's.`, `Wendy's Baconator`).
 */
const OWNS_THING = /^['’]s \p{Ll}/u;

function ownsThing(text: string, end: number): boolean {
  const c = text.charCodeAt(end);
  return (c === 39 || c === 0x2019) && OWNS_THING.test(text.slice(end, end + 4));
}

/**
 * Words that give a name, just before a word (`My name is`, `Name:`); not `I'm` or `I am`, which an adjective
 * follows as often (`I'm Danish`).
 */
const INTRODUCED = /(?:^|[^\p{L}])(?:(?:my|his|her|their) name is|name['’]s|(?:full )?name\s*:)\s+$/iu;

/** Whether `name` (any case) ends at `k`. */
function nameEndsAt(text: string, k: number): boolean {
  return (
    k >= 4 &&
    (text.charCodeAt(k - 4) | 32) === 110 &&
    (text.charCodeAt(k - 3) | 32) === 97 &&
    (text.charCodeAt(k - 2) | 32) === 109 &&
    (text.charCodeAt(k - 1) | 32) === 101
  );
}

/**
 * Cheap necessary condition for INTRODUCED before `i`, read by character codes (it is asked of every lone
 * capitalised word): white space after `name:`, `name's` or `name is`.
 */
function introducedAt(text: string, i: number): boolean {
  if (i < 6 || !isSpace(text.charCodeAt(i - 1))) return false;
  let j = i - 1;
  while (j > 0 && isSpace(text.charCodeAt(j - 1))) j--;
  const c = text.charCodeAt(j - 1);
  let k: number;
  if (c === 58) {
    k = j - 1;
  } else if ((c | 32) === 115) {
    const b = text.charCodeAt(j - 2);
    if (b === 39 || b === 0x2019) k = j - 2;
    else if ((b | 32) === 105 && isSpace(text.charCodeAt(j - 3))) k = j - 3;
    else return false;
  } else return false;
  while (k > 0 && isSpace(text.charCodeAt(k - 1))) k--;
  return nameEndsAt(text, k) && INTRODUCED.test(before(text, i, 24));
}

/**
 * A lone capitalised word that no list holds (or only as a surname) right after an introduction: the speaker's
 * name (`My name is Rubija`, `Name: Becker`). An ordinary word (`I'm Danish`) or a public name is none.
 */
function reportIntroduced(text: string, i: number, end: number, sink: FindingSink, st: PeopleState): void {
  const word = text.slice(i, end);
  const lower = word.toLowerCase();
  if (isPublicOrg(lower) || neverName(lower)) return;
  if (unlistedGiven(word) > 0) reportLone(sink, st, word, 'given', lower, false, i);
  else if (flagsOf(lower) & (SURNAME | SURNAME_RARE) && !isPlainWord(lower) && NAME_CASED.test(word))
    reportLone(sink, st, word, 'family', lower, false, i);
}

/** `I'm`, `I’m` or `I am`, then one or two words in lower case (the name a chat's writer gives). */
const SELF_INTRO = /I(?:['’]m| am) (\p{Ll}{3,}(?:-\p{Ll}+)?)(?: (\p{Ll}{2,}(?:-\p{Ll}+)?))?/uy;

/**
 * At the capital `I` at `i`: when `I'm` or `I am` and a common-tier given name in lower case that is no ordinary
 * word and no public name follow (`I'm sarah`), that name; with the word after it when that reads as a family name
 * (`I am kim ji-hoon`). `I'm sorry` and `I am will` (ordinary words) are none.
 */
function selfIntroduced(text: string, i: number, sink: FindingSink, st: PeopleState): void {
  const c = text.charCodeAt(i + 1);
  if (c !== 39 && c !== 0x2019 && c !== 32) return;
  SELF_INTRO.lastIndex = i;
  const m = SELF_INTRO.exec(text);
  if (m === null) return;
  const given = m[1]!;
  // a common-tier given name only: the rare tier holds words people write in lower case (`I'm okay`)
  if (!(flagsOf(given) & FIRST) || !isGiven(given) || isPlainWord(given) || isPublicOrg(given)) return;
  const at = i + (c === 32 ? 5 : 4); // after `I am ` or `I'm `
  const family = m[2];
  if (family !== undefined && !isPlainWord(family) && !isPublicOrg(family) && familyScore(family, false) >= 1)
    reportPerson(sink, st, `${given} ${family}`, given, family);
  else reportLone(sink, st, given, 'given', given, false, at);
}

/** An airport code in brackets (`Houston (IAH)`): a place for sure when the word before is on the place list. */
const AIRPORT = /^\s*\([A-Z]{3}\)/;
/** A place name, then a route word and another capitalised word (`Houston to Denver`, `Denver (DEN) to Houston`). */
const ROUTE_AFTER = /^\s*(?:\([A-Z]{3}\)\s*)?(?:to|and|-|–|→|>)\s+(\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*)?)/u;
/** A capitalised word and a route word before a place name (`Houston to Denver`, `Las Vegas (LAS) to Houston`). */
const ROUTE_BEFORE = /(\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*)?)\s*(?:\([A-Z]{3}\)\s*)?(?:to|and|-|–|→|>)\s+$/u;
/** Travel, a route or a place before `to`, `from`, `in`… in the same sentence: what follows is a place. */
const TRAVEL_BEFORE =
  /(?:^|[^\p{L}])(?:flights?|fl(?:y|ew|own|ying)|trips?|travel\w*|airports?|depart\w*|arriv\w*|return\w*|reservations?|book(?:s|ed|ing)?|itinerar\w*|origin|destination|outbound|inbound|segments?|tickets?|fares?|land(?:s|ed|ing)?|layovers?|connecting|non-?stop|routes?|ship(?:s|ped|ping)?|deliver\w*|located|based|lives?|lived|living|mov(?:e|ed|es|ing)|visit\w*|weather|forecast|hotels?|stay(?:s|ed|ing)?|city|cities|office)\b[^.!?\n]*?(?:to|from|in|at|via|into|near|for)\s+(?:[A-Z]{3}\s*\()?$/iu;

/**
 * Whether the name `lower` that ends at `end` (with `ctx` the text before it) stands as a place here: a city,
 * country or province on the place list with an airport code after it, or a route beside it whose other end is a
 * place too, or travel said before it in the same sentence (`flights from Houston`). `Hi Austin,`, `assigned to
 * Sofia` keep reading as persons.
 */
function placeHere(text: string, end: number, lower: string, ctx: string): boolean {
  if (!isPlace(lower)) return false;
  const next = text.slice(end, end + 48);
  if (AIRPORT.test(next)) return true;
  const after = ROUTE_AFTER.exec(next);
  if (after !== null && namesPlace(after[1]!)) return true;
  const beforeRoute = ROUTE_BEFORE.exec(ctx);
  if (beforeRoute !== null && namesPlace(beforeRoute[1]!)) return true;
  return TRAVEL_BEFORE.test(ctx);
}

/** Whether one or two capitalised words name a place: both (`Las Vegas`), or either (`Chicago O'Hare`). */
function namesPlace(words: string): boolean {
  const lower = words.toLowerCase();
  const space = lower.indexOf(' ');
  return isPlace(lower) || (space > 0 && (isPlace(lower.slice(0, space)) || isPlace(lower.slice(space + 1))));
}

/** A small word after a word: what is said goes on (`Will my…`, `May I…`). */
const UTTERANCE_GOES_ON = /^ (?:\p{Ll}|I[ '’])/u;

/** Whether the context ends in a label's colon and spaces on its line (`Customer: `). */
function labelBefore(ctx: string): boolean {
  let j = ctx.length;
  while (j > 0 && (ctx.charCodeAt(j - 1) === 32 || ctx.charCodeAt(j - 1) === 9)) j--;
  return j > 0 && ctx.charCodeAt(j - 1) === 58;
}

/** A word written as a name is: a capital, then a small letter. */
const NAME_CASED = /^\p{Lu}\p{Ll}/u;

function isCap(text: string, t: Tok, up: Uint8Array): boolean {
  return up[text.charCodeAt(t.start)] === 1;
}

/** Whether every word of the run is written in capitals (is its own upper case). */
function allCaps(text: string, toks: readonly Tok[]): boolean {
  for (const t of toks) {
    if (t.kind !== 'word') continue;
    // ASCII: only a-z change; a word with a character past ASCII is upper-cased as a whole
    for (let k = t.start; k < t.end; k++) {
      const c = text.charCodeAt(k);
      if (c >= 97 && c <= 122) return false;
      if (c >= 128) {
        const s = text.slice(t.start, t.end);
        if (s !== s.toUpperCase()) return false;
        break;
      }
    }
  }
  return true;
}

/**
 * Scores the run and reports what it holds. Returns where the scan goes on.
 */
function evaluate(
  text: string,
  toks: Tok[],
  sink: FindingSink,
  st: PeopleState,
  up: Uint8Array,
  strong: boolean,
): number {
  const runEnd = toks[toks.length - 1]!.after;
  // one word that is no first name: only `Acme, Inc.` or `works at Acme` can make it a finding
  if (toks.length === 1 && toks[0]!.kind === 'word' && text.charCodeAt(runEnd) !== 44) {
    const t = toks[0]!;
    if (!isGiven(t.lower) && !orgBeforeMaybe(text, t.start)) return runEnd;
  }
  // organisations: a legal suffix after at least one capitalised name word
  for (let k = 1; k < toks.length; k++) {
    const lend = legalAt(toks, k, text);
    if (lend < 0) continue;
    let s = 0;
    while (s < k && (toks[s]!.kind !== 'word' || (sentenceStart(text, toks[s]!.start) && OPENERS.has(toks[s]!.lower))))
      s++;
    // legal forms are no name: `Co. KG` after `GmbH &` is the rest of a suffix, not an organisation called `Co.`
    const core = toks.slice(s, k).filter((t) => t.kind === 'word' && !isLegalWord(t.lower));
    if (core.length === 0) break;
    let end = toks[lend - 1]!.after;
    end = suffixChain(text, end);
    const start = toks[s]!.start;
    const name = text.slice(start, end);
    const canon = orgCanonicalOf(name);
    if (canon.length < 2 || isPublicOrg(canon) || isPublicOrg(name.toLowerCase())) return end;
    if (core.every((t) => flagsOf(t.lower) & WORD_TOP) && core.length === 1) return end;
    reportOrg(sink, st, name, canon, false);
    return end;
  }
  // `Acme, Inc.`
  const nextCode = text.charCodeAt(runEnd);
  const chained = nextCode === 44 || nextCode === 32 ? suffixChain(text, runEnd) : runEnd;
  if (chained > runEnd && toks.some((t) => t.kind === 'word')) {
    const name = text.slice(toks[0]!.start, chained);
    const canon = orgCanonicalOf(name);
    if (canon.length >= 2 && !isPublicOrg(canon) && !(toks.length === 1 && flagsOf(toks[0]!.lower) & WORD_TOP))
      reportOrg(sink, st, name, canon, false);
    return chained;
  }

  const title = toks[0]!.kind === 'title';
  const around = new Around(text, toks[0]!.start, runEnd, strong, title);
  const words = toks.filter((t) => t.kind === 'word');

  // `Rahul from Zentrix Labs`: after a name and `from`, a name that is no ordinary word, then a word companies are
  // named with (`Labs`, `Biotech`); without the introduction it may be a public company the lists lack
  if (
    !title &&
    words.length >= 2 &&
    words.length === toks.length &&
    ORG_HEADS.has(words[words.length - 1]!.lower) &&
    NAME_FROM.test(around.before())
  ) {
    let s = 0;
    while (s < words.length - 1 && isPlainWord(words[s]!.lower)) s++;
    const core = words.slice(s, -1);
    if (core.length > 0 && !core.some((w) => isPublicOrg(w.lower))) {
      const name = text.slice(words[s]!.start, runEnd);
      const canon = orgCanonicalOf(name);
      if (canon.length >= 3 && !isPublicOrg(canon) && !isPublicOrg(name.toLowerCase())) {
        reportOrg(sink, st, name, canon, false);
        return runEnd;
      }
    }
  }
  // organisation by context: `works at Initech`
  if (!title && orgBeforeMaybe(text, toks[0]!.start) && ORG_BEFORE.test(around.before())) {
    const name = text.slice(toks[0]!.start, runEnd);
    const canon = orgCanonicalOf(name);
    const personish = words.length >= 2 && givenScore(words[0]!.lower, true) >= 1.5;
    // (one English word on no name list is a common noun, however rare: `on behalf of Lenders`, a contract's party)
    const common = words.length === 1 && ordinaryWord(words[0]!.lower);
    if (
      !personish &&
      !common &&
      canon.length >= 3 &&
      !isPublicOrg(canon) &&
      !words.every((w) => isPlainWord(w.lower))
    ) {
      reportOrg(sink, st, name, canon, false);
      return runEnd;
    }
  }

  if (words.length === 0) return runEnd;
  const caps = allCaps(text, toks);

  // `DOE, JANE` / `Doe, Jane A.`
  if (words.length === 1 && !title && text.charCodeAt(runEnd) === 44 && text.charCodeAt(runEnd + 1) === 32) {
    const next = runEnd + 2;
    if (up[text.charCodeAt(next)]) {
      const e = wordEnd(text, next, letterTable());
      const given = text.slice(next, e).toLowerCase();
      const fam = words[0]!.lower;
      const sc = familyScore(fam, !caps) + givenScore(given, !caps);
      if (
        sc >= 2.5 &&
        givenScore(given, true) >= 1 &&
        familyScore(fam, true) >= 1 &&
        (sc >= 3.5 || caps || around.personCtx())
      ) {
        let end = e;
        if (text.charCodeAt(end) === 32 && up[text.charCodeAt(end + 1)] && text.charCodeAt(end + 2) === 46) end += 3;
        reportPerson(sink, st, text.slice(toks[0]!.start, end), given, fam);
        return end;
      }
    }
  }

  // a place written in two words, or a place and its airport (`Chicago O'Hare (ORD) to Philadelphia`), where a route
  // or travel says place
  if (
    words.length >= 2 &&
    !title &&
    isPlace(words[0]!.lower) &&
    (isPlace(text.slice(words[0]!.start, runEnd).toLowerCase()) ||
      placeHere(text, runEnd, words[0]!.lower, around.before()))
  )
    return runEnd;
  // full names: given [middle…] [particles] family
  if (words.length >= 2) {
    const first = words[0]!;
    const mid0 = !caps && !sentenceStart(text, first.start);
    const listed = givenScore(first.lower, mid0 || title);
    // a word on no list counts inside a sentence, or first on its line after `Thanks,` or `From:`, or before a verb
    // that says person (`16:07:56 Unebritha Ysunefel asked …`)
    const unlistedFirst =
      listed === 0 && !caps && (mid0 || around.personBeforeCtx() || around.headerCtx() || around.afterCtx())
        ? unlistedGiven(text.slice(first.start, first.end))
        : 0;
    // after a title (`Dr. Kumi Taguchi`), a first word written as a name (no acronym: `DR ETF Dist`) that is no
    // ordinary word is the given name
    const g =
      title && !caps && !isPlainWord(first.lower) && NAME_CASED.test(text.slice(first.start, first.end))
        ? Math.max(listed || unlistedFirst, 1)
        : listed || unlistedFirst;
    // the family name is the last word that still reads as a name
    let best = -1;
    for (let k = Math.min(words.length - 1, 3); k >= 1; k--) {
      const fam = words[k]!;
      // a particle written capitalised right before it (`Marine Le Pen`, `Charles De Gaulle`) says that a family name
      // follows, whatever the word: it reads as a common surname does
      const afterParticle =
        k >= 2 &&
        PARTICLES.has(words[k - 1]!.lower) &&
        isCap(text, fam, up) &&
        !isPublicOrg(fam.lower) &&
        !neverName(fam.lower) &&
        !functionWord(fam.lower);
      const f = afterParticle ? Math.max(familyScore(fam.lower, !caps), 2) : familyScore(fam.lower, !caps);
      let middleOk = true;
      for (let m = 1; m < k; m++) {
        const w = words[m]!;
        if (m === k - 1 && afterParticle) continue;
        if (givenScore(w.lower, !caps) < 1 && familyScore(w.lower, !caps) < 1) middleOk = false;
      }
      if (!middleOk || f < 0.5) continue;
      // two common-tier name words in a row read as a name a little more easily
      // a common first name then a capitalised word on no list inside a sentence (`charges against John Kruezi`) too
      const famFlags = flagsOf(fam.lower);
      const firstFlags = flagsOf(first.lower);
      const common =
        firstFlags & FIRST && (famFlags & SURNAME || (mid0 && famFlags === 0 && !(firstFlags & (WORD | WORD_TOP))));
      // the bar is 2 with a person context, else 2.5 or 3: the context is read only when it decides
      // two words on no list, written as names right after `Hi`, `Thanks,` or `From:` (`Thiruvengadam Raghunathan`),
      // or right before `asked`, `said`, `wrote` (PERSON_AFTER)
      const unlisted =
        unlistedFirst > 0 && f >= 1 && (around.personBeforeCtx() || around.headerCtx() || around.afterCtx());
      if (
        (g >= 0.5 && (g >= 1 || f >= 1.5) && g + f >= 2 && (g + f >= (common ? 2.5 : 3) || around.personCtx())) ||
        unlisted
      ) {
        best = k;
        break;
      }
    }
    if (best > 0 && words.length - 1 - best <= 2) {
      const famTok = words[best]!;
      const ti = toks.indexOf(famTok);
      let ps = ti;
      while (ps > 0 && toks[ps - 1]!.kind === 'particle') ps--;
      const family = text.slice(toks[ps]!.start, famTok.end).toLowerCase().replace(/\s+/g, ' ');
      let end = famTok.end;
      const startTok = title ? toks[1]! : toks[0]!;
      // a trailing initial (`Jane D.`) stays outside; the name is the words
      reportPerson(sink, st, text.slice(startTok.start, end), first.lower, family);
      if (title) reportLone(sink, st, text.slice(toks[0]!.start, end), 'family', family, true);
      end = Math.max(end, famTok.after);
      return end;
    }
    // family name first (`Xu Ming`, `Zhang Wei`): a common surname that is no given name and no word, then a common
    // given name that is no word, inside a sentence or where the context says person
    if (best < 0 && words.length === 2 && toks.length === 2 && !caps) {
      const fam = words[0]!;
      const giv = words[1]!;
      const ff = flagsOf(fam.lower);
      const gf = flagsOf(giv.lower);
      if (
        ff & SURNAME &&
        !(ff & (FIRST | FIRST_RARE | WORD | WORD_TOP)) &&
        gf & FIRST &&
        !(gf & (WORD | WORD_TOP)) &&
        !isPublicOrg(fam.lower) &&
        !isPublicOrg(giv.lower) &&
        (mid0 || around.personCtx())
      ) {
        reportPerson(sink, st, text.slice(fam.start, giv.end), giv.lower, fam.lower);
        return giv.end;
      }
    }
    // after a title, a common given name and a capitalised word are a full name whatever the word (`Dr. Justin Beet`)
    if (best < 0 && title && words.length === 2 && toks.length === 3 && !caps && givenScore(first.lower, true) >= 1.5) {
      const fam = words[1]!;
      if (isCap(text, fam, up) && !isPublicOrg(fam.lower) && !neverName(fam.lower)) {
        reportPerson(sink, st, text.slice(first.start, fam.end), first.lower, fam.lower);
        reportLone(sink, st, text.slice(toks[0]!.start, fam.end), 'family', fam.lower, true);
        return fam.end;
      }
    }
    // `Jane D.` / `J. Doe` style runs fall through to the lone-name rules on their first word
  }

  // `Dr. Doe`, `Ms Lopez`
  if (title && words.length === 1 && toks.length === 2 && isCap(text, words[0]!, up)) {
    const w = words[0]!;
    if (!isPublicOrg(w.lower) && !(flagsOf(w.lower) & WORD_TOP && !around.headerCtx())) {
      reportLone(sink, st, text.slice(toks[0]!.start, w.end), 'family', w.lower, true);
      return w.end;
    }
  }
  // `Mr H.İ. Er`, `Dr A. B. Okafor`: a title, initials, and a capitalised word are a name whatever the word
  if (
    title &&
    words.length === 1 &&
    toks.length >= 3 &&
    toks[toks.length - 1] === words[0] &&
    toks.slice(1, -1).every((t) => t.kind === 'initial' && text.charCodeAt(t.end) === 46) &&
    isCap(text, words[0]!, up) &&
    !caps
  ) {
    const w = words[0]!;
    if (!isPublicOrg(w.lower) && !neverName(w.lower)) {
      reportPerson(sink, st, text.slice(toks[1]!.start, w.end), toks[1]!.lower, w.lower, true);
      reportLone(sink, st, text.slice(toks[0]!.start, w.end), 'family', w.lower, true);
      return w.end;
    }
  }
  // `J. Doe`
  if (toks.length === 2 && toks[0]!.kind === 'initial' && words.length === 1 && text.charCodeAt(toks[0]!.end) === 46) {
    const w = words[0]!;
    const fs = familyScore(w.lower, !caps);
    if (fs >= 1 && (fs >= 1.5 || around.personCtx()) && !isPublicOrg(w.lower)) {
      reportPerson(sink, st, text.slice(toks[0]!.start, w.end), toks[0]!.lower, w.lower, true);
      return w.end;
    }
  }
  // a lone first name in a context that says person
  const w0 = words[0]!;
  if (
    toks[0] === w0 &&
    w0.end - w0.start >= 2 &&
    isGiven(w0.lower) &&
    !isPublicOrg(w0.lower) &&
    (around.personCtx() || (toks.length === 1 && ownsThing(text, w0.end) && !isPlainWord(w0.lower)))
  ) {
    const plain = (flagsOf(w0.lower) & (WORD | WORD_TOP)) !== 0;
    // in text written in capitals (`ONE FUNCTION CALL PER RESPONSE`) the words around an ordinary word say nothing
    const shouted = plain && w0.end - w0.start > 1 && text.slice(w0.start, w0.end) === w0.lower.toUpperCase();
    // after a speaker's label an ordinary word that a small word follows opens what is said (`Customer: Will my
    // order arrive?`, `Patient: May I come in?`); a label before a name alone is a header (`From: Will`)
    const opens = plain && labelBefore(around.before()) && UTTERANCE_GOES_ON.test(text.slice(w0.end, w0.end + 3));
    // `from Houston to Denver`, `flights to Charlotte`: a city that is also a given name, where a route or travel says
    // place (a header or a verb after it still says person)
    const place =
      isPlace(w0.lower) &&
      !around.headerCtx() &&
      !around.afterCtx() &&
      placeHere(text, w0.end, w0.lower, around.before());
    if (
      !opens &&
      !place &&
      (!plain ||
        around.headerCtx() ||
        (!shouted && (around.personBeforeCtx() || around.afterCtx() || around.signCtx())))
    ) {
      reportLone(sink, st, text.slice(w0.start, w0.end), 'given', w0.lower, false, w0.start);
      return w0.end;
    }
  }
  // no name here: the scan goes on at the second word, unless no later word can start anything
  return words.length > 1 && !restInert(text, toks, runEnd) ? words[1]!.start : runEnd;
}

/** Lower-case ASCII letters at the end of a token (`éat` → `at`). */
function asciiTail(lower: string): string {
  let k = lower.length;
  while (k > 0) {
    const c = lower.charCodeAt(k - 1);
    if (c < 97 || c > 122) break;
    k--;
  }
  return k === 0 ? lower : lower.slice(k);
}

/**
 * Whether no run starting at a later word of `toks` can report anything:
 * each later word is a plain word (no first name, title, legal form or
 * initial), no word is one after which ORG_BEFORE reads an organisation,
 * no `, ` follows (`DOE, JANE`), and the run was not cut at its length
 * limit. Then rescanning from the second word (quadratic in the run) is
 * skipped.
 */
function restInert(text: string, toks: readonly Tok[], runEnd: number): boolean {
  if (toks.length >= 7 || text.charCodeAt(runEnd) === 44) return false;
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (k < toks.length - 1 && ORG_BEFORE_LAST.has(asciiTail(t.lower))) return false;
    if (k === 0) continue;
    if (t.kind !== 'word') {
      if (t.kind === 'initial' || t.kind === 'title') return false;
      continue;
    }
    if (isGiven(t.lower) || isTitleWord(t.lower) || isLegalWord(t.lower)) return false;
  }
  return true;
}

/**
 * Where a capitalised word may start: an ASCII capital at a word boundary, or
 * a character of the letter tables' non-ASCII range after none of them (a
 * superset: the tables decide). A regular expression skips the text far
 * faster than a loop over every character.
 */
const CANDIDATE = /\b[A-Z]|[\u00c0-\u1fff](?<![A-Za-z0-9_\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u1fff].)/g;

/**
 * CANDIDATE, or a character of a CJK script (all past U+3000, where CANDIDATE matches nothing): the pass that
 * skips to capitals finds the runs the CJK scan reads, so that it need not search the text for them again.
 */
const CANDIDATE_OR_CJK = new RegExp(`${CANDIDATE.source}|[${CJK_CHAR}]`, 'g');

/**
 * Where the scan goes on when the capitalised word at `i` is a run of its own
 * that evaluate settles at once, with no finding: a word of two letters or
 * more that is no title, no first name and no dotted legal form, with neither
 * `, ` nor a further name word after it, and no `works at` before it. That is
 * the word's end, as readRun and evaluate would say; -1 for any other word,
 * which is read as a run. Most capitalised words are such words (`Promise`,
 * `Response`, `Passed`), and no run is built for them.
 */
function loneWordEnd(text: string, i: number, let_: Uint8Array): number {
  // the ASCII letters from `i`, hashed as wordSlot hashes them
  const n = text.length;
  let e = i;
  let h = 0;
  for (; e < n; e++) {
    let c = text.charCodeAt(e);
    if (c >= 65 && c <= 90) c += 32;
    else if (c < 97 || c > 122) break;
    h = (Math.imul(h, 31) + c) | 0;
  }
  if (e - i < 2 || e - i > WORD_CACHED) return -1;
  const next = text.charCodeAt(e);
  // where wordEnd may read on (a letter past ASCII, `'`, `’`, `-`), the word is read as a run
  if (next >= 128 ? let_[next] === 1 || next === 0x2019 : next === 39 || next === 45) return -1;
  // what follows first (no lookup): `, ` or a further word make a longer run
  if (next === 44) return -1;
  if (next === 32 && e + 1 < n) {
    const c = text.charCodeAt(e + 1);
    if (let_[c] || c === 38) return -1;
  }
  const f = factsAt(slotOf(text, i, e, h));
  if (f & (TITLE | GIVEN) || (next === 46 && f & LEGAL)) return -1;
  return orgBeforeMaybe(text, i) ? -1 : e;
}

/**
 * Scans the corpus for capitalised runs. Returns where the runs of CJK characters start (for scanCjk).
 */
export function scanNames(chunk: Chunk, sink: FindingSink, st: PeopleState): number[] {
  const text = chunk.corpus;
  const cjk = scanRuns(text, sink, st);
  scanAngleNames(text, sink, st);
  scanHashtags(text, sink);
  scanTodoOwners(text, sink);
  return cjk;
}

/**
 * The runs of capitalised words in `text`, each read and evaluated. Returns where the runs of CJK characters
 * (CJK_RUN) start: the scan skips only the letters, spaces and punctuation of Latin runs, so it passes over none.
 */
function scanRuns(text: string, sink: FindingSink, st: PeopleState): number[] {
  const up = upperTable();
  const let_ = letterTable();
  const cand = CANDIDATE_OR_CJK;
  cand.lastIndex = 0;
  const cjk: number[] = [];
  // `test` allocates no match: every match is one character, ending at lastIndex
  while (cand.test(text)) {
    const i = cand.lastIndex - 1;
    if (up[text.charCodeAt(i)] !== 1) {
      if (text.charCodeAt(i) > 0x3000) {
        // a run of CJK characters: the scan goes on after it
        let e = i + 1;
        while (e < text.length && isCjkCode(text.charCodeAt(e))) e++;
        cjk.push(i);
        cand.lastIndex = e;
      }
      continue;
    }
    const p = i > 0 ? text.charCodeAt(i - 1) : 32;
    if (let_[p] || (p >= 48 && p <= 57) || p === 95) continue;
    // `I'm sarah`, `I am kim ji-hoon`: a name in lower case after the speaker's `I'm`
    if (text.charCodeAt(i) === 73) selfIntroduced(text, i, sink, st);
    const lone = loneWordEnd(text, i, let_);
    if (lone >= 0) {
      if (introducedAt(text, i)) reportIntroduced(text, i, lone, sink, st);
      cand.lastIndex = lone;
      continue;
    }
    const toks = readRun(text, i, up, let_, false);
    if (toks.length === 0) continue;
    const next = evaluate(text, toks, sink, st, up, false);
    cand.lastIndex = Math.max(next, i + 1);
  }
  return cjk;
}

const TODO_OWNER = /\(([A-Za-z][A-Za-z0-9._-]{1,30})\)/y;
const TODO_WORDS = ['TODO(', 'FIXME(', 'XXX(', 'HACK(', 'NOTE(', 'BUG('];

/** `TODO(jsmith)`: the owner of a code comment is a login. */
function scanTodoOwners(text: string, sink: FindingSink): void {
  for (const w of TODO_WORDS) {
    let i = text.indexOf(w);
    while (i >= 0) {
      TODO_OWNER.lastIndex = i + w.length - 1;
      const m = TODO_OWNER.exec(text);
      if (m && m[1]!.length >= 3 && !isPlainWord(m[1]!.toLowerCase()))
        sink.add({ kind: 'username', surface: m[1]!, canonical: m[1]!.toLowerCase() });
      i = text.indexOf(w, i + w.length);
    }
  }
}

export {
  readRun,
  evaluate,
  scanRuns,
  loneWordEnd,
  wordAt,
  factsOf,
  orgBeforeMaybe,
  personAfterMaybe,
  allCaps,
  CANDIDATE,
  PERSON_AFTER,
};

/** An English word that is no common given name or surname (`news`, `alert`; not `smith`). */
function namesNoOne(lower: string): boolean {
  return isPlainWord(lower) && (flagsOf(lower) & (FIRST | SURNAME)) === 0;
}

/** `Jane Doe <jane@acme.io>`, `"Doe, Jane" <…>`, `jane doe <…>`: the display name before an address. */
function scanAngleNames(text: string, sink: FindingSink, st: PeopleState): void {
  const let_ = letterTable();
  // the next `>` and `@` are remembered, so that text full of ` <` and without either is not searched again and again
  let close = -2;
  let at = -2;
  // ` <` is found through `<` (searching for a pattern that starts with a space is slow)
  let i = nextAngle(text, 0);
  while (i >= 0) {
    if (close !== -1 && close < i) close = text.indexOf('>', i);
    if (at !== -1 && at < i) at = text.indexOf('@', i);
    if (close === -1 || at === -1) break;
    if (at < close && close - i < 120) {
      let s = i;
      let quote = false;
      if (text.charCodeAt(s) === 34) quote = true;
      else if (text.charCodeAt(s - 1) === 34) {
        quote = true;
        s--;
      }
      let j = s;
      while (j > 0 && s - j < 60) {
        const c = text.charCodeAt(j - 1);
        if (let_[c] || c === 32 || c === 46 || c === 39 || c === 45 || (quote && c === 44)) j--;
        else break;
      }
      while (j < s && text.charCodeAt(j) === 32) j++;
      const name = text.slice(j, s);
      const parts = name.split(/[\s,]+/).filter((x) => x.length > 0);
      if (parts.length >= 1 && parts.length <= 4 && parts.every((x) => /^\p{L}[\p{L}.'-]*$/u.test(x))) {
        const lowParts = parts.map((x) => x.toLowerCase().replace(/\.$/, ''));
        const pub =
          isPublicOrg(name.toLowerCase()) ||
          lowParts.some((x) =>
            /^(?:bot|noreply|no-reply|team|support|github|dependabot|renovate|notifications?)$/.test(x),
          ) ||
          // a public name then words that name no one (`BBC Breaking News Alert`, `Google Calendar`): the
          // organisation writes, not a person (`Harrison Ford` starts with a name)
          (lowParts.length >= 2 && isPublicOrg(lowParts[0]!) && lowParts.slice(1).every(namesNoOne)) ||
          // words that name no one, a list's or a site's name (`The Cat Album`)
          (lowParts.length >= 2 && lowParts.every(namesNoOne));
        if (!pub) {
          if (parts.length === 1) {
            // in quotes, a capitalised word on no list is the name the mailbox's owner goes by (`"Quenby" <…>`)
            const goesBy =
              quote && /^\p{Lu}\p{Ll}{2,}$/u.test(name) && flagsOf(lowParts[0]!) === 0 && !isPlace(lowParts[0]!);
            if ((isGiven(lowParts[0]!) || goesBy) && name.length >= 2)
              reportLone(sink, st, name, 'given', lowParts[0]!, false, j);
          } else if (name.includes(',')) {
            reportPerson(sink, st, name, lowParts[1]!, lowParts[0]!);
          } else {
            reportPerson(sink, st, name, lowParts[0]!, lowParts[lowParts.length - 1]!);
          }
        }
      }
    }
    i = nextAngle(text, i + 2);
  }
}

/**
 * Hashtags that are a person's name written as one word (`#laurenbacall`, `#KimKardashianGame`: score.ts
 * runTogetherName), reported as handles: resolution renders them from the stand-in of the person the trace names in
 * full, or of the name they are built from. A tag inside a word (`page#top`), with digits or underscores, or of
 * other words (`#mexico`, `#include`) is none.
 */
function scanHashtags(text: string, sink: FindingSink): void {
  const let_ = letterTable();
  let i = text.indexOf('#');
  while (i >= 0) {
    const b = i > 0 ? text.charCodeAt(i - 1) : 32;
    let e = i + 1;
    while (e < text.length && let_[text.charCodeAt(e)]) e++;
    const next = e < text.length ? text.charCodeAt(e) : 32;
    const alone = !(let_[b] || (b >= 48 && b <= 57) || b === 95 || b === 35 || b === 38 || b === 47);
    if (alone && e - i > 6 && !(next >= 48 && next <= 57) && next !== 95 && next !== 45) {
      const body = text.slice(i + 1, e);
      if (runTogetherName(body) !== null)
        sink.add({ kind: 'handle', surface: '#' + body, canonical: body.toLowerCase(), caseInsensitive: true });
    }
    i = text.indexOf('#', e);
  }
}

/** Position of the next ` <` or `"<` (a quoted name written close to its address) at or after `from`, or -1. */
function nextAngle(text: string, from: number): number {
  let j = text.indexOf('<', from + 1);
  while (j > 0 && text.charCodeAt(j - 1) !== 32 && text.charCodeAt(j - 1) !== 34) j = text.indexOf('<', j + 1);
  return j > 0 ? j - 1 : -1;
}
