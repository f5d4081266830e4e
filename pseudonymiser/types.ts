/**
 * Shared vocabulary of the pseudonymiser. Nothing here does I/O.
 */

/** Every kind of value the twin replaces. One stand-in generator per kind. */
export type Kind =
  // people and organisations (detected by pseudonymiser/detectors/people.ts and orgs.ts)
  | 'person'
  | 'organisation'
  | 'domain'
  // accounts
  | 'email'
  | 'phone'
  | 'iban'
  | 'bank_account'
  | 'card'
  | 'national_id'
  | 'ip'
  | 'mac'
  | 'handle'
  | 'username'
  | 'account_id'
  | 'address'
  | 'wallet'
  | 'device_id'
  // secrets
  | 'secret'
  | 'private_key'
  | 'jwt'
  | 'password';

export const KINDS: readonly Kind[] = [
  'person',
  'organisation',
  'domain',
  'email',
  'phone',
  'iban',
  'bank_account',
  'card',
  'national_id',
  'ip',
  'mac',
  'handle',
  'username',
  'account_id',
  'address',
  'wallet',
  'device_id',
  'secret',
  'private_key',
  'jwt',
  'password',
];

export type Format = 'json' | 'jsonl' | 'text';

/**
 * One piece of decoded text the detectors look at: a JSON string value or key
 * (after unescaping, at any nesting depth of JSON-in-a-string), one unparsable
 * JSONL line, or a text document.
 */
export interface Segment {
  /** Index of the segment within its chunk. */
  readonly index: number;
  /** Start of the segment's text inside the chunk's corpus string. */
  readonly start: number;
  /** End (exclusive) inside the chunk's corpus string. */
  readonly end: number;
  /**
   * JSON key path leading to this string, outermost first. Array positions
   * are written `*`. Keys of JSON held inside a JSON string continue the path
   * of the string that holds them. Empty for text.
   */
  readonly path: readonly string[];
  /** True when this segment is an object key rather than a value. */
  readonly isKey: boolean;
}

/**
 * A bounded piece of the trace handed to the detectors: the decoded text of
 * many segments joined by SEPARATOR, so that one regular expression pass
 * covers them all.
 */
export interface Chunk {
  readonly corpus: string;
  readonly segments: readonly Segment[];
}

/** Joins segment texts in a chunk's corpus. Newlines stop every token pattern. */
export const SEPARATOR = '\n\u0000\n';

/** Options that change how a surface form is matched in pass two. */
export interface SurfaceOptions {
  /** Match regardless of letter case (names, e-mails, domains). Default false. */
  readonly caseInsensitive?: boolean;
}

/**
 * What a detector reports. `surface` is the exact text to replace wherever it
 * occurs in the trace (pass two matches it everywhere, with token boundaries).
 */
export interface Finding {
  readonly kind: Kind;
  readonly surface: string;
  /**
   * The value the stand-in is keyed on; defaults to the surface. Two surfaces
   * with one `canonical` get one stand-in (for example `+1 415 555 0100` and
   * `(415) 555-0100`, or a name in two casings).
   */
  readonly canonical?: string;
  readonly caseInsensitive?: boolean;
  /**
   * When set, the surface is replaced only at this place (segment index and
   * range in the chunk corpus) and not searched for elsewhere: for values too
   * short or too common to replace everywhere, such as a 3-letter password.
   */
  readonly at?: { readonly start: number; readonly end: number };
  /**
   * An explicit stand-in, for forms derived from another entity's stand-in
   * (an e-mail built from a person and a domain). Normally left out: the
   * generator of `kind` makes one.
   */
  readonly standIn?: string;
  /**
   * A stand-in made of other surfaces' stand-ins, for a value that encodes
   * them (a Basic credential is base64 of `user:password`): `build` gets the
   * stand-ins of `parts` once every other surface has its own (a part not
   * found as a surface gets its kind's stand-in of it).
   */
  readonly composed?: Composed;
}

/** How a stand-in is made of the stand-ins of other values (Finding.composed). */
export interface Composed {
  readonly parts: readonly { readonly kind: Kind; readonly surface: string; readonly canonical: string }[];
  build(standIns: readonly string[]): string;
}

/** Receives findings during pass one. */
export interface FindingSink {
  add(finding: Finding): void;
  /** True when the surface is already known as an entity of any kind. */
  has(surface: string): boolean;
}

/**
 * A detector looks at a chunk and reports findings. Detectors are pure and
 * stateless between traces; per-trace state lives in the sink.
 */
export interface Detector {
  readonly name: string;
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void;
  /**
   * Optional resolution phase, run once after pass one and before stand-ins
   * are assigned: links mentions found by any detector into one entity (an
   * e-mail local part or a user name to the person it names) and pins the
   * stand-ins of the derived forms.
   */
  resolve?(sink: ResolveSink, keyed: Keyed, ctx: DetectContext): void;
}

/** What the resolution phase sees of pass one. */
export interface ResolveSink extends FindingSink {
  /** Every surface found in pass one, with its entity's kind and canonical. */
  found(): Iterable<{ readonly text: string; readonly kind: Kind; readonly canonical: string }>;
  /** Fixes the stand-in of a surface already found (a form derived from another entity's stand-in). */
  pin(surface: string, standIn: string): void;
}

/** What a detector may know about the run beyond the chunk. */
export interface DetectContext {
  /** Organisation names the caller marked confidential, as given. */
  readonly confidential: readonly string[];
  /** Finds the segment holding a corpus offset (binary search). */
  segmentAt(chunk: Chunk, offset: number): Segment;
}

/**
 * Makes stand-ins for one kind. `prf` is the keyed pseudo-random function of
 * the run, already bound to the twinning key.
 */
export interface StandInGenerator {
  /**
   * Returns the stand-in for `original` (a surface form; `canonical` is its
   * normalised form). `attempt` > 0 asks for another candidate because the
   * previous one collided with a real value in the trace or another stand-in.
   */
  generate(original: string, canonical: string, keyed: Keyed, attempt: number): string;
}

/** Keyed primitives bound to one twinning key. See keyed.ts. */
export interface Keyed {
  /** HMAC-SHA256(key, label \0 input), 32 bytes. */
  prf(label: string, input: string): Buffer;
  /** A uniform integer in [0, n) derived from the PRF. */
  pick(label: string, input: string, n: number): number;
  /**
   * Format-preserving keyed permutation of `value`: every character is
   * replaced by one of its own class (digit, lower, upper, or the given
   * alphabet); characters in `keep` are left in place. Bijective for a fixed
   * tweak, so two originals never share a stand-in.
   */
  permute(value: string, tweak: string, opts?: PermuteOptions): string;
}

export interface PermuteOptions {
  /** Characters that stay where they are (separators). Default: anything not alphanumeric. */
  readonly keep?: (ch: string) => boolean;
  /** Use this alphabet for every permuted position instead of per-class alphabets. */
  readonly alphabet?: string;
}

/** Counts of replaced values per kind: what `--report` prints. Never values. */
export type Report = {
  readonly format: Format;
  readonly bytesIn: number;
  readonly bytesOut: number;
  /** Distinct originals replaced, per kind. */
  readonly entities: Partial<Record<Kind, number>>;
  /** Places replaced, per kind. */
  readonly replacements: Partial<Record<Kind, number>>;
  /** Surface forms the final self-check found left over and replaced. */
  readonly selfCheckFixes: number;
};
