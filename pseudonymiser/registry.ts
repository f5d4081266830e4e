/**
 * Per-run memory of pass one: the entities found, their surface forms, and
 * (after `assign`) one stand-in per surface. Lives only for one twin; the
 * mapping is never returned or stored.
 */
import type { Composed, Finding, Kind, Keyed, ResolveSink } from './types';
import { KEY_CHARS, wordChars } from './matcher';
import { generatorFor } from './standins';
import { isCjk } from './standins/cjk';
import { own } from './strings';
import { UnsupportedContentError } from './errors';

/** When one surface is found as two kinds, the higher wins. */
const PRIORITY: Record<Kind, number> = {
  private_key: 100,
  jwt: 95,
  secret: 90,
  password: 85,
  email: 80,
  card: 75,
  iban: 74,
  bank_account: 73,
  national_id: 72,
  phone: 70,
  wallet: 69,
  ip: 68,
  mac: 67,
  device_id: 66,
  account_id: 65,
  handle: 60,
  username: 59,
  address: 55,
  domain: 50,
  person: 45,
  organisation: 40,
};

/** Surfaces shorter than this are only replaced where they were found. */
export const MIN_GLOBAL_SURFACE = 3;

/** Two characters of a CJK script say as much as a longer Latin word: such a name (`小明`) is replaced everywhere. */
function globalShort(surface: string): boolean {
  return surface.length === 2 && isCjk(surface);
}

export interface Entity {
  readonly kind: Kind;
  readonly canonical: string;
  /**
   * Stand-ins given by the detector for particular surfaces (fixedOf, setFixed); null until one is. Most
   * entities have one or none: a flat list (surface, stand-in, surface, stand-in, …) up to FIXED_LIST pairs,
   * a Map past that. A Map a surface cost about ten times a list's pair on a trace of many distinct values.
   */
  fixed: string[] | Map<string, string> | null;
  /** A stand-in made of other surfaces' stand-ins (Finding.composed); null for most entities. */
  composed: Composed | null;
  replacements: number;
}

/** Pairs an entity's `fixed` list holds before it becomes a Map (its lookups are linear). */
const FIXED_LIST = 8;

/** The stand-in given for `surface` of entity e, if one was. */
export function fixedOf(e: Entity, surface: string): string | undefined {
  const f = e.fixed;
  if (f === null) return undefined;
  if (f instanceof Map) return f.get(surface);
  for (let i = 0; i < f.length; i += 2) if (f[i] === surface) return f[i + 1];
  return undefined;
}

/** Gives `surface` of entity e the stand-in `standIn` (a later one replaces an earlier one, as Map.set does). */
function setFixed(e: Entity, surface: string, standIn: string): void {
  const f = e.fixed;
  if (f === null) {
    e.fixed = [surface, standIn];
    return;
  }
  if (f instanceof Map) {
    f.set(surface, standIn);
    return;
  }
  for (let i = 0; i < f.length; i += 2) {
    if (f[i] === surface) {
      f[i + 1] = standIn;
      return;
    }
  }
  if (f.length < 2 * FIXED_LIST) {
    f.push(surface, standIn);
    return;
  }
  const m = new Map<string, string>();
  for (let i = 0; i < f.length; i += 2) m.set(f[i]!, f[i + 1]!);
  m.set(surface, standIn);
  e.fixed = m;
}

export interface Surface {
  readonly text: string;
  readonly entity: Entity;
  readonly caseInsensitive: boolean;
  /** Long secrets are matched even glued inside a longer word: nothing else looks like them. */
  readonly anywhere: boolean;
  standIn: string;
}

/** Secrets at least this long are replaced wherever they occur, word boundary or not. */
const ANYWHERE_SECRET = 20;
const SECRET_KINDS: ReadonlySet<Kind> = new Set(['secret', 'private_key', 'jwt']);

export interface SiteEdit {
  readonly start: number;
  readonly end: number;
  readonly surface: Surface;
}

/**
 * What the engine's memory holds per distinct value, as Registry.weight counts it: an estimate of the peak
 * resident memory a twin gains per value found (its surface, entity, stand-in, the run's maps and caches about
 * it), per UTF-16 unit of its first KEY_CHARS (its states in pass two's automaton, which takes a longer value by
 * a key of that length) and of all of it (its text, stand-in and their copies), and per place replaced only where
 * found. Measured on files of distinct e-mails, API keys, PEM keys and people (docs/benchmarks.md, "A budget for
 * distinct values").
 */
