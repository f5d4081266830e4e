/**
 * How person and organisation mentions become findings, and what the
 * resolution phase remembers of them.
 */
import type { FindingSink } from '../../types';
import { functionWord, isPlainWord, neverName } from './score';
import { FIRST, SURNAME, flagsOf, isDemonym, isPlace, isPublicOrg } from './lexicon';
import { orgCanonical, splitHead, splitLegal } from '../../standins/people';
import { isCjk } from '../../standins/cjk';
import type { PeopleState } from './state';
import { own } from '../../strings';
import { runMap } from '../../memo';

/** Names remembered by the memos below, each. */
const MEMO_SIZE = 20000;
const canonicals = runMap<string, string>();
const cores = runMap<string, string>();

/**
 * orgCanonical, remembered: the same organisation names come again and again,
 * and the legal-suffix pattern behind it is slow on them.
 */
export function orgCanonicalOf(name: string): string {
  let c = canonicals.get(name);
  if (c === undefined) {
    c = own(orgCanonical(name));
    if (canonicals.size >= MEMO_SIZE) canonicals.clear();
    canonicals.set(own(name), c);
  }
  return c;
}

/** The core of an organisation surface without its legal suffix (`splitLegal(…).core.trim()`), remembered. */
function coreOf(surface: string): string {
  let c = cores.get(surface);
  if (c === undefined) {
    c = own(splitLegal(surface).core.trim());
    if (cores.size >= MEMO_SIZE) cores.clear();
    cores.set(own(surface), c);
  }
  return c;
}

/** Whether `key` (a report without a place) is new to this trace; remembered. */
function firstReport(st: PeopleState, key: string): boolean {
  if (st.reported.has(key)) return false;
  // a flat copy: the key is built from slices of the chunk
  st.reported.add(own(key));
  return true;
}

/** Words that end a place's name (`Santa Clara Valley`, `Dallas Street`, `North Sea`), lower case. */
const PLACE_HEADS = new Set(
  `street avenue road boulevard valley sea ocean river lake mountains island islands bay gulf coast peninsula desert
  county province region`.split(/\s+/),
);
const COMPASS = new Set(['north', 'south', 'east', 'west']);

/**
 * Whether a name of two words or more reads as a place's: it ends in a word that heads places' names after a place
 * (`Santa Clara Valley`, `Dallas Street`) or a point of the compass (`Brent North Sea`).
 */
export function placeShaped(lowerSurface: string): boolean {
  const cut = lowerSurface.lastIndexOf(' ');
  if (cut <= 0 || !PLACE_HEADS.has(lowerSurface.slice(cut + 1))) return false;
  const rest = lowerSurface.slice(0, cut);
  return isPlace(rest) || COMPASS.has(rest.slice(rest.lastIndexOf(' ') + 1));
}

/**
 * A nationality or a religion, or its people (data/demonyms.json), is no one's name, whichever rule or model read
 * it as one: a whole name that is one (`Sunni`); a surname that is one and no common surname, after a given name
 * that is no common given name or is one too (`British Muslim`; `Irvine Welsh` stays a person); a given name that is
 * one heading a two-word name whose other word is no common surname (`Sunni Arab`, while `Christian Bale` stays a
 * person).
 */
function demonymName(lower: string, given: string, family: string): boolean {
  if (isDemonym(lower)) return true;
  if (isDemonym(family) && !(flagsOf(family) & SURNAME) && (isDemonym(given) || !(flagsOf(given) & FIRST))) return true;
  return isDemonym(given) && lower.indexOf(' ') === lower.lastIndexOf(' ') && !(flagsOf(family) & SURNAME);
}

/**
 * A nationality or religion alone is no name unless it is also a common given name or surname (`Muslim`, `Jews`;
 * `Christian` stays).
 */
function demonymAlone(name: string): boolean {
  return isDemonym(name) && !(flagsOf(name) & (FIRST | SURNAME));
}

