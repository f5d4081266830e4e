/**
 * One stand-in generator per kind. Each family lives in its own file; this
 * index only routes. A kind with no generator of its own gets `permuted`:
 * the keyed format-preserving permutation of its letters and digits.
 */
import type { Kind, StandInGenerator } from '../types';
import { accountGenerators } from './accounts';
import { secretGenerators } from './secrets';
import { peopleGenerators } from './people';

/** Keyed permutation of letters and digits; everything else stays. Injective per kind. */
export const permuted = (kind: Kind): StandInGenerator => ({
  generate: (original, _canonical, keyed, attempt) => keyed.permute(original, `${kind}\u0000${attempt}`),
});

const table: Partial<Record<Kind, StandInGenerator>> = {
  ...peopleGenerators,
  ...accountGenerators,
  ...secretGenerators,
};

export function generatorFor(kind: Kind): StandInGenerator {
  return table[kind] ?? permuted(kind);
}
