/**
 * Entity resolution, run once after pass one: mentions of one person or
 * organisation become one entity with one stand-in.
 *
 * - A full name's parts (`Jane`, `Doe`, `Doe, Jane`, `J. Doe`) are replaced
 *   everywhere, rendered from the whole's stand-in; a first name or surname
 *   seen alone (`Hi Jane,`, `Dr. Doe`) takes the stand-in of the full name it
 *   belongs to.
 * - E-mail local parts, user names, handles and home-directory names found
 *   by the account detectors (`jane.doe@…`, `jdoe`, `/Users/jdoe`,
 *   `mia_li_3668`) that are built from a person's name are rendered from that
 *   person's stand-in.
 * - An organisation's domains and e-mail domains (`acme.io`, `mail.acme.io`,
 *   `jane@acme.io`) take a domain label built from the organisation's
 *   stand-in; a private e-mail domain's label (`Acme` for `acme.io`) is
 *   replaced as an organisation name.
 */
import type { DetectContext, Keyed, ResolveSink } from '../../types';
import {
  asciiLower,
  caseAs,
  handleLetterParts,
  handleParts,
  orgCanonical,
  orgDomainLabel,
  personStandIn,
  renderHandle,
  renderPerson,
  type PersonStandIn,
} from '../../standins/people';
import { remembered } from '../../memo';
import { generatorFor } from '../../standins';
import { emailDomainStandIn, respell, splitEmail } from '../../standins/accounts/email';
import { isSpelled } from '../accounts/spelled';
import { isCjk } from '../../standins/cjk';
import { isPublicDomain, publicSuffixOf, registrableDomain, ROLE_LOCALS } from '../accounts/lists';
import { internalHostDomain } from '../accounts/hosts';
import { familyScore, givenScore, isPlainWord, neverName, runTogetherName } from './score';
import { flagsOf, isPlace, isPublicOrg, FIRST, SURNAME } from './lexicon';
import { reportOrg, reportPerson } from './report';
import { confirmWeakNames } from './learned/detect';
import type { OrgEntity, PeopleState, PersonEntity } from './state';

/** A name or login folded to a-z (accents dropped, other characters left out). */
const fold = asciiLower;

interface Resolved {
  readonly person: PersonEntity;
  readonly standIn: PersonStandIn;
  readonly attempt: number;
}

function choosePersonStandIns(persons: Iterable<PersonEntity>, sink: ResolveSink, keyed: Keyed): Resolved[] {
  const out: Resolved[] = [];
  // full stand-ins taken, each with whose name it is (folded): the same name written with and without its
  // accents (`Céline Girard`, `celine.girard@…`) is one person and keeps one stand-in, whatever else the trace
  // holds; only another name is moved on
  const taken = new Map<string, string>();
  // the parts of every name of the trace: a stand-in part equal to one (`Harriet` for `Oluwaseun` where
  // `Harriet Halloran` is named) would be replaced again as that name, half by another person's stand-in
  const all = [...persons];
  const parts = new Set<string>();
  for (const p of all) {
    if (p.given) parts.add(p.given);
    if (p.family) parts.add(p.family);
  }
  for (const p of all) {
    const own = `${fold(p.given)}|${fold(p.family)}`;
    let attempt = 0;
    let s = personStandIn(p.canonical, keyed, 0);
    for (; attempt < 16; attempt++) {
      s = personStandIn(p.canonical, keyed, attempt);
      const full = `${s.given} ${s.family}`;
      const clash =
        // a part of the stand-in equal to the same part of the original would leave it in the twin
        s.given.toLowerCase() === p.given ||
        s.family.toLowerCase() === p.family ||
        parts.has(s.given.toLowerCase()) ||
        parts.has(s.family.toLowerCase()) ||
        (taken.get(full.toLowerCase()) ?? own) !== own ||
        sink.has(full) ||
        sink.has(s.given) ||
        sink.has(s.family) ||
        sink.has(s.given.toLowerCase()) ||
        sink.has(s.family.toLowerCase());
      if (!clash) break;
    }
    if (!taken.has(`${s.given} ${s.family}`.toLowerCase())) taken.set(`${s.given} ${s.family}`.toLowerCase(), own);
    out.push({ person: p, standIn: s, attempt: Math.min(attempt, 15) });
  }
  return out;
}