/** A full name (given and family known). */
export function reportPerson(
  sink: FindingSink,
  st: PeopleState,
  surface: string,
  given: string,
  family: string,
  initialOnly = false,
): void {
  if (!firstReport(st, `p${initialOnly ? 'i' : ''}\u0001${surface}\u0001${given}\u0001${family}`)) return;
  surface = own(surface);
  given = own(given);
  family = own(family);
  if (surface.length < 3 && !(surface.length === 2 && isCjk(surface))) return;
  // a place's whole name (`Sierra Leone`, `Los Angeles`, `Santa Clara Valley`) is no one's, whatever its words are
  // as names
  const lower = surface.toLowerCase();
  if (isPlace(lower) || placeShaped(lower)) return;
  // a month or a day is no surname (`In July 2016`), whichever rule or model read it as one
  if (neverName(family)) return;
  if (demonymName(lower, given, family)) return;
  if (initialOnly || (given.length === 1 && !isCjk(given))) {
    // `J. Doe`: a surname with an initial; linked to a full name in resolution
    reportLone(sink, st, surface, 'family', family, true);
    return;
  }
  const canonical = `${given}|${family}`;
  sink.add({ kind: 'person', surface, canonical, caseInsensitive: true });
  let p = st.persons.get(canonical);
  if (!p) st.persons.set(canonical, (p = { canonical, given, family, surfaces: new Set() }));
  p.surfaces.add(surface);
}

/**
 * A first name or surname alone. Replaced everywhere when it is no common
 * word (or carries a title); otherwise, or when `local`, only where it was found (`at`).
 */
export function reportLone(
  sink: FindingSink,
  st: PeopleState,
  surface: string,
  role: 'given' | 'family',
  name: string,
  titled: boolean,
  at?: number,
  local = false,
): void {
  // a calendar word alone (`on 7 June 2014`, `in August`) is a date, whichever rule or model read it as a name
  if (neverName(name)) return;
  // nor is a function word alone (`added to The Cat Album`, `Manager Of The Year`), capitalised in a title
  if (functionWord(name)) return;
  if (demonymAlone(name)) return;
  surface = own(surface);
  name = own(name);
  const canonical = role === 'given' ? `${name}|` : `|${name}`;
  const global = !local && (titled || !isPlainWord(name)) && surface.length >= 3;
  if (global) sink.add({ kind: 'person', surface, canonical, caseInsensitive: true });
  else if (at !== undefined)
    sink.add({ kind: 'person', surface, canonical, at: { start: at, end: at + surface.length } });
  else return;
  const key = `${role}\u0000${surface}`;
  if (!st.loneSeen.has(key)) {
    st.loneSeen.add(key);
    st.lone.push({ surface, role, name });
  }
}

/** An organisation name; its core without legal suffix is replaced too when it is no common word. */
export function reportOrg(
  sink: FindingSink,
  st: PeopleState,
  surface: string,
  canonical: string,
  confidential: boolean,
): void {
  if (!firstReport(st, `o${confidential ? 'c' : ''}\u0001${surface}\u0001${canonical}`)) return;
  surface = own(surface);
  canonical = own(canonical);
  if (surface.length < 3) return;
  sink.add({ kind: 'organisation', surface, canonical, caseInsensitive: true });
  let o = st.orgs.get(canonical);
  if (!o) st.orgs.set(canonical, (o = { canonical, surfaces: new Set(), confidential }));
  o.surfaces.add(surface);
  const core = coreOf(surface);
  if (
    core !== surface &&
    core.length >= 3 &&
    (confidential || (!isPlainWord(core.toLowerCase()) && !isPublicOrg(core.toLowerCase())))
  ) {
    sink.add({ kind: 'organisation', surface: core, canonical, caseInsensitive: true });
    o.surfaces.add(core);
  }
  // the one word that says which organisation, before the words that say what kind (`Zentrix` of `Zentrix Labs
  // Ltd`), written alone elsewhere, names it too: a word of no list, no English word, place or public name
  const name = splitHead(core).name;
  if (name !== core && name.length >= 3 && !/\s/.test(name)) {
    const lower = name.toLowerCase();
    if (confidential || (flagsOf(lower) === 0 && !isPlace(lower) && !isPublicOrg(lower) && /^\p{Lu}/u.test(name))) {
      sink.add({ kind: 'organisation', surface: name, canonical, caseInsensitive: true });
      o.surfaces.add(name);
    }
  }
}
