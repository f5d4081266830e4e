/**
 * Name-shaped stand-ins for e-mail local parts, user names and handles:
 * `jane.doe` → `maria.lopez`, `jdoe` → `mlopez`, `Jane_Doe42` → `Maria_Lopez17`.
 * The layout of the original (separators, letter case, digit runs) is kept;
 * the letters come from the name pools. One function serves every kind, so a
 * user name, a handle and an e-mail local part that are one string get one
 * stand-in.
 */
import { pools } from '../../pools';
import type { Keyed } from '../../types';

const TOKEN = /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\d+|[^\p{L}\d]+/gu;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface Lookups {
  readonly first: ReadonlySet<string>;
  readonly female: ReadonlySet<string>;
  readonly surnames: ReadonlySet<string>;
  /** Female then male first names: the pool when the original gives no gender hint. */
  readonly allFirst: readonly string[];
}

let cached: Lookups | null = null;

/** Built once, on the first stand-in: no pool is copied per call. */
function lookups(): Lookups {
  if (!cached) {
    const female = new Set(pools.femaleFirst.map((n) => n.toLowerCase()));
    cached = {
      female,
      first: new Set([...female, ...pools.maleFirst.map((n) => n.toLowerCase())]),
      surnames: new Set(pools.surnames.map((n) => n.toLowerCase())),
      allFirst: [...pools.femaleFirst, ...pools.maleFirst],
    };
  }
  return cached;
}

/** Writes `word` in the letter case of `like`. */
export function caseLike(like: string, word: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] !== undefined && like[0] === like[0].toUpperCase() && like[0] !== like[0].toLowerCase())
    return word[0]!.toUpperCase() + word.slice(1).toLowerCase();
  return word.toLowerCase();
}

/** asciiWord of pool entries, remembered (the pools are fixed, so this stays small). */
const asciiWords = new Map<string, string>();

/** A-Z only, lower case; pool entries with other letters are folded or dropped. */
function asciiWord(w: string): string {
  let out = asciiWords.get(w);
  if (out === undefined) {
    out = w
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
    asciiWords.set(w, out);
  }
  return out;
}

type Role = 'first' | 'surname' | 'initial' | 'initialSurname' | 'letters';

/**
 * The name-shaped stand-in of `value`. `seed` is the normalised original
 * (lower case); `label` separates uses that must not correlate.
 */
export function nameLike(value: string, seed: string, keyed: Keyed, attempt: number, label = 'acct-name'): string {
  const parts = value.match(TOKEN) ?? [value];
  const alphaIdx: number[] = [];
  parts.forEach((p, i) => {
    if (/^\p{L}/u.test(p)) alphaIdx.push(i);
  });
  const { first, female, surnames, allFirst: anyFirst } = lookups();
  const roles = new Map<number, Role>();
  alphaIdx.forEach((pi, k) => {
    const p = parts[pi]!;
    const low = p.toLowerCase();
    let role: Role;
    if (p.length === 1) role = 'initial';
    else if (alphaIdx.length === 1) {
      if (first.has(low)) role = 'first';
      else if (surnames.has(low)) role = 'surname';
      else if (p.length <= 3) role = 'letters';
      else role = 'initialSurname';
    } else if (k === alphaIdx.length - 1) role = 'surname';
    else role = 'first';
    roles.set(pi, role);
  });
  const femaleHint = alphaIdx.some((pi) => female.has(parts[pi]!.toLowerCase()));
  const maleHint = alphaIdx.some((pi) => first.has(parts[pi]!.toLowerCase()) && !female.has(parts[pi]!.toLowerCase()));
  const firstPool = femaleHint && !maleHint ? pools.femaleFirst : maleHint && !femaleHint ? pools.maleFirst : null;
  const allFirst = firstPool ?? anyFirst;

  for (let inner = 0; inner < 8; inner++) {
    const a = attempt * 8 + inner;
    const pickWord = (list: readonly string[], tag: string): string => {
      for (let j = 0; j < 4; j++) {
        const w = asciiWord(list[keyed.pick(label, `${seed}\u0000${tag}\u0000${a}\u0000${j}`, list.length)] ?? '');
        if (w.length > 0) return w;
      }
      return 'alex';
    };
    const letter = (tag: string): string => LETTERS[keyed.pick(label, `${seed}\u0000${tag}\u0000${a}`, 26)]!;
    const out = parts.map((p, i) => {
      const role = roles.get(i);
      if (role === undefined) {
        if (/^\d+$/.test(p)) return keyed.permute(p, `${label}\u0000digits\u0000${seed}\u0000${a}`);
        return p;
      }
      switch (role) {
        case 'initial':
          return caseLike(p, letter(`i${i}`));
        case 'first':
          return caseLike(p, pickWord(allFirst, `f${i}`));
        case 'surname':
          return caseLike(p, pickWord(pools.surnames, `s${i}`));
        case 'letters':
          return keyed.permute(p, `${label}\u0000letters\u0000${a}`);
        case 'initialSurname':
          return caseLike(p, letter(`i${i}`) + pickWord(pools.surnames, `s${i}`));
      }
      return p;
    });
    let result = out.join('');
    // after repeated collisions (small pools), a keyed number makes the stand-in distinct
    if (attempt >= 3 && !/\d/.test(value)) {
      result += String(10 + keyed.pick(label, `${seed}\u0000n\u0000${a}`, 990));
    }
    if (result.toLowerCase() !== value.toLowerCase()) return result;
  }
  return keyed.permute(value, `${label}\u0000fallback\u0000${attempt}`);
}