/** A person's name parts folded to a-z, for matching logins. */
interface Folded {
  readonly r: Resolved;
  readonly g: string;
  readonly f: string;
}

type Found = ReturnType<ResolveSink['found']> extends Iterable<infer T> ? T : never;

/** `jane.doe`, `jane_doe`, `jane-doe`: an e-mail local part made of a first name and a surname. */
const NAME_LOCAL = /^([a-z]{2,20})[._-]([a-z]{2,20})\d{0,4}$/;

/** A part of an e-mail local part that can be a name no list knows: letters with a vowel, no word, no role. */
function unlistedPart(w: string): boolean {
  return (
    w.length >= 3 &&
    /[aeiouy]/.test(w) &&
    !isPlainWord(w) &&
    !(w.endsWith('s') && isPlainWord(w.slice(0, -1))) &&
    !ROLE_LOCALS.has(w) &&
    !neverName(w) &&
    !isPlace(w) &&
    // a public organisation or product, or a word the lexicon knows otherwise, scores below an unknown word
    familyScore(w, true) >= 1.2
  );
}

/**
 * `unebritha.ysunefel@…`: a first name and a surname that no name list knows, joined by a dot. Both parts must be
 * able to be names (`unlistedPart`); lists and role mailboxes (`smu-betas@`, `build-alerts@`) are joined by a
 * hyphen or name a word, and stay.
 */
function unlistedNamePair(given: string, family: string): boolean {
  return unlistedPart(given) && unlistedPart(family);
}

/**
 * People named by their e-mail address: `hayoon.park@…` says that `Hayoon Park` is a person, so the name is
 * replaced wherever it is written, even where the text around it would not say so.
 */
function personsFromEmails(st: PeopleState, sink: ResolveSink, found: readonly Found[]): void {
  for (const f of found) {
    if (f.kind !== 'email') continue;
    const at = f.text.lastIndexOf('@');
    const m = at > 0 ? NAME_LOCAL.exec(f.text.slice(0, at).toLowerCase()) : null;
    if (!m) continue;
    const given = m[1]!;
    const family = m[2]!;
    if (st.persons.has(`${given}|${family}`) || isPlainWord(given) || isPublicOrg(given) || isPublicOrg(family))
      continue;
    const listed = givenScore(given, true) >= 1 || familyScore(family, true) >= 1.5;
    if (!listed && !(f.text[m[1]!.length] === '.' && unlistedNamePair(given, family))) continue;
    if (isPlainWord(family) && familyScore(family, true) < 1) continue;
    const title = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
    reportPerson(sink, st, `${title(given)} ${title(family)}`, given, family);
  }
}

/**
 * The login rendered (`render`) from the first of `people` (in their order) that it names and whose
 * name parts spell every letter segment of it (those `renderHandle` renders), or null. Each part (`handleParts`)
 * lists the people it belongs to; a login's people are read from the shortest list of its segments, from the first
 * one that spells them all (remembered by the set of segments), rather than by trying every person the login names:
 * a login is often named by a first name that thousands share (`anna.k3f@…`), while few of them spell its other
 * segments. The work is then one read per login, plus, once per set of segments, its shortest list up to the first
 * that spells them all, plus those that spell a login without being named by it.
 * `count.examined` counts the people read (for the test of the work's shape).
 */
