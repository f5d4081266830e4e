/**
 * Names written in a CJK script (Han, kana, Hangul): how one splits into
 * surname and given name, and its stand-in in the same script and locale.
 *
 * A name such as `王翔太` or `鈴木小明` is written without a space, surname
 * first. It splits at the longest known surname of the locale lists
 * (pools.json `cjk`, from the faker locale data), and its stand-in keeps the
 * locale (a Korean name stays Hangul, a Japanese one Japanese), the length of
 * the given name where the pool allows, and the layout of each surface: the
 * whole name, the given name alone or the surname alone are each rendered
 * from one keyed pick, so the parts stay consistent with the whole.
 */
import type { Keyed } from '../types';
import { pools, type Gender, type Register } from '../pools';

/** One character of a name in a CJK script: Han, kana, Hangul, the iteration mark `々`. */
export const CJK_CHAR = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\u3005';
/** Whether a UTF-16 code unit is one of CJK_CHAR. */
export function isCjkCode(c: number): boolean {
  return (
    c === 0x3005 ||
    (c >= 0x3040 && c <= 0x30ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af)
  );
}
/** Runs of CJK name characters (global: reset lastIndex before use). */
export const CJK_RUN = new RegExp(`[${CJK_CHAR}]+`, 'g');
const CJK_ONLY = new RegExp(`^[${CJK_CHAR}]+$`);
const HANGUL = /[\uac00-\ud7af]/;
const KANA = /[\u3040-\u30ff]/;

/** Whether `s` is written in a CJK script only. */
export function isCjk(s: string): boolean {
  return s.length > 0 && CJK_ONLY.test(s);
}

interface GivenInfo {
  /** Bit per locale (index into pools.cjk). */
  locales: number;
  gender: Gender;
}

interface Index {
  readonly surnames: Map<string, number>;
  readonly given: Map<string, GivenInfo>;
}

let index: Index | null = null;

function namesIndex(): Index {
  if (index) return index;
  const surnames = new Map<string, number>();
  const given = new Map<string, GivenInfo>();
  pools.cjk.forEach((l, i) => {
    for (const s of l.surnames) surnames.set(s, (surnames.get(s) ?? 0) | (1 << i));
    const lists: [readonly string[], Gender][] = [
      [l.female, 'f'],
      [l.male, 'm'],
      [l.unisex, 'u'],
    ];
    for (const [list, g] of lists)
      for (const n of list) {
        const e = given.get(n);
        if (!e) given.set(n, { locales: 1 << i, gender: g });
        else {
          e.locales |= 1 << i;
          if (e.gender !== g) e.gender = 'u';
        }
      }
  });
  return (index = { surnames, given });
}

export interface CjkName {
  readonly family: string;
  readonly given: string;
  /** The given name is on a locale's list. */
  readonly knownGiven: boolean;
}

/**
 * Splits a CJK name of 2 to 5 characters into a known surname (longest
 * first) and a given name of 1 to 3 characters; null when no surname fits.
 */
export function splitCjkName(name: string): CjkName | null {
  if (name.length < 2 || name.length > 5 || !isCjk(name)) return null;
  const { surnames, given } = namesIndex();
  let found: CjkName | null = null;
  for (const famLen of [3, 2, 1]) {
    const rest = name.length - famLen;
    if (rest < 1 || rest > 3) continue;
    const family = name.slice(0, famLen);
    if (!surnames.has(family)) continue;
    const g = name.slice(famLen);
    const split = { family, given: g, knownGiven: given.has(g) };
    if (split.knownGiven) return split;
    found ??= split;
  }
  return found;
}

/** The locale of a name: by script, then by where its parts are listed. */
function localeOf(family: string, given: string): Register {
  const list = pools.cjk;
  const byName = (locale: string): Register => list.find((l) => l.name === locale) ?? list[0]!;
  const whole = family + given;
  if (HANGUL.test(whole)) return byName('ko');
  if (KANA.test(whole)) return byName('ja');
  const { surnames, given: givenIndex } = namesIndex();
  const givenLocales = givenIndex.get(given)?.locales ?? 0;
  const familyLocales = surnames.get(family) ?? 0;
  const m = family ? familyLocales & (givenLocales || ~0) || familyLocales : givenLocales;
  for (const locale of ['ja', 'zh_TW', 'zh_CN']) {
    const i = list.findIndex((l) => l.name === locale);
    // a Han name is read as Chinese unless only the Japanese or only the traditional lists hold it
    if (i >= 0 && m === 1 << i) return list[i]!;
  }
  return byName('zh_CN');
}

const byLength = new Map<string, readonly string[]>();

/** The given names of a locale and gender, of the same length as `like` where there are enough. */
function givenPool(l: Register, gender: Gender, like: string): readonly string[] {
  const kana = KANA.test(like);
  const key = `${l.name}\u0000${gender}\u0000${like.length}\u0000${kana}`;
  let pool = byLength.get(key);
  if (!pool) {
    // a name in kanji gets a name in kanji, one in kana a name in kana, where the list has enough
    const script = (list: readonly string[]): readonly string[] => {
      const same = list.filter((n) => KANA.test(n) === kana);
      return same.length >= 10 ? same : list;
    };
    const every = script([...l.female, ...l.male, ...l.unisex]);
    const all = script(gender === 'f' ? l.female : gender === 'm' ? l.male : every);
    const base = all.length >= 10 ? all : every;
    const same = base.filter((n) => n.length === like.length);
    pool = same.length >= 10 ? same : base;
    byLength.set(key, pool);
  }
  return pool;
}

/** The keyed stand-in (surname, given name) of a CJK person entity `given|family`. */
export function cjkStandIn(canonical: string, keyed: Keyed, attempt: number): { family: string; given: string } {
  const bar = canonical.indexOf('|');
  const given = bar < 0 ? canonical : canonical.slice(0, bar);
  const family = bar < 0 ? '' : canonical.slice(bar + 1);
  const l = localeOf(family, given);
  const gender = namesIndex().given.get(given)?.gender ?? 'u';
  const gp = givenPool(l, gender, given);
  const sp = l.surnames;
  let f = family;
  let g = given;
  for (let inner = 0; inner < 16 && (f === family || f.length === 0); inner++)
    f = sp[keyed.pick('cjk-family', `${attempt}\u0000${inner}\u0000${canonical}`, sp.length)] ?? family;
  for (let inner = 0; inner < 16 && (g === given || g.length === 0); inner++)
    g = gp[keyed.pick('cjk-given', `${attempt}\u0000${inner}\u0000${canonical}`, gp.length)] ?? given;
  return { family: f, given: g };
}

/** Renders one surface of a CJK person (whole name, given name or surname alone) from its stand-in. */
export function renderCjk(original: string, canonical: string, keyed: Keyed, attempt: number): string {
  const bar = canonical.indexOf('|');
  const given = bar < 0 ? canonical : canonical.slice(0, bar);
  const family = bar < 0 ? '' : canonical.slice(bar + 1);
  const s = cjkStandIn(canonical, keyed, attempt);
  if (family === '') return original === given ? s.given : original.split(given).join(s.given);
  if (given === '') return original === family ? s.family : original.split(family).join(s.family);
  if (original === family + given) return s.family + s.given;
  if (original === given) return s.given;
  if (original === family) return s.family;
  let out = original;
  if (family && out.includes(family)) out = out.split(family).join(s.family);
  if (given && out.includes(given)) out = out.split(given).join(s.given);
  return out === original ? s.family + s.given : out;
}
