/**
 * Labelled text in the layouts agent traces hold and the hand-labelled corpora
 * lack: table rows, sign-offs, `Last, First`, names in capitals, names in
 * their own scripts (Greek, Cyrillic, Armenian, Arabic, Hebrew, Devanagari,
 * Thai), family name first, organisations named by a head noun. Names come
 * from @faker-js/faker's locale data (MIT); the sentences around them are
 * this file's. Training data only: never a figure is reported on it (the
 * figures come from the corpora's test splits, which it does not touch).
 */
import { allFakers, type Faker } from '@faker-js/faker';
import type { Corpus, Label, Unit } from './corpora';
import { seeded } from './random';

/** A piece of a sentence: plain text, or a name with its label. */
type Piece = string | { text: string; label: 'PER' | 'ORG' | 'OTHER' };

function unitOf(pieces: Piece[]): Unit {
  const starts: number[] = [];
  const ends: number[] = [];
  const labels: Label[] = [];
  const mentions: Unit['mentions'] = [];
  const others: Unit['others'] = [];
  let text = '';
  for (const p of pieces) {
    const label: Label = typeof p === 'string' ? 'O' : p.label;
    const s = typeof p === 'string' ? p : p.text;
    const from = labels.length;
    // tokens as the corpora give them: runs of letters, digits and inner marks; other characters alone
    for (const m of s.matchAll(/[\p{L}\p{M}\d'’.-]+|[^\s\p{L}\p{M}\d]/gu)) {
      starts.push(text.length + m.index);
      ends.push(text.length + m.index + m[0].length);
      labels.push(label);
    }
    text += s;
    if (label === 'PER' || label === 'ORG') mentions.push({ from, to: labels.length, label });
    else if (label === 'OTHER' && labels.length > from) others.push({ from, to: labels.length });
  }
  return { corpus: 'synthetic', split: 'train', text, starts, ends, labels, mentions, others };
}

/** Locales whose person names are written in another script, and some in Latin ones. */
const SCRIPT_LOCALES = ['el', 'ru', 'uk', 'ar', 'he', 'fa', 'th', 'hy', 'ne', 'ur'];
const LATIN_LOCALES = [
  'en_US',
  'en_GB',
  'de',
  'fr',
  'es',
  'pt_BR',
  'it',
  'pl',
  'tr',
  'vi',
  'en_NG',
  'en_IN',
  'nl',
  'sv',
];
const HEADS = ['Pharmacy', 'Dental Clinic', 'Logistics', 'Labs', 'Group', 'Partners', 'Orthopaedic Group', 'Bakery'];
const HEADS2 = ['Consulting', 'Family Pharmacy', 'Analytics', 'Freight', 'Studio', 'Veterinary Clinic', 'Capital'];

/** Deterministic choices from a seed. */
function chooser(seed: number): { int: (n: number) => number; pick: <T>(xs: readonly T[]) => T } {
  const next = seeded(seed);
  const int = (n: number): number => Math.floor(next() * n);
  return { int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)]! };
}

function fakerFor(locale: string): Faker {
  const f = (allFakers as Record<string, Faker>)[locale];
  if (!f) throw new Error(`no faker locale ${locale}`);
  return f;
}

/** `count` labelled units, the same for the same seed. */
export function syntheticUnits(count: number, seed: number): Unit[] {
  const r = chooser(seed);
  const out: Unit[] = [];
  for (const loc of [...SCRIPT_LOCALES, ...LATIN_LOCALES]) fakerFor(loc).seed(seed);
  for (let k = 0; k < count; k++) {
    const script = r.int(3) === 0;
    const f = fakerFor(script ? r.pick(SCRIPT_LOCALES) : r.pick(LATIN_LOCALES));
    const first = f.person.firstName();
    const last = f.person.lastName();
    const en = fakerFor('en_US');
    const org = `${en.person.lastName()} ${r.pick([...HEADS, ...HEADS2])}`;
    const city = en.location.city();
    const id = 1000 + r.int(90000);
    const P = (text: string): Piece => ({ text, label: 'PER' });
    const O = (text: string): Piece => ({ text, label: 'ORG' });
    const X = (text: string): Piece => ({ text, label: 'OTHER' });
    const full = r.int(4) === 0 ? `${last} ${first}` : `${first} ${last}`;
    const templates: (() => Piece[])[] = [
      () => [`| ${id} | `, P(full), ` | active | ${city} |`],
      () => [`${id},`, P(full), `,${f.internet.email().toLowerCase()},pending`],
      () => [`${id}\t`, P(`${last}, ${first}`), `\trefund\t`, X(city)],
      () => ['Thanks,\n', P(first)],
      () => ['Best regards,\n', P(full), '\n', O(org)],
      () => [P(first), ' from the billing team will follow up.'],
      () => ['Ticket assigned to ', P(full), ' by ', P(en.person.fullName()), '.'],
      () => ['CUSTOMER: ', P(full.toUpperCase()), '  STATUS: OPEN'],
      () => ['Reviewer: ', P(`${last}, ${first}`)],
      () => ['Please forward the invoice to ', P(full), ' at ', O(org), '.'],
      () => [O(org), ' confirmed the delivery to ', X(city), ' on Monday.'],
      () => ['Dr. ', P(last), ' will see ', P(first), ' tomorrow.'],
      () => ['The claim by ', P(`${first.charAt(0)}. ${last}`), ' was rejected.'],
      () => ['Shipping to ', X(city), ' takes five days; ', P(full), ' asked about it.'],
      () => ['Meeting notes (', P(full), ', ', P(en.person.fullName()), '): agreed on the renewal.'],
      () => ['Hi ', P(first), ', your order ', `#${id}`, ' has shipped.'],
    ];
    out.push(unitOf(r.pick(templates)()));
  }
  return out;
}

/** The generated units as a corpus that ships (its names are MIT data; its sentences this repository's). */
export function syntheticCorpus(count = 6000, seed = 11): Corpus {
  return {
    name: 'synthetic',
    title: 'generated trace layouts',
    ships: true,
    licence: 'MIT (faker names)',
    units: syntheticUnits(count, seed),
  };
}