function handleReaders(
  people: readonly Folded[],
  render: (login: string, p: Folded) => string | null,
  count: { examined: number } = { examined: 0 },
): (login: string) => string | null {
  const parts = people.map((p) => handleParts(p.r.person.canonical));
  const byPart = new Map<string, number[]>();
  parts.forEach((list, i) => {
    for (const part of list) {
      let has = byPart.get(part);
      if (!has) byPart.set(part, (has = []));
      if (has[has.length - 1] !== i) has.push(i);
    }
  });
  const spells = (i: number, segments: readonly string[]): boolean => {
    count.examined++;
    const own = parts[i]!;
    for (const seg of segments) if (!own.includes(seg)) return false;
    return true;
  };
  // by a set of segments: the shortest list of its people and where in it the first that spells them all stands
  const starts = new Map<string, { list: readonly number[]; at: number }>();
  return (login) => {
    const segments = handleLetterParts(login);
    if (segments === null) return null;
    const l = fold(login);
    if (l.length < 3) return null;
    const key = segments.join('\u0000');
    let start = starts.get(key);
    if (start === undefined) {
      let list: readonly number[] = [];
      for (const seg of segments) {
        const has = byPart.get(seg);
        if (!has) {
          list = [];
          break;
        }
        if (seg === segments[0] || has.length < list.length) list = has;
      }
      let at = 0;
      while (at < list.length && !spells(list[at]!, segments)) at++;
      starts.set(key, (start = { list, at }));
    }
    const { list } = start;
    for (let k = start.at; k < list.length; k++) {
      const i = list[k]!;
      const p = people[i]!;
      // named: a surname, or a first name that is not a plain word, of three letters or more, inside the login
      const named = (p.f.length >= 3 && l.includes(p.f)) || (p.g.length >= 3 && !isPlainWord(p.g) && l.includes(p.g));
      if (!named || !spells(i, segments)) continue;
      const s = render(login, p);
      if (s !== null) return s;
    }
    return null;
  };
}

