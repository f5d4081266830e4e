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
  las van der den von am an im zur zum and of the`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Suffixes of compound street names in German, Dutch and Nordic languages (lower case). */
export const COMPOUND_SUFFIX =
  /(straße|strasse|str\.|gasse|weg|platz|allee|ring|damm|ufer|steig|pfad|chaussee|laan|straat|plein|gracht|dijk|kade|vej|gade|gatan|gata|vägen|väg|veien|vei|katu|tie|kuja|polku|tanhua|utca)$/i;

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
    const out = original.replace(
      /\d+(?:st|nd|rd|th)(?!\p{L})|\d+[A-Za-z]?(?!\p{L})|\p{L}[\p{L}\p{M}'’.-]*/gu,
      (tok) => {
        if (/^\d+[A-Za-z]?$/.test(tok)) {
          const num = tok.replace(/[A-Za-z]$/, '');
          const d = keyed.permute(num, `address-no\u0000${numberNo++}\u0000${attempt}`);
          const fixed = num[0] !== '0' && d[0] === '0' ? String((+d[0]! % 9) + 1) + d.slice(1) : d;
          return fixed + tok.slice(num.length);
        }
        const low = tok.toLowerCase();
        if (STREET_WORDS.has(low) || STREET_WORDS.has(low.replace(/\.$/, ''))) return tok;
        if (nameDone) return '';
        nameDone = true;
        const street = streets[keyed.pick('address-street', `${canonical}\u0000${attempt}`, n)] ?? 'Maple';
        const compound = COMPOUND_SUFFIX.exec(tok);
        if (compound && compound.index > 0) return caseLike(tok, street.replace(/\s+/g, '')) + compound[1];
        return streetCase(tok, street);
      },
    );
    // name words after the first were dropped: close the gaps they leave
    return out.replace(/ {2,}/g, ' ').replace(/ ([,.])/g, '$1');
  },
};
