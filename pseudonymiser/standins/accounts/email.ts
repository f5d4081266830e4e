/**
 * E-mail addresses and the domains of private organisations.
 *
 * `jane.doe@acme.io` → `maria.lopez@northwind-labs.io`: the local part gets a
 * name-shaped stand-in (names.ts); a private organisation's domain gets the
 * same stand-in it gets as a bare domain (the `domain` generator, looked up
 * through the generator table so that whoever owns it, the two agree); a
 * free-mail domain maps to a free-mail domain; a public or reserved domain
 * (`example.com`, `github.com`) is kept. Role mailboxes (`noreply@`,
 * `support@`) keep their local part. GitHub's `12345+login@users.noreply.github.com`
 * keeps its domain and gets a new id and the login's handle stand-in.
 */
import type { Keyed, StandInGenerator } from '../../types';
import { pools } from '../../pools';
import {
  FREE_MAIL,
  FREE_MAIL_STANDINS,
  ROLE_LOCALS,
  isPublicDomain,
  publicSuffixOf,
  registrableDomain,
} from '../../detectors/accounts/lists';
import { isSpelled } from '../../detectors/accounts/spelled';
import { internalHostDomain } from '../../detectors/accounts/hosts';
import { nameLike, caseLike } from './names';
import { generatorFor } from '../index';

const NOREPLY = /^(?:(\d+)\+)?([A-Za-z0-9-]+)$/;

/** Splits an address at its `@` (or URL-encoded `%40`). */
export function splitEmail(s: string): { local: string; at: string; domain: string } | null {
  const i = s.lastIndexOf('@');
  const j = s.toLowerCase().lastIndexOf('%40');
  if (i < 0 && j < 0) return null;
  if (i > j) return { local: s.slice(0, i), at: '@', domain: s.slice(i + 1) };
  return { local: s.slice(0, j), at: s.slice(j, j + 3), domain: s.slice(j + 3) };
}

/** The stand-in of a login (handle, user name, noreply login): one function for all. */
export function loginStandIn(login: string, keyed: Keyed, attempt: number): string {
  return nameLike(login, login.toLowerCase(), keyed, attempt);
}

/**
 * The domain part of an address's stand-in (`domain` as written after its `@`, `canonical` the address's): what
 * `emailGenerator` writes after the `@` of an address that is not a GitHub noreply one.
 */
export function emailDomainStandIn(domain: string, canonical: string, keyed: Keyed, attempt: number): string {
  const lowDomain = domain.toLowerCase();
  if (FREE_MAIL.has(lowDomain)) {
    return caseLike(
      domain,
      FREE_MAIL_STANDINS[keyed.pick('email-freemail', `${canonical}\u0000${attempt}`, FREE_MAIL_STANDINS.length)]!,
    );
  }
  if (isPublicDomain(lowDomain) && internalHostDomain(lowDomain) === null) return domain;
  const reg = registrableDomain(domain);
  const sub = domain.slice(0, domain.length - reg.length);
  return sub + generatorFor('domain').generate(reg, reg.toLowerCase(), keyed, 0);
}

/**
 * Writes the plain address `plain` (a stand-in) spelled out as `original` is (`jane[at]acme[dot]io`,
 * `j dot smith at example dot com`): the original's at-separator, and its dot-separators in the local part and
 * in the domain (the first of each; `.` where the original wrote a plain dot).
 */
export function respell(original: string, plain: string): string {
  const m = SPELLED_PARTS.exec(original);
  const i = plain.lastIndexOf('@');
  if (m === null || i < 0) return plain;
  const localDot = DOT_WORD.exec(m[1]!)?.[0] ?? '.';
  const domainDot = DOT_WORD.exec(m[3]!)?.[0] ?? '.';
  return (
    plain.slice(0, i).split('.').join(localDot) +
    m[2]! +
    plain
      .slice(i + 1)
      .split('.')
      .join(domainDot)
  );
}
const DOT_WORD = /[ \t]*[[({<][ \t]*dot[ \t]*[\])}>][ \t]*|[ \t]+dot[ \t]+/i;
/** A spelled-out address cut in three: local part, at-separator, domain (with its top-level domain). */
const SPELLED_PARTS =
  /^(.+?)([ \t]*[[({<][ \t]*at[ \t]*[\])}>][ \t]*|[ \t]+at[ \t]+|@)((?:(?![ \t]+at[ \t]+|[[({<][ \t]*at[ \t]*[\])}>]|@).)+)$/i;

export const emailGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    if (isSpelled(original) && canonical.includes('@') && !isSpelled(canonical))
      return respell(original, emailGenerator.generate(canonical, canonical, keyed, attempt));
    const parts = splitEmail(original);
    if (!parts) return keyed.permute(original, `email\u0000${attempt}`);
    const { local, at, domain } = parts;
    const lowDomain = domain.toLowerCase();
    if (lowDomain === 'users.noreply.github.com') {
      const m = NOREPLY.exec(local);
      if (m) {
        const id = m[1] !== undefined ? keyed.permute(m[1], `email-ghid\u0000${attempt}`) + '+' : '';
        return `${id}${loginStandIn(m[2]!, keyed, attempt)}${at}${domain}`;
      }
    }
    const newLocal = ROLE_LOCALS.has(local.toLowerCase())
      ? local
      : nameLike(local, local.toLowerCase(), keyed, attempt, 'acct-name');
    const newDomain = emailDomainStandIn(domain, canonical, keyed, attempt);
    // a role mailbox at a kept domain would come out unchanged: vary its local part then
    if (newLocal === local && newDomain.toLowerCase() === lowDomain)
      return `${nameLike(local, local.toLowerCase(), keyed, attempt)}${at}${newDomain}`;
    return `${newLocal}${at}${newDomain}`;
  },
};

let domainWordList: readonly string[] | null = null;

/** Company words as domain labels (a-z, 0-9), built once. */
function domainWords(): readonly string[] {
  return (domainWordList ??= pools.companyWords
    .map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .filter((w) => w.length > 0));
}

/**
 * `acme.io` → `northwind-labs.io`: company words from the pools, the public
 * suffix kept, any sub-domain labels kept (`mail.acme.io` → `mail.northwind-labs.io`).
 */
export const domainGenerator: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const reg = registrableDomain(original);
    const sub = original.slice(0, original.length - reg.length);
    const suffix = publicSuffixOf(reg);
    const label = reg.slice(0, reg.length - suffix.length - 1);
    const words = domainWords();
    const n = Math.max(1, words.length);
    // keyed on the label, not the suffix: `brightwave.io` and `brightwave.internal` get one stand-in label
    const seed = label.toLowerCase();
    for (let inner = 0; inner < 8; inner++) {
      const a = `${seed}\u0000${attempt}\u0000${inner}`;
      const w1 = words[keyed.pick('domain-w1', a, n)] ?? 'northwind';
      const w2 = words[keyed.pick('domain-w2', a, n)] ?? 'labs';
      const shape = keyed.pick('domain-shape', a, 4);
      let name = label.includes('-') || shape === 0 ? `${w1}-${w2}` : shape === 1 ? `${w1}${w2}` : w1;
      if (w1 === w2) name = w1;
      if (attempt >= 2) name += String(keyed.pick('domain-n', a, 90) + 10);
      const out = `${sub}${name}.${suffix.toLowerCase()}`;
      if (name !== label.toLowerCase()) return out;
    }
    return `${sub}${keyed.permute(label.toLowerCase(), `domain\u0000${attempt}`)}.${suffix.toLowerCase()}`;
  },
};
