/**
 * Lexical evidence that a capitalised word is a first name or a surname.
 * Scores are small numbers added up over a candidate name: a common first
 * name that is no English word scores 2; an English word loses points (more
 * for very common words) and wins some back when it is capitalised in the
 * middle of a sentence, where only names and titles are.
 */
import { FIRST, FIRST_RARE, SURNAME, SURNAME_RARE, WORD, WORD_RARE, WORD_TOP, flagsOf, isPublicOrg } from './lexicon';

/**
 * Calendar words and pronouns: on the name lists (`September`, `Friday` and
 * `You` are given names there) but in a trace nearly always what they say
 * (`on September 1`, `Sunday Sept 19th`, `We Bring To You`). Never a name part.
 */
const NEVER = new Set(
  `january february march july september october november december feb mar apr jun jul aug sep sept oct nov dec
  monday tuesday wednesday thursday friday saturday sunday tues thur thurs christmas easter thanksgiving halloween
  today tomorrow tonight yesterday i you he she we they me him her us them it`.split(/\s+/),
);
/** Months that are also given names (`June Carter`): a given name in a full name or a greeting, never a surname. */
const NEVER_FAMILY = new Set([...NEVER, 'april', 'may', 'june', 'august']);

/**
 * English function words: articles, quantifiers, prepositions, conjunctions and auxiliaries. The name lists hold
 * many as rare given names or surnames (`The`, `Every`, `Among`), and the others reach a name alone too (`might`,
 * `because` in a column of words read as a column of names). Within a full name one may be a name's part
 * (`Nguyen The Anh`: the Vietnamese Thế written without its marks), so only a name alone refuses them. Those that are
 * common names in a romanisation (`An`, `Do`, `So`, `In`, `To`, `Or`, `Than`, `Till`) or in English (`Will`, `May`)
 * are not among them.
 */
const FUNCTION_WORDS = new Set(
  `the every any all both neither either few many much such each during among below above from into upon but nor
  while whether although though because unless not been being must shall should would could might`.split(/\s+/),
);

/** An article, quantifier, preposition, conjunction or auxiliary of FUNCTION_WORDS: never a name alone. */
export function functionWord(lower: string): boolean {
  return FUNCTION_WORDS.has(lower);
}

/**
 * A calendar word or pronoun: no surname and no name alone. `April`, `May`, `June` and `August` are in it for that,
 * and may still give a full name its given name (people/report.ts checks only the family name with this).
 */
export function neverName(lower: string): boolean {
  return NEVER_FAMILY.has(lower);
}

function wordPenalty(fl: number): number {
  return fl & WORD_TOP ? 1.5 : fl & WORD ? 1 : fl & WORD_RARE ? 0.5 : 0;
}

function capBonus(fl: number): number {
  return fl & WORD_TOP ? 1 : fl & WORD ? 0.5 : 0;
}

/**
 * `mid`: the word is capitalised where a common word would not be. A
 * hyphenated word on no list (`Min-jun`) scores as its weakest part when each
 * part is a first name.
 */
export function givenScore(lower: string, mid: boolean): number {
  if (NEVER.has(lower)) return 0;
  const fl = flagsOf(lower);
  if (fl === 0) return hyphenatedGiven(lower, mid);
  if (!(fl & (FIRST | FIRST_RARE))) return 0;
  let s = fl & FIRST ? 2 : 1.2;
  s -= wordPenalty(fl);
  if (mid) s += capBonus(fl);
  if (isPublicOrg(lower)) s -= 1;
  return s;
}

function hyphenatedGiven(lower: string, mid: boolean): number {
  if (lower.indexOf('-') <= 0) return 0;
  const parts = lower.split('-');
  if (!parts.every((p) => p.length >= 2 && (flagsOf(p) & (FIRST | FIRST_RARE)) !== 0)) return 0;
  return Math.min(...parts.map((p) => givenScore(p, mid)));
}

/**
 * A word on no list at all, written `Hayoon` (or `Seo-Yeon`) where a common word would not be capitalised:
 * a little evidence of a first name (`Please call Hayoon Park`: the lists hold few romanised Korean, Yoruba or
 * Tamil given names). Not an acronym (`API Key`) and not a contraction (`I'm`).
 */
export function unlistedGiven(word: string): number {
  return flagsOf(word.toLowerCase()) === 0 && /^\p{Lu}\p{Ll}{2,}(?:-\p{Lu}?\p{Ll}+)*$/u.test(word) ? 0.5 : 0;
}

