/**
 * Stand-ins for people and organisations.
 *
 * A person entity's canonical is `given|family` (lower case; either part may
 * be empty). Its stand-in is a keyed pick of a first name of the same
 * apparent gender and a surname of the same cultural register, and every
 * surface form is rendered from it in its own layout and letter case:
 * `Jane Doe` → `Maria Lopez`, `DOE, JANE` → `LOPEZ, MARIA`, `Dr. Doe` →
 * `Dr. Lopez`, `J. Doe` → `M. Lopez`, `jdoe` → `mlopez`, `jane.doe` →
 * `maria.lopez`. So parts stay consistent with the whole: each part is
 * rendered from the stand-in of the whole.
 *
 * An organisation's canonical is its name without legal suffix, lower case
 * (`acme`, `blue harbor`). Its stand-in draws words from the company word
 * pool; the legal suffix and the layout are kept (`Acme Corp.` → `Cobalt
 * Corp.`, `blue-harbor` → `ember-quartz`), and `orgDomainLabel` gives the
 * matching domain label.
 */
import type { Keyed, Kind, StandInGenerator } from '../types';
import { pools, type Gender, type Register } from '../pools';
import { isCjk, renderCjk } from './cjk';
import { SURNAME, SURNAME_RARE, flagsOf, genderOf, inAnglo, registerOf } from '../detectors/people/lexicon';
import { runCache, runMap, RunMemo } from '../memo';

/** Honorifics and titles kept as written. */
export const TITLES = new Set(
  'mr mrs ms miss mx dr prof sir dame rev fr sr sra srta herr frau mme mlle dott ing signor signora signorina señor señora señorita senhor senhora'.split(
    ' ',
  ),
);
/** Surname particles kept as written. */
export const PARTICLES = new Set(
  'de la del della der den van von da das do dos di du le bin binti ibn al el ter ten y st mac'.split(' '),
);

/** Writes `word` in the letter case of `like` (UPPER, lower or Title). */
export function caseAs(like: string, word: string): string {
  // all capitals (`DOE`), or one capital letter (the initial in `Jane F. Doe`)
  if (like === like.toUpperCase() && like !== like.toLowerCase() && (like.length > 1 || word.length === 1))
    return word.toUpperCase();
  const c = like[0];
  if (c !== undefined && c === c.toLowerCase() && c !== c.toUpperCase()) return word.toLowerCase();
  return word;
}

export function parseCanonical(canonical: string): { given: string; family: string } {
  const bar = canonical.indexOf('|');
  if (bar < 0) return { given: canonical, family: '' };
  return { given: canonical.slice(0, bar), family: canonical.slice(bar + 1) };
}

export interface PersonStandIn {
  readonly given: string;
  readonly family: string;
  readonly gender: Gender;
  readonly register: Register;
}

const fallbackRegister = (): Register => pools.registers[0]!;

/**
 * Core words of a family name (particles left out), or all of its words where each is a particle: then they are the
 * name (`Hung Le`, `Nam Do`: the Vietnamese Lê and Đỗ), not particles of one.
 */
function familyCore(family: string): string[] {
  const words = family.split(/\s+/).filter((w) => w.length > 0);
  const core = words.filter((w) => !PARTICLES.has(w));
  return core.length > 0 ? core : words;
}

/** The register of a name: the first non-anglo register its words belong to (the census lists hold every origin). */
function registerFor(given: string, family: string): Register {
  // a name whose parts are all on the census lists is read as anglo
  const core = familyCore(family);
  if (given && core.length > 0 && inAnglo(given) && core.every(inAnglo)) return fallbackRegister();
  for (const w of core) {
    const i = registerOf(w);
    if (i !== undefined) return pools.registers[i] ?? fallbackRegister();
    if (flagsOf(w) & (SURNAME | SURNAME_RARE)) return fallbackRegister();
  }
  const i = given ? registerOf(given) : undefined;
  return i !== undefined ? (pools.registers[i] ?? fallbackRegister()) : fallbackRegister();
}

const bothGenders = new WeakMap<Register, readonly string[]>();

/** Female then male names of a register, joined once. */
function either(reg: Register): readonly string[] {
  let list = bothGenders.get(reg);
  if (!list) bothGenders.set(reg, (list = [...reg.female, ...reg.male]));
  return list;
}

