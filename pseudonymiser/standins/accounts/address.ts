/**
 * Street addresses: `1668 Glyn St` → `4821 Maple St`, `Hauptstraße 5` →
 * `Cedarstraße 8`, `Rua do Arenque 1634` → `Rua do Birch 7302`. House and
 * unit numbers get keyed digits of the same length; the street name comes
 * from the street pool; street-type words and suffixes (St, Avenue, Rue,
 * -straße), unit words (Apt, Suite) and particles (de, do, la) are kept as written.
 */
import type { StandInGenerator } from '../../types';
import { pools } from '../../pools';
import { caseLike } from './names';

/** Street-type and unit words kept as written (lower case). */
export const STREET_WORDS = new Set(
  `street st avenue ave av road rd boulevard blvd lane ln drive dr court ct place pl way terrace ter tce circle cir
  parkway pkwy highway hwy square sq trail trl crescent cres close grove gardens gdns row mews walk hill park
  point pike alley aly loop run path plaza plz route rte expressway expy freeway fwy apt apartment suite ste unit
  floor fl room rm building bldg no nr box po rue chemin allée allee impasse quai cours via viale piazza corso
  largo vicolo calle avenida av. carrer paseo plaza camino rua travessa praça estrada rodovia alameda strasse
  straße gasse weg platz allee ring damm ufer steig pfad markt chaussee laan straat plein gracht dijk kade vej
  gade gata gatan vägen väg veien vei katu tie kuja polku tanhua ulica ul aleja utca út ut tér ter körút ulitsa
  prospekt north south east west n s e w ne nw se sw de del della dei di da do dos das du des la le les el los
  las van der den von am an im zur zum and of the c nº n.º nr chome chōme daero ro gil beon avda avinguda carrera
  rambla ronda plaça estrada rodovia strada bulevardul calea rúa al aleja singel kade kamp markt layout
  nagar marg colony ул. ул улица д. д дом кв. кв квартира пр. пр просп. проспект пер. переулок наб. бул. ш. к
  丁目 番 番地 号 号楼 栋 幢 座 单元 室 房 路 街 大街 大道 巷 弄 段 대로 로 길 번길
  cd cad cadde caddesi sk sok sokak mah mahallesi bulvar bulvarı blok kat daire d col colonia int ext lote mz manzana
  flat floor bus boîte apto ap andar bloco casa lj sala esq piso puerta bajo dcha izq stiege top tür stock
  pde parade hwy cct esp qld ku cho-me gu dong`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Suffixes of compound street names in German, Dutch and Nordic languages (lower case). */
export const COMPOUND_SUFFIX =
  /(straße|strasse|str\.|gasse|weg|platz|allee|ring|damm|ufer|steig|pfad|chaussee|markt|kamp|laan|straat|plein|gracht|dijk|kade|singel|vej|gade|gatan|gata|vägen|väg|veien|vei|katu|tie|kuja|polku|tanhua|utca|-daero|-ro|-gil)$/i;

/** Street suffixes written in one token with a Han or Hangul street name (`建国路`, `세종대로`). */
const CJK_SUFFIX = /(大街|大道|路|街|巷|弄|里|道|대로|번길|로|길)$/u;
/** Characters of place names common to Chinese and Japanese, and Hangul syllables: a CJK street's stand-in letters. */
const HAN_LETTERS = '中山田川本木林森松竹梅花石原野上下大小新西北南東平安和光明春秋青白金水';
const HANGUL_LETTERS = '가나다라마바사아자차카타파하강남동서북중신한성문화평송';
/** Common Russian street names: a Cyrillic street's stand-in. */
const CYRILLIC_STREETS = [
  'Садовая',
  'Лесная',
  'Школьная',
  'Центральная',
  'Молодёжная',
  'Новая',
  'Полевая',
  'Луговая',
  'Набережная',
  'Заречная',
  'Солнечная',
  'Зелёная',
];
const FULLWIDTH_DIGITS = '０１２３４５６７８９';

/** The English ordinal suffix of a number (`1st`, `12th`, `22nd`). */
function ordinal(n: string): string {
  const v = +n % 100;
  if (v >= 11 && v <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][+n % 10] ?? 'th';
}

/** Writes a pool street (one or two words) in the letter case of `like`: UPPER, lower, or each word in Title Case. */
function streetCase(like: string, street: string): string {
  if (like.length > 1 && like === like.toUpperCase()) return street.toUpperCase();
  if (like[0] !== undefined && like[0] !== like[0].toLowerCase())
    return street.replace(/\p{L}+/gu, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
  return street.toLowerCase();
}

let streetList: readonly string[] | null = null;

/** Street names made of letters and spaces only, filtered once. */
function streetPool(): readonly string[] {
  return (streetList ??= pools.streets.filter((s) => /^[\p{L}' -]+$/u.test(s)));
}

export const addressGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const streets = streetPool();
    const n = Math.max(1, streets.length);
    let nameDone = false;
    let numberNo = 0;
    const number = (num: string): string => {
      const d = keyed.permute(num, `address-no\u0000${numberNo++}\u0000${attempt}`);
      return num[0] !== '0' && d[0] === '0' ? String((+d[0]! % 9) + 1) + d.slice(1) : d;
    };
    // each part of a multi-part street line (`Flat 28, 15th Cross`, `Av. 5 de Mayo 331, Col. Roma Norte`) gets
    // its own name and numbers, drawn from that part alone (its text, its numbers counted from its start), as
    // for a one-part line: `Flat 9`, `178 Willowbrook Road` and `Flat 9, 178 Willowbrook Road` found in
    // different traces give the same flat and street
    const parts = canonical.split(',');
    let part = 0;
    const out = original.replace(
      /,|\d+(?:st|nd|rd|th)(?!\p{L})|\d+[A-Za-z]?(?!\p{Script=Latin})|[０-９]+|\p{Script=Han}+|\p{Script=Hangul}+|\p{L}[\p{L}\p{M}'’.-]*/gu,
      (tok) => {
        if (tok === ',') {
          part++;
          nameDone = false;
          numberNo = 0;
          return tok;
        }
        const own = parts.length === 1 ? canonical : (parts[part] ?? canonical).trim();
        const at = `${own}\u0000${attempt}`;
        if (/^\d+(?:st|nd|rd|th)$/.test(tok)) {
          const d = number(tok.slice(0, -2));
          return d + ordinal(d);
        }
        if (/^\d+[A-Za-z]?$/.test(tok)) {
          const num = tok.replace(/[A-Za-z]$/, '');
          return number(num) + tok.slice(num.length);
        }
        if (/^[０-９]+$/.test(tok))
          return keyed.permute(tok, `address-no\u0000${numberNo++}\u0000${attempt}`, { alphabet: FULLWIDTH_DIGITS });
        const low = tok.toLowerCase();
        if (STREET_WORDS.has(low) || STREET_WORDS.has(low.replace(/\.$/, ''))) return tok;
        if (/^[\p{Script=Han}\p{Script=Hangul}]/u.test(tok)) {
          // a CJK street name keeps its script, its length and its street suffix (`建国路` → `松平路`)
          const suffix = CJK_SUFFIX.exec(tok)?.[1] ?? '';
          const name = tok.slice(0, tok.length - suffix.length);
          if (name.length === 0) return tok;
          const alphabet = /^\p{Script=Hangul}/u.test(tok) ? HANGUL_LETTERS : HAN_LETTERS;
          const stem = [...name].map(
            (_, i) => alphabet[keyed.pick('address-cjk', `${canonical}\u0000${attempt}\u0000${i}`, alphabet.length)],
          );
          return stem.join('') + suffix;
        }
        if (nameDone) return '';
        nameDone = true;
        if (/^\p{Script=Cyrillic}/u.test(tok)) {
          const c = CYRILLIC_STREETS[keyed.pick('address-street', at, CYRILLIC_STREETS.length)]!;
          return c.toLowerCase() === low
            ? CYRILLIC_STREETS[(CYRILLIC_STREETS.indexOf(c) + 1) % CYRILLIC_STREETS.length]!
            : c;
        }
        const street = streets[keyed.pick('address-street', at, n)] ?? 'Maple';
        const compound = COMPOUND_SUFFIX.exec(tok);
        if (compound && compound.index > 0) return caseLike(tok, street.replace(/\s+/g, '')) + compound[1];
        return streetCase(tok, street);
      },
    );
    // name words after the first were dropped: close the gaps they leave
    const closed = out.replace(/ {2,}/g, ' ').replace(/ ([,.])/g, '$1');
    // and a blank at the end that the original has not
    return /\s$/.test(original) ? closed : closed.trimEnd();
  },
};