export const VALUE_BYTES = 1024;
export const KEY_CHAR_BYTES = 16;
export const VALUE_CHAR_BYTES = 4;
export const SITE_BYTES = 128;

export class Registry implements ResolveSink {
  /**
   * The estimate (VALUE_BYTES …) of what the values found so far hold of the engine's memory, and the most it
   * may reach: past it, `add` refuses the trace (UnsupportedContentError) while pass one is still reading it,
   * before the values' cost outgrows the trace. Infinity: no bound.
   */
  weight = 0;
  budget = Infinity;
  /**
   * Entities by kind, then by canonical form (the entity's own string: no key string per entity; a
   * `kind\0canonical` key cost a concatenation and its flat copy each).
   */
  private readonly byKind = new Map<Kind, Map<string, Entity>>();
  /** Global surfaces (replaced wherever they occur), by exact text. */
  readonly surfaces = new Map<string, Surface>();
  /** Surfaces replaced only where found, by chunk number. */
  readonly sites = new Map<number, SiteEdit[]>();
  private readonly siteSurfaces = new Map<string, Surface>();
  /** Chunk being scanned in pass one (for site edits). */
  chunkIndex = 0;

  has(surface: string): boolean {
    return this.surfaces.has(surface) || this.siteSurfaces.has(surface);
  }

  kindOf(surface: string): Kind | undefined {
    return (this.surfaces.get(surface) ?? this.siteSurfaces.get(surface))?.entity.kind;
  }

  add(f: Finding): void {
    const found = f.surface;
    if (found.length === 0 || found.includes('\u0000')) return;
    const site = f.at !== undefined || (found.length < MIN_GLOBAL_SURFACE && !globalShort(found));
    if (site && f.at === undefined) return;
    const existing = this.surfaces.get(found);
    if (existing && PRIORITY[existing.entity.kind] >= PRIORITY[f.kind]) {
      if (f.composed !== undefined && existing.entity.kind === f.kind) existing.entity.composed ??= f.composed;
      if (f.at) this.pushSite(f.at.start, f.at.end, existing);
      return;
    }
    // copied only now: most findings are of a surface already known, and are dropped above
    const surfaceText = own(found);
    let ofKind = this.byKind.get(f.kind);
    if (!ofKind) this.byKind.set(f.kind, (ofKind = new Map()));
    const key = f.canonical ?? found;
    let entity = ofKind.get(key);
    if (!entity) {
      // a canonical form that is the surface itself is the surface's string: one copy, not two
      const canonical = key === found ? surfaceText : own(key);
      entity = { kind: f.kind, canonical, fixed: null, composed: null, replacements: 0 };
      ofKind.set(canonical, entity);
    }
    if (f.standIn !== undefined) setFixed(entity, surfaceText, f.standIn);
    if (f.composed !== undefined) entity.composed ??= f.composed;
    const s: Surface = {
      text: surfaceText,
      entity,
      caseInsensitive: f.caseInsensitive ?? false,
      anywhere: SECRET_KINDS.has(f.kind) && surfaceText.length >= ANYWHERE_SECRET,
      standIn: '',
    };
    if (site) {
      const known = this.siteSurfaces.get(surfaceText);
      if (known === undefined) {
        this.charge(valueBytes(surfaceText.length));
        this.siteSurfaces.set(surfaceText, s);
      }
      this.pushSite(f.at!.start, f.at!.end, known ?? s);
    } else {
      // a surface found again as a kind of higher priority takes the place of one already counted
      if (existing === undefined) this.charge(valueBytes(surfaceText.length));
      this.surfaces.set(surfaceText, s);
    }
  }

  /** Adds `bytes` to the weight; refuses the trace past the budget. */
  private charge(bytes: number): void {
    this.weight += bytes;
    if (this.weight > this.budget) {
      throw new UnsupportedContentError(
        `the file holds more distinct values than tracetwin twins in a file of its size (` +
          `${this.surfaces.size + this.siteSurfaces.size} so far, whose memory is estimated past the ` +
          `${mib(this.budget)} MiB allowed): split it into smaller files`,
      );
    }
  }

  /** Every entity, by kind in the order the kinds were first found, then in the order found. */
  *entities(): Iterable<Entity> {
    for (const ofKind of this.byKind.values()) yield* ofKind.values();
  }

  /** The texts of the surfaces (global, then site-only) that belong to entity e. */
  surfacesOf(e: Entity): string[] {
    const out: string[] = [];
    for (const s of this.allSurfaces()) if (s.entity === e) out.push(s.text);
    return out;
  }