export function familyScore(lower: string, mid: boolean): number {
  if (NEVER_FAMILY.has(lower)) return 0;
  const fl = flagsOf(lower);
  let s: number;
  if (fl & SURNAME) s = 2;
  else if (fl & SURNAME_RARE) s = fl & (WORD | WORD_TOP) ? 0.5 : 1.5;
  else if (fl & (FIRST | FIRST_RARE)) s = 1;
  else if (fl === 0) s = lower.length >= 3 ? 1.2 : 0;
  else return 0;
  s -= wordPenalty(fl);
  if (mid) s += capBonus(fl);
  if (isPublicOrg(lower)) s -= 1.5;
  return s;
}

/**
 * An English word of any frequency band that no name list holds (`borrower`, `lender`), or a compound of such words
 * on no list as a whole (`set-cookie`, `follow-up`).
 */
export function ordinaryWord(lower: string): boolean {
  const f = flagsOf(lower);
  if (f === 0 && lower.indexOf('-') > 0) return lower.split('-').every((p) => p.length > 0 && ordinaryWord(p));
  return (f & (WORD | WORD_TOP | WORD_RARE)) !== 0 && (f & (FIRST | FIRST_RARE | SURNAME | SURNAME_RARE)) === 0;
}

/** A word that is only a common word: never a name part on its own. */
export function isPlainWord(lower: string): boolean {
  const fl = flagsOf(lower);
  return (fl & (WORD | WORD_TOP)) !== 0;
}

/** A first name of any tier. */
export function isGiven(lower: string): boolean {
  return (flagsOf(lower) & (FIRST | FIRST_RARE)) !== 0 && !NEVER.has(lower);
}

/** An English word of any frequency band. */
export function englishWord(lower: string): boolean {
  return (flagsOf(lower) & (WORD | WORD_TOP | WORD_RARE)) !== 0;
}

/**
 * The person a name written as one word names (`laurenbacall`, `johnsmith`, `KimKardashianGame`, as a hashtag or a
 * login writes it): `given|family`, or null. The given name is a common one that is no English word of the common
 * bands (`john` is a rare one, `will` and `rose` are common); the surname no English word of the commonest band
 * (`smith`, `swift` are common ones). Written in words (capitals start each), the second word is the surname, a
 * word on no list allowed, more words after them (`Game`); run together in lower case, a word on no list as a whole
 * (`kimberly` is one name) split into a given name and a surname of the lists of four letters or more (`kimchi` is
 * none) or a word on no list of five or more (`laurenbacall`), the best scored where several are.
 */
export function runTogetherName(body: string): string | null {
  const ok = (given: string, family: string): boolean => {
    const g = flagsOf(given);
    const f = flagsOf(family);
    return (
      (g & FIRST) !== 0 &&
      (g & (WORD | WORD_TOP)) === 0 &&
      (f & WORD_TOP) === 0 &&
      !NEVER.has(given) &&
      !NEVER_FAMILY.has(family) &&
      !isPublicOrg(given) &&
      !isPublicOrg(family)
    );
  };
  const words = /^(\p{Lu}\p{Ll}+)(\p{Lu}\p{Ll}{2,})(?:\p{Lu}\p{Ll}*)*$/u.exec(body);
  if (words) {
    const given = words[1]!.toLowerCase();
    const family = words[2]!.toLowerCase();
    const f = flagsOf(family);
    return ok(given, family) && (f === 0 || (f & (SURNAME | SURNAME_RARE)) !== 0) ? `${given}|${family}` : null;
  }
  // (a word of the lists as a whole is one word: `kimberly`, `jackson`)
  if (!/^\p{Ll}{7,30}$/u.test(body) || flagsOf(body) !== 0) return null;
  let best: string | null = null;
  let bestScore = 0;
  // a given name and an English word on no name list (`anna` and `frozen`): the surname on no list is no reading
  let named = false;
  for (let k = 3; k <= body.length - 3; k++) {
    const rest = body.slice(k);
    if (
      (flagsOf(body.slice(0, k)) & FIRST) !== 0 &&
      englishWord(rest) &&
      (flagsOf(rest) & (SURNAME | SURNAME_RARE)) === 0
    )
      named = true;
  }
  for (let k = 3; k <= body.length - 4; k++) {
    const given = body.slice(0, k);
    const family = body.slice(k);
    const f = flagsOf(family);
    const surname = (f & (SURNAME | SURNAME_RARE)) !== 0 || (f === 0 && family.length >= 5 && !named);
    if (!ok(given, family) || !surname) continue;
    const score = givenScore(given, false) + familyScore(family, false);
    if (score > bestScore) {
      best = `${given}|${family}`;
      bestScore = score;
    }
  }
  return best;
}