function givenPool(reg: Register, g: Gender): readonly string[] {
  const anglo = fallbackRegister();
  const list = g === 'f' ? reg.female : g === 'm' ? reg.male : reg.unisex.length > 20 ? reg.unisex : either(reg);
  if (list.length >= 20) return list;
  return g === 'f' ? anglo.female : g === 'm' ? anglo.male : either(anglo);
}

function surnamePool(reg: Register): readonly string[] {
  return reg.surnames.length >= 20 ? reg.surnames : fallbackRegister().surnames;
}

const letterPermutations = new WeakMap<Keyed, Map<string, string>>();

/** A keyed permutation of the 26 letters: the initial a given name's stand-in starts with. */
export function initialImage(letter: string, keyed: Keyed): string {
  let perm = letterPermutations.get(keyed);
  if (!perm) {
    // each letter's PRF value computed once (not twice per comparison)
    const value = new Map([...LETTERS].map((c) => [c, keyed.prf('person-initial', c)]));
    const order = [...LETTERS].sort((a, b) => value.get(a)!.compare(value.get(b)!));
    perm = new Map([...LETTERS].map((c, i) => [c, order[i]!]));
    letterPermutations.set(keyed, perm);
  }
  return perm.get(letter) ?? letter;
}

const byInitial = new WeakMap<readonly string[], Map<string, readonly string[]>>();

const NONE: readonly string[] = [];

/** The names of a pool that start with `letter` (in ASCII folding), in pool order. */
function withInitial(pool: readonly string[], letter: string): readonly string[] {
  let m = byInitial.get(pool);
  if (!m) {
    // the pool is sorted by initial in one pass
    const lists = new Map<string, string[]>();
    for (const n of pool) {
      // a name that starts with an ASCII letter starts with it folded (its marks and the rest come after it)
      const n0 = n.charCodeAt(0);
      const c =
        (n0 >= 65 && n0 <= 90) || (n0 >= 97 && n0 <= 122) ? String.fromCharCode(n0 | 32) : asciiLower(n).charAt(0);
      let list = lists.get(c);
      if (!list) lists.set(c, (list = []));
      list.push(n);
    }
    m = lists;
    byInitial.set(pool, m);
  }
  return m.get(letter) ?? NONE;
}

