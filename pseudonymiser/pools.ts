/**
 * Word pools the stand-in generators draw from. The lists are built from
 * openly licensed registry packages by scripts/build-lexicons.js (see
 * pseudonymiser/data/SOURCES.md) and committed as compact data files, so that
 * the same key gives the same stand-ins in every release: generators pick
 * from these lists by position, so their order is part of the compatibility
 * promise.
 */
import data from './data/pools.json';

export type Gender = 'f' | 'm' | 'u';

/** First names and surnames of one cultural register (`anglo`, `hispanic`, `chinese`, …). */
export interface Register {
  readonly name: string;
  readonly female: readonly string[];
  readonly male: readonly string[];
  /** Names given to either gender. */
  readonly unisex: readonly string[];
  readonly surnames: readonly string[];
}

export interface Pools {
  readonly femaleFirst: readonly string[];
  readonly maleFirst: readonly string[];
  readonly surnames: readonly string[];
  /** Single words usable in company names and domains (lower case). */
  readonly companyWords: readonly string[];
  /** Street names without number or suffix ("Maple", "Hillcrest"). */
  readonly streets: readonly string[];
  readonly cities: readonly string[];
  /** Names by cultural register, `anglo` first. */
  readonly registers: readonly Register[];
  /** Names written in their own script (Han, kana, Hangul), one register per locale: `zh_CN`, `zh_TW`, `ja`, `ko`. */
  readonly cjk: readonly Register[];
}

const split = (s: string): string[] => (s.length === 0 ? [] : s.split('|'));

/** Unique (case-insensitive) names of every register, in register order. */
function union(registers: readonly Register[], pick: (r: Register) => readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of registers)
    for (const n of pick(r)) {
      const k = n.toLowerCase();
      if (!seen.has(k)) {
        seen.add(k);
        out.push(n);
      }
    }
  return out;
}

/** Registers from their compact form: `{ name: { f, m, u, s } }`, each list joined by `|`. */
function registersOf(compact: Record<string, { f: string; m: string; u: string; s: string }>): Register[] {
  return Object.entries(compact).map(([name, r]) => ({
    name,
    female: split(r.f),
    male: split(r.m),
    unisex: split(r.u),
    surnames: split(r.s),
  }));
}

/**
 * The pools, each list split (and the unions built) on first use: detection
 * needs none of them, and a stand-in generator only the lists it draws from.
 */
class LazyPools implements Pools {
  private cache = new Map<string, unknown>();

  private once<T>(name: string, make: () => T): T {
    let v = this.cache.get(name) as T | undefined;
    if (v === undefined) this.cache.set(name, (v = make()));
    return v;
  }

  get registers(): readonly Register[] {
    return this.once('registers', () => registersOf(data.registers));
  }
  get femaleFirst(): readonly string[] {
    return this.once('femaleFirst', () => union(this.registers, (r) => r.female));
  }
  get maleFirst(): readonly string[] {
    return this.once('maleFirst', () => union(this.registers, (r) => r.male));
  }
  get surnames(): readonly string[] {
    return this.once('surnames', () => union(this.registers, (r) => r.surnames));
  }
  get companyWords(): readonly string[] {
    return this.once('companyWords', () => split(data.companyWords));
  }
  get streets(): readonly string[] {
    return this.once('streets', () => split(data.streets));
  }
  get cities(): readonly string[] {
    return this.once('cities', () => split(data.cities));
  }
  get cjk(): readonly Register[] {
    return this.once('cjk', () => registersOf(data.cjk));
  }
}

export const pools: Pools = new LazyPools();
