/**
 * Postal street addresses:
 * - number first (English, French): `1668 Glyn St`, `742 Evergreen Terrace,
 *   Apt 5`, `12 rue de la Paix`;
 * - street first with the number after (German, Dutch, Nordic, Romance):
 *   `Hauptstraße 5`, `Brucker Bundesstrasse 31`, `Rua do Arenque 1634`,
 *   `Via Franscini 71`, `Harjukuja 54`, `Am Mühlbach 90`, `An der Alster 3`.
 * The street-type word (or compound suffix) is required, so a number before
 * any capitalised words is not enough.
 *
 * Speed: a plain scan finds anchors (`5 M…`, `…e 12`), and the full pattern
 * runs only on a short window around each anchor.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';

const EN_SUFFIX =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Trl|Crescent|Cres|Close|Grove|Gardens|Row|Mews|Alley|Loop|Plaza|Pike|Expressway|Freeway|Heights|Ridge|Path|Landing|Crossing|Commons';
const UNIT = String.raw`(?:,?[ \t](?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|Room|Rm|#)\.?[ \t]?#?[A-Za-z0-9-]{1,6}(?![\w-]))?`;
const FR_TYPES = 'rue|avenue|boulevard|bd|place|chemin|allée|impasse|quai|cours|route';
const NUMBER_FIRST = new RegExp(
  String.raw`(?<![\w.\-/#,])\d{1,6}[A-Za-z]?(?:-\d{1,4})?[ \t](?:(?:[NSEW]|North|South|East|West)\.?[ \t])?(?:[A-Z][a-z'’]+\.?[ \t]|\d{1,3}(?:st|nd|rd|th)[ \t]){1,4}(?:${EN_SUFFIX})\b\.?${UNIT}` +
    // streets known without a type word
    String.raw`|(?<![\w.\-/#,])\d{1,6}[A-Za-z]?[ \t](?:Broadway|Bowery|Embarcadero|Strand|Piccadilly|Kurfürstendamm)\b${UNIT}` +
    String.raw`|(?<![\w.\-/#,])\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t](?:${FR_TYPES})[ \t](?:(?:de|du|des|la|le|l'|d')[ \t]?){0,2}[A-ZÉÈ][\p{L}'’-]+(?:[ \t][A-ZÉÈ][\p{L}'’-]+){0,2}`,
  'gu',
);
const NUMBER_ANCHOR = new RegExp(String.raw`\d[A-Za-z]?,? (?:[A-Z]|(?:${FR_TYPES}) )`, 'g');

const COMPOUND =
  'straße|strasse|str\\.|gasse|weg|platz|allee|damm|ufer|laan|straat|plein|gracht|vej|gade|gatan|gata|vägen|veien|katu|tie|kuja|utca';
const ROMANCE =
  'Rua|Rue|Via|Viale|Piazza|Corso|Calle|Avenida|Av\\.|Carrer|Largo|Travessa|Praça|Alameda|Paseo|Camino|ulica|ul\\.|Am|Im|Zum|Zur|An der|An den|Auf der|Auf dem|In der|Unter den';
const STREET_FIRST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${ROMANCE})[ \t](?:(?:de|del|della|di|da|do|dos|das|du|des|la|le|el|los|las)[ \t]){0,2}\p{Lu}[\p{L}'’-]+(?:[ \t]\p{Lu}[\p{L}'’-]+){0,2}|(?:\p{Lu}[\p{L}-]+[ \t])?\p{Lu}[\p{Ll}-]{2,}(?:${COMPOUND}))[ \t]\d{1,5}[a-zA-Z]?(?![\p{L}\p{N}]|[.,]\d)${UNIT}`,
  'gu',
);
/** Where a street-first address may end (a compound suffix before the number) or start (a street-type word). */
const SUFFIX_ANCHOR = /[a-zßäöüåæøé.] \d/g;
const SUFFIX_END = new RegExp(`(?:${COMPOUND})$`);
const ROMANCE_NEAR = new RegExp(`(?:^|[^\\p{L}])(?:${ROMANCE})[ \\t]`, 'u');

function scanWindows(
  corpus: string,
  anchor: RegExp,
  full: RegExp,
  back: number,
  ahead: number,
  sink: FindingSink,
  accept?: (at: number) => boolean,
): void {
  anchor.lastIndex = 0;
  let a: RegExpExecArray | null;
  let done = 0;
  while ((a = anchor.exec(corpus)) !== null) {
    if (accept && !accept(a.index)) continue;
    const from = Math.max(done, a.index - back);
    if (a.index < done) continue;
    const to = Math.min(corpus.length, a.index + ahead);
    // the window keeps one character of left context for the pattern's boundary check
    const base = Math.max(0, from - 1);
    const win = corpus.slice(base, to);
    full.lastIndex = from - base;
    let m: RegExpExecArray | null;
    while ((m = full.exec(win)) !== null) {
      if (base + m.index > a.index + 1 || base + m.index + m[0].length <= a.index) continue;
      sink.add({ kind: 'address', surface: m[0].trim() });
      done = base + m.index + m[0].length;
      break;
    }
    if (done > anchor.lastIndex) anchor.lastIndex = done;
  }
}

export const addressDetector: Detector = {
  name: 'accounts.address',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    scanWindows(corpus, NUMBER_ANCHOR, NUMBER_FIRST, 13, 120, sink);
    scanWindows(
      corpus,
      SUFFIX_ANCHOR,
      STREET_FIRST,
      48,
      30,
      sink,
      (at) =>
        SUFFIX_END.test(corpus.slice(Math.max(0, at - 7), at + 1)) ||
        ROMANCE_NEAR.test(corpus.slice(Math.max(0, at - 48), at)),
    );
  },
};