/** Only letters (and inner apostrophes / hyphens) go into a stand-in name. */
const PLAIN = /^\p{L}+(?:['’-]\p{L}+)*$/u;

const standInCache = new WeakMap<Keyed, Map<string, PersonStandIn>>();

/** The keyed stand-in of a person entity: a pure function of (key, canonical, attempt), part by part. */
export function personStandIn(canonical: string, keyed: Keyed, attempt: number): PersonStandIn {
  let cache = standInCache.get(keyed);
  if (!cache) standInCache.set(keyed, (cache = new Map()));
  const ck = `${attempt}\u0000${canonical}`;
  let s = cache.get(ck);
  if (!s) {
    s = computePersonStandIn(canonical, keyed, attempt);
    if (cache.size < 100000) cache.set(ck, s);
  }
  return s;
}

/**
 * Each part of the stand-in depends on the same part of the original alone: the given name on the given name
 * (its gender and register), the surname on the surname. So `Jane` written alone gets the given name of
 * `Jane Doe`'s stand-in in every trace, whoever else is named there, and `Doe` its surname.
 */
function computePersonStandIn(canonical: string, keyed: Keyed, attempt: number): PersonStandIn {
  const { given, family } = parseCanonical(canonical);
  const gender: Gender = given ? (genderOf(given) ?? 'u') : 'u';
  const givenRegister = given ? registerFor(given, '') : fallbackRegister();
  const register = family ? registerFor('', family) : givenRegister;
  const sp = surnamePool(register);
  // the given name's stand-in starts with the keyed image of its initial, so that a login built from the initial
  // (`jdoe`) gets the same stand-in in a trace that never writes the name out
  const initial = asciiLower(given).charAt(0);
  const all = givenPool(givenRegister, gender);
  const image = initial ? initialImage(initial, keyed) : '';
  let gp = image ? withInitial(all, image) : all;
  // a pool with no name of that initial widens to both genders, then to the census names: the initial matters more
  for (const wider of [givenPool(fallbackRegister(), gender), either(givenRegister), either(fallbackRegister())]) {
    if (gp.length > 0) break;
    gp = withInitial(wider, image);
  }
  if (gp.length === 0) gp = all;
  let g = 'Alex';
  for (let inner = 0; inner < 16; inner++) {
    g = gp[keyed.pick('person-given', `${given}\u0000${attempt}\u0000${inner}`, gp.length)] ?? 'Alex';
    if (PLAIN.test(g) && g.toLowerCase() !== given) break;
  }
  let f = 'Morgan';
  for (let inner = 0; inner < 16; inner++) {
    f = sp[keyed.pick('person-family', `${family}\u0000${attempt}\u0000${inner}`, sp.length)] ?? 'Morgan';
    if (PLAIN.test(f) && f.toLowerCase() !== family && !familyCore(family).includes(f.toLowerCase())) break;
  }
  return { given: g, family: f, gender, register };
}

const WORD = /\p{L}[\p{L}\p{M}]*(?:['’]\p{L}[\p{L}\p{M}]*)*/gu;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

const asciiLowered = new RunMemo<string>(100_000);

/**
 * asciiLower of a string of ASCII characters (NFD and the marks change none of them): `s` itself when it is all
 * a-z already; null for a string with a character past ASCII.
 */
function asciiLowerOfAscii(s: string): string | null {
  let plain = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return null;
    if (c < 97 || c > 122) plain = false;
  }
  return plain ? s : s.toLowerCase().replace(/[^a-z]/g, '');
}

/** `s` folded to a-z (accents dropped, other characters left out); remembered, names come back again and again. */
function asciiLower(s: string): string {
  const ascii = asciiLowerOfAscii(s);
  if (ascii !== null) return ascii;
  let out = asciiLowered.get(s);
  if (out === undefined) {
    out = asciiLowered.set(
      s,
      s
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z]/g, ''),
    );
  }
  return out;
}

/**
 * Renders a written-out name (`Jane Doe`, `DOE, JANE`, `Dr. J. Doe`,
 * `Jane A. de la Cruz`) from the stand-in: each word is mapped by its role.
 */
function renderWords(original: string, canonical: string, s: PersonStandIn, keyed: Keyed, attempt: number): string {
  const { given, family } = parseCanonical(canonical);
  const famCore = familyCore(family);
  const famRest = [...famCore];
  let usedGiven = false;
  let i = 0;
  return original.replace(WORD, (w) => {
    const low = w.toLowerCase();
    i++;
    if (TITLES.has(low)) return w;
    // the given name first, even where it is a particle elsewhere (`Le Van Hung`: the Vietnamese family name Lê
    // written first, read as the given name)
    if (!usedGiven && given && low === given) {
      usedGiven = true;
      return caseAs(w, s.given);
    }
    // then the family name's core, which is its particles where it has nothing else (familyCore)
    const fi = famRest.indexOf(low);
    if (fi >= 0) {
      famRest[fi] = '\u0000';
      const k = famCore.indexOf(low);
      if (k <= 0) return caseAs(w, s.family);
      const sp = surnamePool(s.register);
      return caseAs(w, sp[keyed.pick('person-family2', `${low}\u0000${attempt}`, sp.length)] ?? s.family);
    }
    if (PARTICLES.has(low)) return w;
    if (w.length === 1) {
      if (given && low === given[0] && !usedGiven) return caseAs(w, s.given[0]!);
      if (famCore[0] && low === famCore[0][0]) return caseAs(w, s.family[0]!);
      return caseAs(w, LETTERS[keyed.pick('person-initial', `${canonical}\u0000${attempt}\u0000${i}`, 26)]!);
    }
    // a middle name or a word the canonical does not hold: a keyed name of the same kind
    const pool = givenPool(s.register, s.gender);
    return caseAs(w, pool[keyed.pick('person-middle', `${low}\u0000${attempt}`, pool.length)] ?? s.given);
  });
}

/** The parts of a canonical and of its stand-in that a compact form is matched against, in the order tried. */
interface HandleAlternatives {
  readonly none: boolean;
  readonly alts: readonly (readonly [string, string])[];
}

/**
 * The alternatives computed, by stand-in, then canonical: a run cache of at most ALTERNATIVE_OWNERS stand-ins (each
 * person of a trace has a stand-in of its own, so a map that lived as long as they do held about 1 KiB for every
 * person of a trace of many people); a compact form is rendered again and again against one person.
 */
const handleAlternatives = runMap<PersonStandIn, Map<string, HandleAlternatives>>();
const ALTERNATIVE_OWNERS = 4096;

function alternativesOf(canonical: string, s: PersonStandIn): HandleAlternatives {
  let byCanonical = handleAlternatives.get(s);
  if (!byCanonical) {
    if (handleAlternatives.size >= ALTERNATIVE_OWNERS) handleAlternatives.clear();
    handleAlternatives.set(s, (byCanonical = new Map()));
  }
  let found = byCanonical.get(canonical);
  if (found) return found;
  const { given, family } = parseCanonical(canonical);
  const g = asciiLower(given);
  const f = asciiLower(familyCore(family).join(''));
  // an initial alone (`j|doe`, from `jdoe` or `J. Doe`) stands for the stand-in's initial
  const G = g.length === 1 ? asciiLower(s.given).charAt(0) : asciiLower(s.given);
  const F = asciiLower(s.family);
  const alts: [string, string][] = [];
  if (g && f) {
    alts.push([g + f, G + F], [f + g, F + G], [g[0] + f, G[0] + F], [f + g[0], F + G[0]], [g + f[0], G + F[0]]);
    alts.push([g[0]! + f[0]!, G[0]! + F[0]!]);
  }
  if (g) alts.push([g, G]);
  if (f) alts.push([f, F]);
  if (g) alts.push([g[0]!, G[0]!]);
  if (f) alts.push([f[0]!, F[0]!]);
  found = { none: !g && !f, alts };
  if (byCanonical.size < 1000) byCanonical.set(canonical, found);
  return found;
}

/**
 * The folded parts a compact form's letter segments may spell for a canonical: the first of each pair
 * `alternativesOf` gives, without a stand-in (the parts do not depend on it). Empty where it gives none.
 */
function handleParts(canonical: string): string[] {
  const { given, family } = parseCanonical(canonical);
  const g = asciiLower(given);
  const f = asciiLower(familyCore(family).join(''));
  const parts: string[] = [];
  if (g && f) parts.push(g + f, f + g, g[0] + f, f + g[0], g + f[0], g[0]! + f[0]!);
  if (g) parts.push(g);
  if (f) parts.push(f);
  if (g) parts.push(g[0]!);
  if (f) parts.push(f[0]!);
  return parts;
}

const HANDLE_SEGMENT = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\d+|[^\p{L}\d]+/gu;
const LETTER_FIRST = /^\p{L}/u;

/** A compact form cut into segments; `lows[i]` is segment i folded to a-z, or null where it starts with no letter. */
interface HandleSegments {
  readonly original: string;
  readonly segs: readonly string[];
  readonly lows: readonly (string | null)[];
}

let lastSegments: HandleSegments | null = null;
runCache({
  get size() {
    return lastSegments === null ? 0 : 1;
  },
  clear() {
    lastSegments = null;
  },
});

/**
 * A compact form's segments: letter runs split at separators, digits and camelCase humps (the last one kept).
 * The last form is remembered: it is rendered against one person after another.
 */
function handleSegments(original: string): HandleSegments | null {
  if (lastSegments === null || original !== lastSegments.original) {
    const segs = original.match(HANDLE_SEGMENT);
    if (!segs) return null;
    lastSegments = { original, segs, lows: segs.map((seg) => (LETTER_FIRST.test(seg) ? asciiLower(seg) : null)) };
  }
  return lastSegments;
}

/**
 * Renders a compact form (`jdoe`, `jane.doe`, `doej`, `JaneDoe`,
 * `mia_li_3668`) from the stand-in, or null when the form is not built
 * from the canonical's parts.
 */
export function renderHandle(original: string, canonical: string, s: PersonStandIn, keyed: Keyed): string | null {
  const { none, alts } = alternativesOf(canonical, s);
  if (none) return null;
  const handle = handleSegments(original);
  if (!handle) return null;
  const { segs, lows } = handle;
  let matched = false;
  let digits = false;
  const out: string[] = [];
  for (let k = 0; k < segs.length; k++) {
    const seg = segs[k]!;
    const low = lows[k];
    if (typeof low !== 'string') {
      out.push(seg);
      // a segment that starts with a digit is a run of digits (HANDLE_SEGMENT)
      if (isDigitCode(seg.charCodeAt(0))) digits = true;
      continue;
    }
    let to: string | null = null;
    for (const alt of alts) {
      if (low === alt[0]) {
        to = alt[1];
        break;
      }
    }
    // a letter segment built from no part: not this person's form
    if (to === null) return null;
    matched = true;
    out.push(caseAs(seg, to));
  }
  if (!matched) return null;
  if (!digits) return out.join('');
  // digit runs (`mia_li_3668`) get keyed digits, once the letters are known to match; a letter segment's stand-in
  // holds no digit; they are keyed on the name without its accents, as a login writes it (`sofia.olivares40` of
  // `Sofía Olivares` named in one trace, of `sofia|olivares` read from the login alone in another)
  const bare = /[^\x00-\x7f]/.test(canonical) ? canonical.normalize('NFD').replace(/\p{M}/gu, '') : canonical;
  let r = '';
  for (const seg of out) r += isDigitCode(seg.charCodeAt(0)) ? keyed.permute(seg, `person-digits\u0000${bare}`) : seg;
  return r;
}

/**
 * The distinct folded letter segments of a compact form, sorted, or null where it has none: `renderHandle` renders
 * the form for a canonical exactly when every one of them is among the canonical's `handleParts`.
 */
export function handleLetterParts(original: string): string[] | null {
  const handle = handleSegments(original);
  if (!handle) return null;
  const lows = new Set<string>();
  for (const low of handle.lows) if (typeof low === 'string') lows.add(low);
  return lows.size === 0 ? null : [...lows].sort();
}

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;

/** Renders any surface of a person from the stand-in of its entity. */
export function renderPerson(original: string, canonical: string, keyed: Keyed, attempt: number): string {
  if (isCjk(original)) return renderCjk(original, canonical, keyed, attempt);
  const s = personStandIn(canonical, keyed, attempt);
  if (/[\s,]/.test(original) || /^[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)?$/u.test(original)) {
    return renderWords(original, canonical, s, keyed, attempt);
  }
  return renderHandle(original, canonical, s, keyed) ?? renderWords(original, canonical, s, keyed, attempt);
}

// ------------------------------------------------------------------ organisations

/** Legal-form suffixes, lower case, without dots (matched after removing dots). */
export const LEGAL_SUFFIXES = new Set(
  `inc incorporated llc llp lp ltd limited plc corp corporation co company gmbh ag kg ohg ug ev sa sas sarl sasu sl srl spa sàrl
  bv nv vof pty pvt pte kk gk oy oyj ab asa as aps sro zrt kft sp zoo sdn bhd tbk jsc ojsc pjsc ooo oao zao se nv ltda sc scs
  cv sab sapi sae eirl lda bhd`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Splits an organisation surface into core words and the trailing legal suffix text (kept verbatim). */
export function splitLegal(original: string): { core: string; suffix: string } {
  let end = original.length;
  let core = original;
  for (;;) {
    const m = /(?:[\s,]+|^)([\p{L}.&/]+)\.?$/u.exec(core);
    if (!m || m.index === 0) break;
    const w = m[1]!.replace(/[.&/]/g, '').toLowerCase();
    // `&` before a legal form belongs to it (`GmbH & Co. KG`, `Johnson & Co.`)
    if (!LEGAL_SUFFIXES.has(w) && !(m[1] === '&' && end < original.length)) break;
    end = m.index;
    core = original.slice(0, end);
  }
  return { core, suffix: original.slice(end) };
}

/** The canonical of an organisation name: core words, lower case, single-spaced. */
export function orgCanonical(name: string): string {
  return splitLegal(name.trim())
    .core.toLowerCase()
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .trim();
}

function companyWords(): readonly string[] {
  return pools.companyWords;
}

/**
 * Words that say what kind of organisation a name is (`Labs`, `Dental Clinic`, `Logistics`): a twin keeps them
 * and replaces the words that say which one (`Zentrix Labs` → `Glorious Labs`).
 */
const ORG_HEAD_WORDS: ReadonlySet<string> = new Set(
  `labs lab systems solutions technologies technology tech software group partners associates health healthcare
  capital analytics logistics consulting consultants media studio studios networks ventures holdings industries
  insurance energy pharma pharmaceuticals biotech therapeutics diagnostics robotics dynamics airlines airways clinic
  clinics dental medical orthopaedic orthopedic pharmacy hospital practice surgery family bakery cafe restaurant
  kitchen foods farms realty properties estates law legal accounting advisors advisory foundation institute academy
  school college freight shipping transport travel hotel hotels motors construction builders manufacturing security
  services bank trust finance financial digital design agency marketing communications telecom wireless`.split(/\s+/),
);

/** Whether a lower-case word says what kind of organisation a name is (`labs`, `clinic`). */
export function isOrgHeadWord(lower: string): boolean {
  return ORG_HEAD_WORDS.has(lower);
}

/** An organisation core's words that say which one (`Pinewood`) and the head words after them (`Dental Clinic`). */
export function splitHead(core: string): { name: string; head: string } {
  const words = core.split(' ');
  let k = words.length;
  while (k > 1 && ORG_HEAD_WORDS.has(words[k - 1]!.toLowerCase())) k--;
  return { name: words.slice(0, k).join(' '), head: words.slice(k).join(' ') };
}

/** The stand-in core words of an organisation (lower case): as many as its words that say which one, 1 or 2. */
export function orgStandInWords(canonical: string, keyed: Keyed, attempt: number): string[] {
  const words = companyWords();
  const distinct = splitHead(canonical).name;
  const n = Math.max(1, Math.min(2, distinct.split(' ').filter((w) => w.length > 0).length));
  for (let inner = 0; ; inner++) {
    const out: string[] = [];
    for (let k = 0; k < n; k++)
      out.push(
        words[keyed.pick(`org-w${k}`, `${canonical}\u0000${attempt}\u0000${inner}`, words.length)] ?? 'northwind',
      );
    if ((out.join(' ') !== distinct && new Set(out).size === out.length) || inner > 8) return out;
  }
}

/** The domain label matching an organisation's stand-in (`blue-harbor` keeps its hyphen). */
export function orgDomainLabel(canonical: string, originalLabel: string, keyed: Keyed, attempt = 0): string {
  const w = orgStandInWords(canonical, keyed, attempt);
  // the head words stay where the label spells them too (`acme-robotics` → `illusion-robotics`)
  const head = splitHead(canonical).head;
  const heads = head.length > 0 ? head.split(' ') : [];
  const keep = heads.length > 0 && originalLabel.toLowerCase().replace(/[-_]/g, '').endsWith(heads.join(''));
  return [...w, ...(keep ? heads : [])].join(originalLabel.includes('-') ? '-' : '');
}

const title = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);

export function renderOrg(original: string, canonical: string, keyed: Keyed, attempt: number): string {
  const words = orgStandInWords(canonical, keyed, attempt);
  const { core, suffix } = splitLegal(original);
  const trimmed = core.trimEnd();
  const gap = core.slice(trimmed.length);
  let out: string;
  if (/\s/.test(trimmed)) {
    // the head words stay as written: `Pinewood Dental Clinic` → `Glorious Dental Clinic`
    const { head } = splitHead(trimmed);
    out = words.map(title).join(' ') + (head.length > 0 ? ` ${head}` : '');
  } else if (/[-_.]/.test(trimmed)) {
    const sep = /[-_.]/.exec(trimmed)![0];
    out = words.join(sep);
  } else if (/\p{Ll}\p{Lu}/u.test(trimmed)) {
    out = words.map(title).join('');
  } else {
    out = words.length > 1 && /^\p{Lu}/u.test(trimmed) ? words.map(title).join('') : words.join('');
    if (/^\p{Lu}/u.test(trimmed)) out = title(out);
  }
  return caseAs(trimmed, out) + gap + suffix;
}

export const personGenerator: StandInGenerator = {
  generate: (original, canonical, keyed, attempt) => renderPerson(original, canonical, keyed, attempt),
};

export const organisationGenerator: StandInGenerator = {
  generate: (original, canonical, keyed, attempt) => renderOrg(original, canonical, keyed, attempt),
};

export const peopleGenerators: Partial<Record<Kind, StandInGenerator>> = {
  person: personGenerator,
  organisation: organisationGenerator,
};

/** For the tests that compare the fast paths with plain readings. */
export { alternativesOf, asciiLower, handleParts, withInitial, HANDLE_SEGMENT };
