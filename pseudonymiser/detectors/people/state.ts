/**
 * Per-trace memory of the people and organisation detectors: the entities
 * found in pass one, kept for the resolution phase. Keyed by the sink (one
 * sink per twin), so detectors stay stateless between traces.
 */
import type { FindingSink } from '../../types';

export interface PersonEntity {
  /** `given|family`, lower case. */
  readonly canonical: string;
  readonly given: string;
  readonly family: string;
  /** Surfaces reported with this canonical. */
  readonly surfaces: Set<string>;
}

/** A first name or surname seen alone, in a context that says it is a person. */
export interface LoneName {
  readonly surface: string;
  readonly role: 'given' | 'family';
  /** Lower-case name. */
  readonly name: string;
}

/**
 * A capitalised English word that is a name of the lists, which the learned model read as a person inside a
 * sentence by less than an English word alone needs (`Bush nominated …`): one reading says little, several
 * readings in other texts of the trace say it is a name there (learned/detect.ts confirmWeakNames).
 */
export interface WeakName {
  readonly surface: string;
  readonly role: 'given' | 'family';
  /** The margins of its readings, added up, one per text read (the texts' decisions, `contexts`). */
  margin: number;
  readonly contexts: Set<object>;
}

export interface OrgEntity {
  /** Core name, lower case (`acme`, `blue harbor`). */
  readonly canonical: string;
  readonly surfaces: Set<string>;
  readonly confidential: boolean;
}

export interface PeopleState {
  readonly persons: Map<string, PersonEntity>;
  readonly lone: LoneName[];
  readonly loneSeen: Set<string>;
  /** Weak readings of English words as names, by surface (WeakName). */
  readonly weak: Map<string, WeakName>;
  /** Public organisations' names the trace writes in lower case, as a word of their own (`hugo`, `jenkins`). */
  readonly brands: Set<string>;
  readonly orgs: Map<string, OrgEntity>;
  /** Whether the confidential list has been reported (once per trace). */
  confidentialReady: boolean;
  /**
   * Confidential organisation names too short to replace everywhere (`HP`):
   * replaced at each whole-word occurrence, as written.
   */
  readonly shortConfidential: { readonly form: string; readonly canonical: string }[];
  /**
   * What report.ts has reported without a place (surface and canonical): reporting it again changes nothing (the
   * sink keeps the first global finding of a surface unless a higher kind replaces it), so it is skipped.
   */
  readonly reported: Set<string>;
}

const states = new WeakMap<FindingSink, PeopleState>();

export function stateOf(sink: FindingSink): PeopleState {
  let s = states.get(sink);
  if (!s) {
    s = {
      persons: new Map(),
      lone: [],
      loneSeen: new Set(),
      weak: new Map(),
      brands: new Set(),
      orgs: new Map(),
      confidentialReady: false,
      shortConfidential: [],
      reported: new Set(),
    };
    states.set(sink, s);
  }
  return s;
}