  private pushSite(start: number, end: number, surface: Surface): void {
    this.charge(SITE_BYTES);
    let list = this.sites.get(this.chunkIndex);
    if (!list) this.sites.set(this.chunkIndex, (list = []));
    list.push({ start, end, surface });
  }

  *found(): Iterable<{ readonly text: string; readonly kind: Kind; readonly canonical: string }> {
    for (const s of this.allSurfaces()) yield { text: s.text, kind: s.entity.kind, canonical: s.entity.canonical };
  }

  pin(surface: string, standIn: string): void {
    const s = this.surfaces.get(surface) ?? this.siteSurfaces.get(surface);
    // the surface's own string (the same text) rather than a copy of the argument
    if (s) setFixed(s.entity, s.text, own(standIn));
  }

  /** All surfaces, global and site-only. */
  private *allSurfaces(): Iterable<Surface> {
    yield* this.surfaces.values();
    for (const [text, s] of this.siteSurfaces) if (!this.surfaces.has(text)) yield s;
  }

  /**
   * Gives every surface its stand-in: a pure function of (key, kind,
   * canonical, attempt). A candidate is refused, and the next attempt taken,
   * when it equals or contains a real value of the trace, or is already the
   * stand-in of another entity.
   */
  assign(keyed: Keyed): void {
    // an "e-mail" whose local part is a secret is a credential in a URL (https://TOKEN@host): the secret and
    // the host are replaced on their own, so the e-mail form would only lose the token's shape
    for (const s of this.surfaces.values()) {
      if (s.entity.kind !== 'email') continue;
      const text = s.text;
      const local = this.surfaces.get(text.slice(0, text.lastIndexOf('@')));
      if (local && SECRET_KINDS.has(local.entity.kind)) {
        this.surfaces.delete(text);
      }
    }
    const real = new Set<string>();
    const byEntity = new Map<Entity, Surface[]>();
    // allSurfaces, written out: a generator's step costs more than these few lines
    const gather = (s: Surface): void => {
      const text = s.text;
      real.add(text);
      const lower = text.toLowerCase();
      if (lower !== text) real.add(lower);
      const list = byEntity.get(s.entity);
      if (list === undefined) byEntity.set(s.entity, [s]);
      else list.push(s);
    };
    for (const s of this.surfaces.values()) gather(s);
    for (const [text, s] of this.siteSurfaces) if (!this.surfaces.has(text)) gather(s);
    const heads = realHeads(real);
    const taken = new Map<string, Entity>();
    const clashes = (e: Entity, candidate: string, original: string): boolean => {
      if (candidate === original) return true; // a stand-in that gives the original back would leak it
      if (real.has(candidate)) return true;
      const lower = candidate.toLowerCase();
      if (lower !== candidate && real.has(lower)) return true;
      const owner = taken.get(candidate);
      if (owner && owner !== e) return true;
      return containsReal(candidate, real, heads, lower);
    };
    /** The stand-ins of one entity's surfaces at one attempt; reused. */
    const out: string[] = [];
    const composed: Entity[] = [];
    for (const [entity, surfaces] of byEntity) {
      if (entity.composed !== null) {
        composed.push(entity);
        continue;
      }
      const gen = generatorFor(entity.kind);
      const n = surfaces.length;
      for (let attempt = 0; ; attempt++) {
        // the first clash refuses the attempt: the surfaces after it are not generated (their stand-ins would
        // be dropped); a fixed stand-in is never refused
        let bad = false;
        for (let i = 0; i < n && !bad; i++) {
          const s = surfaces[i]!;
          const fixed = fixedOf(entity, s.text);
          if (fixed !== undefined) {
            out[i] = fixed;
          } else {
            const candidate = gen.generate(s.text, entity.canonical, keyed, attempt);
            out[i] = candidate;
            bad = attempt < 16 && clashes(entity, candidate, s.text);
          }
        }
        if (bad) continue;
        for (let i = 0; i < n; i++) {
          surfaces[i]!.standIn = out[i]!;
          taken.set(out[i]!, entity);
        }
        break;
      }
    }
    // stand-ins made of the others' (a Basic credential: base64 of the user's and the password's stand-ins)
    for (const entity of composed) {
      const c = entity.composed!;
      const parts = c.parts.map((p) => {
        const s = this.surfaces.get(p.surface) ?? this.siteSurfaces.get(p.surface);
        if (s !== undefined && s.standIn !== '') return s.standIn;
        return generatorFor(p.kind).generate(p.surface, p.canonical, keyed, 0);
      });
      const standIn = c.build(parts);
      for (const s of byEntity.get(entity)!) {
        s.standIn = standIn;
        taken.set(standIn, entity);
      }
    }
    // a site-only surface whose text was later found as a global one is written like it
    for (const [text, s] of this.siteSurfaces) if (s.standIn === '') s.standIn = this.surfaces.get(text)?.standIn ?? '';
    // and a global surface that a site edit points to, later found as a kind of higher priority (a new
    // surface took its place): like the surface that took it
    for (const list of this.sites.values())
      for (const e of list)
        if (e.surface.standIn === '')
          e.surface.standIn =
            (this.surfaces.get(e.surface.text) ?? this.siteSurfaces.get(e.surface.text))?.standIn ?? '';
  }
}