export function resolvePeople(st: PeopleState, sink: ResolveSink, keyed: Keyed, _ctx: DetectContext): void {
  // what pass one found, read once: what resolution adds below is people and organisations only
  const found: Found[] = [...sink.found()];
  confirmWeakNames(st, sink);
  personsFromEmails(st, sink, found);
  const resolved = choosePersonStandIns(st.persons.values(), sink, keyed);
  const byGiven = new Map<string, Resolved>();
  const byFamily = new Map<string, Resolved>();
  for (const r of resolved) {
    if (!byGiven.has(r.person.given)) byGiven.set(r.person.given, r);
    if (!byFamily.has(r.person.family)) byFamily.set(r.person.family, r);
  }
  const render = (r: Resolved, surface: string): string => renderPerson(surface, r.person.canonical, keyed, r.attempt);

  for (const r of resolved) {
    const { given, family, canonical } = r.person;
    if (isCjk(given + family)) {
      // a name in a CJK script: its given name and a surname of two or more characters stand alone too
      for (const part of [given, family]) {
        if (part.length < 2) continue;
        if ((part === given ? byGiven : byFamily).get(part) !== r) continue;
        sink.add({ kind: 'person', surface: part, canonical });
        r.person.surfaces.add(part);
      }
      for (const s of r.person.surfaces) sink.pin(s, render(r, s));
      continue;
    }
    // parts of the whole, replaced wherever they stand
    const gDisplay = given.charAt(0).toUpperCase() + given.slice(1);
    const fDisplay = family.replace(/(^|[\s'’-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());
    const forms = [`${fDisplay}, ${gDisplay}`, `${gDisplay.charAt(0)}. ${fDisplay}`];
    const fl = flagsOf(family.split(' ').pop() ?? family);
    // a part that is a calendar word or a place (`June`, `Georgia`) is replaced where it stands in the name, not
    // wherever it stands: `7 June 2014` and `Atlanta, Georgia` are no one
    const alone = (part: string): boolean =>
      !isPlainWord(part) && part.length >= 3 && !isPublicOrg(part) && !neverName(part) && !isPlace(part);
    if (alone(given) && byGiven.get(given) === r) forms.push(gDisplay);
    if (alone(family) && byFamily.get(family) === r) forms.push(fDisplay);
    else if (
      fl & SURNAME &&
      !(fl & FIRST) &&
      family.length >= 3 &&
      byFamily.get(family) === r &&
      !isPublicOrg(family) &&
      !isPlace(family)
    ) {
      // a surname that is also a word (`Brown`) is replaced in Title Case only
      sink.add({ kind: 'person', surface: fDisplay, canonical });
      sink.pin(fDisplay, render(r, fDisplay));
    }
    for (const form of forms) {
      sink.add({ kind: 'person', surface: form, canonical, caseInsensitive: true });
      r.person.surfaces.add(form);
    }
    for (const s of r.person.surfaces) sink.pin(s, render(r, s));
  }

  // lone names take the stand-in of the full name they belong to (a surname alone also the end of a longer one)
  const byFamilyEnd = new Map<string, Resolved>();
  for (const r of resolved) {
    const family = r.person.family;
    for (let k = family.indexOf(' '); k >= 0; k = family.indexOf(' ', k + 1)) {
      const end = family.slice(k + 1);
      if (!byFamilyEnd.has(end)) byFamilyEnd.set(end, r);
    }
  }
  // (in the role it was reported in, else in the other: `Buck` alone, reported as a given name, is Jane Buck's
  // surname where the trace names her, and `Sungjoo` alone, a word on no list, Sungjoo Lee's given name)
  for (const lone of st.lone) {
    const asGiven = byGiven.get(lone.name);
    const asFamily = byFamily.get(lone.name) ?? byFamilyEnd.get(lone.name);
    const given = lone.role === 'given' ? asGiven !== undefined || asFamily === undefined : asFamily === undefined;
    const r = given ? asGiven : asFamily;
    if (!r) continue;
    if (given && !isCjk(lone.surface)) sink.pin(lone.surface, caseAs(lone.surface, r.standIn.given));
    else sink.pin(lone.surface, render(r, lone.surface));
  }

  // organisations: link domains; private e-mail domains name organisations too
  const orgByLabel = new Map<string, OrgEntity>();
  for (const o of st.orgs.values()) {
    const compact = o.canonical.replace(/[^\p{L}\p{N}]/gu, '');
    if (compact.length >= 2 && !orgByLabel.has(compact)) orgByLabel.set(compact, o);
  }
  // `brightwave.io`, `db.brightwave.internal` of `Brightwave Logistics`: a distinctive first word is a domain label
  for (const o of st.orgs.values()) {
    const first = /^[\p{L}\p{N}]+/u.exec(o.canonical)?.[0];
    if (first === undefined || first.length < 4 || first.length === o.canonical.length) continue;
    if (isPlainWord(first) || isPublicOrg(first) || orgByLabel.has(first)) continue;
    orgByLabel.set(first, o);
  }
  for (const f of found) {
    if (f.kind !== 'domain') continue;
    const label = domainLabel(f.text);
    if (!label || orgByLabel.has(label.replace(/-/g, ''))) continue;
    const lowLabel = label.toLowerCase();
    if (lowLabel.length < 4 || isPlainWord(lowLabel) || isPublicOrg(lowLabel) || flagsOf(lowLabel) & (FIRST | SURNAME))
      continue;
    if (!/^[a-z][a-z0-9]*$/.test(lowLabel)) continue;
    reportOrg(sink, st, label.charAt(0).toUpperCase() + label.slice(1), lowLabel, false);
    orgByLabel.set(lowLabel, st.orgs.get(lowLabel)!);
  }
  // a pure function of the domain once the organisations are known: e-mail domains come again and again
  const domainStandIn = remembered((domain: string): string | null => {
    const reg = registrableDomain(domain);
    const suffix = publicSuffixOf(reg);
    const label = reg.slice(0, reg.length - suffix.length - 1);
    if (label.length === 0) return null;
    const org = orgByLabel.get(label.toLowerCase().replace(/-/g, ''));
    // a host under an internal suffix (`brightwave.internal`) is private though its suffix is reserved
    if (isPublicDomain(domain.toLowerCase()) && internalHostDomain(domain) === null && !org?.confidential) return null;
    // Without an organisation named in this trace, the label itself names it (`pellucid-robotics` ↔
    // `Pellucid Robotics`): the stand-in then depends on the domain alone, so it is the same in every trace.
    const canonical = org?.canonical ?? orgCanonical(label.replace(/[-_]+/g, ' '));
    if (canonical.length === 0) return null;
    const sub = domain.slice(0, domain.length - reg.length);
    return sub + orgDomainLabel(canonical, label, keyed) + '.' + suffix.toLowerCase();
  });
  const people: Folded[] = resolved.map((r) => ({
    r,
    g: fold(r.person.given),
    f: fold(r.person.family.split(' ').pop() ?? ''),
  }));
  const readLogin = handleReaders(people, (login, p) => renderHandle(login, p.r.person.canonical, p.r.standIn, keyed));
  // a pure function of the login: one login is the local part of several e-mails, a user name and a handle
  const loginStandIn = remembered((login: string): string | null => {
    let s = readLogin(login);
    if (s === null) {
      // a login built from a name nobody writes out in this trace: rendered from that name's stand-in all the same
      const canonical = nameOfLogin(login);
      if (canonical) s = renderHandle(login, canonical, personStandIn(canonical, keyed, 0), keyed);
    }
    return s;
  });
  /** The stand-in resolution fixes for an e-mail, user name or handle, or null when it leaves it to the generator. */
  const linkedStandIn = (text: string, kind: Found['kind'], canonical: string): string | null => {
    let local = text;
    let domainPart = '';
    let at = '';
    if (kind === 'email') {
      const i = text.lastIndexOf('@');
      if (i <= 0) return null;
      local = text.slice(0, i);
      at = '@';
      domainPart = text.slice(i + 1);
    }
    const prefix = kind === 'handle' && (local.startsWith('@') || local.startsWith('#')) ? local[0]! : '';
    const login = local.slice(prefix.length);
    const newLocal = loginStandIn(login);
    const newDomain = domainPart ? domainStandIn(domainPart) : null;
    if (newLocal === null && newDomain === null) return null;
    if (kind !== 'email') return prefix + newLocal!;
    if (newLocal !== null && newDomain !== null) return newLocal + at + newDomain;
    // what the e-mail generator gives fills in the other part: its domain part alone where that is all it takes
    const parts = newLocal !== null ? splitEmail(text) : null;
    if (parts !== null && parts.at === '@' && parts.domain.toLowerCase() !== 'users.noreply.github.com')
      return newLocal + at + emailDomainStandIn(parts.domain, canonical, keyed, 0);
    const generated = generatorFor('email').generate(text, canonical, keyed, 0);
    const gi = generated.lastIndexOf('@');
    return (newLocal ?? generated.slice(0, Math.max(0, gi))) + at + (newDomain ?? generated.slice(gi + 1));
  };
  for (const f of found) {
    if (f.kind === 'domain') {
      const d = domainStandIn(f.text);
      if (d) sink.pin(f.text, d);
      continue;
    }
    if (f.kind !== 'email' && f.kind !== 'username' && f.kind !== 'handle') continue;
    if (f.kind === 'email' && isSpelled(f.text)) {
      // `jane[at]acme[dot]io`: the plain address's stand-in, spelled out the same way
      const plain =
        linkedStandIn(f.canonical, 'email', f.canonical) ??
        generatorFor('email').generate(f.canonical, f.canonical, keyed, 0);
      sink.pin(f.text, respell(f.text, plain));
      continue;
    }
    const s = linkedStandIn(f.text, f.kind, f.canonical);
    if (s !== null) sink.pin(f.text, s);
  }
}

/**
 * The person a login names, from its shape alone: `kdeshpande` (an initial and a surname of the lexicon),
 * `harriet.halloran16` (a first name and a surname). Stand-ins go part by part, so the login then renders as it
 * would in a trace that names the person.
 */
function nameOfLogin(login: string): string | null {
  const low = login.toLowerCase();
  const initial = /^([a-z])([a-z]{3,20})$/.exec(low);
  if (initial) {
    const family = initial[2]!;
    return familyScore(family, true) >= 1 && !isPlainWord(family) && !isPublicOrg(family)
      ? `${initial[1]!}|${family}`
      : null;
  }
  const full = /^([a-z]{2,20})[._-]([a-z]{2,20})\d{0,4}$/.exec(low);
  // (a name written as one word: `laurenbacall`, `KimKardashian`)
  if (!full) return runTogetherName(login);
  const [, given, family] = full as unknown as [string, string, string];
  if (isPlainWord(given) || givenScore(given, true) < 1) return null;
  if (isPlainWord(family) && familyScore(family, true) < 1) return null;
  return `${given}|${family}`;
}

function domainLabel(domain: string): string | null {
  const reg = registrableDomain(domain);
  const suffix = publicSuffixOf(reg);
  const label = reg.slice(0, reg.length - suffix.length - 1);
  return label.length > 0 ? label : null;
}

/** For the tests: the login lookup against a plain search, and the login reader against trying each person named. */
export { handleReaders, type Folded };