/** What Registry.weight counts for a distinct value of `length` UTF-16 units. */
export function valueBytes(length: number): number {
  return VALUE_BYTES + KEY_CHAR_BYTES * Math.min(length, KEY_CHARS) + VALUE_CHAR_BYTES * length;
}

/** Bytes in MiB, to one decimal. */
function mib(bytes: number): string {
  return (bytes / (1 << 20)).toFixed(1);
}

/** Longest run of words checked when a stand-in is searched for real values. */
const MAX_WORDS = 6;

/** The beginning of s before its first character that is not a word character (all of s when there is none). */
function head(s: string, w: Uint8Array): string {
  let i = 0;
  while (i < s.length && w[s.charCodeAt(i)] === 1) i++;
  return i === s.length ? s : s.slice(0, i);
}

/** The heads of the real values: a string whose head is not among them is not a real value. */
export function realHeads(real: ReadonlySet<string>): Set<string> {
  const w = wordChars();
  const heads = new Set<string>();
  for (const r of real) heads.add(head(r, w));
  return heads;
}

/**
 * Whether a run of whole words of `candidate` (letters and digits between
 * other characters) is a real value of the trace, in any letter case.
 * Long candidates (key blocks) are random and not searched. `heads` is
 * realHeads(real): the runs that go past a non-word character are looked up
 * only when what comes before it is the head of a real value. `lower` is
 * candidate.toLowerCase(), for a caller that has it already.
 */
export function containsReal(
  candidate: string,
  real: ReadonlySet<string>,
  heads: ReadonlySet<string>,
  lower: string = candidate.toLowerCase(),
): boolean {
  if (candidate.length > 256) return false;
  const w = wordChars();
  // the runs of word characters: [STARTS[a], ENDS[a]) for a < runs
  let runs = 0;
  let wasWord = false;
  for (let i = 0; i < candidate.length; i++) {
    const isWord = w[candidate.charCodeAt(i)] === 1;
    if (isWord && !wasWord) STARTS[runs] = i;
    else if (!isWord && wasWord) ENDS[runs++] = i;
    wasWord = isWord;
  }
  if (wasWord) ENDS[runs++] = candidate.length;
  for (let a = 0; a < runs; a++) {
    const from = STARTS[a]!;
    // the first non-word character of lower from the run's start: a piece that holds it has the head before it
    let k = from;
    while (k < lower.length && w[lower.charCodeAt(k)] === 1) k++;
    let headIsReal: boolean | undefined;
    for (let b = a; b < Math.min(runs, a + MAX_WORDS); b++) {
      if (k < lower.length && ENDS[b]! > k) {
        headIsReal ??= heads.has(lower.slice(from, k));
        if (!headIsReal) break; // the later pieces reach further still
      }
      const piece = lower.slice(from, ENDS[b]);
      if (piece.length !== candidate.length && real.has(piece)) return true;
    }
  }
  return false;
}

/** containsReal's runs of word characters (at most 128 in its 256 characters). */
const STARTS = new Int32Array(128);
const ENDS = new Int32Array(128);

/** Writes `standIn` in the letter case of `matched` when a case-insensitive match differs from the surface. */
export function adaptCase(matched: string, surface: string, standIn: string): string {
  if (matched === surface) return standIn;
  if (matched === matched.toUpperCase() && matched !== matched.toLowerCase()) return standIn.toUpperCase();
  if (matched === matched.toLowerCase()) return standIn.toLowerCase();
  // Title Case: upper-case the first letter of each word
  if (/^\p{Lu}/u.test(matched))
    return standIn.replace(/(^|[\s\-'.])(\p{Ll})/gu, (_, p: string, c: string) => p + c.toUpperCase());
  return standIn;
}
