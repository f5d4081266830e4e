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
 * - the layouts of countries that write neither: Indian `No. 135, 7th Cross
 *   Road`, Japanese `Nishi-Shinjuku 2-chome 8-1` and `西新宿2丁目8番1号`,
 *   Korean `Sejong-daero 110` and `세종대로 110`, Chinese `建国路88号`, Russian
 *   `ул. Тверская, д. 7`; Polish `ul. Marszałkowska 84/92`, Italian and
 *   Portuguese `Via Roma, 10` / `Av. Paulista, 1578`, `Calle Mayor, nº 5`.
 *
 * Policy (ARCHITECTURE.md, "Street addresses"): the street line is the
 * address — street name, house number, flat or unit — and is replaced; the
 * postcode, city, region and country after it are kept. They name an area
 * shared by thousands of people (a place, which the people rules keep too),
 * and keeping them keeps the twin's locale. So `Kastanienring 98, 50000 Köln`
 * becomes `<street>ring <number>, 50000 Köln`.
 *
 * Speed: a plain scan finds anchors (`5 M…`, `…e 12`, `丁目`, `ул`), and the
 * full pattern runs only on a short window around each anchor.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { lastKey, lineStartWithin, normKey } from './util';
import { signatureValues, textFields } from '../structure';

const EN_SUFFIX =
  'Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Court|Ct|Place|Pl|Way|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Square|Sq|Trail|Trl|Crescent|Cres|Close|Grove|Gardens|Row|Mews|Alley|Loop|Plaza|Pike|Expressway|Freeway|Heights|Ridge|Path|Landing|Crossing|Commons|Parade|Pde|Esplanade|Esp|Circuit|Cct|Bvd';
const UNIT = String.raw`(?:,?[ \t](?:Apt|Apartment|Suite|Ste|Unit|Fl|Floor|Room|Rm|#)\.?[ \t]?#?[A-Za-z0-9-]{1,6}(?![\w-]))?`;
const FR_TYPES = 'rue|avenue|boulevard|bd|place|chemin|allée|impasse|quai|cours|route';
/** A flat or unit written before the house number (`Flat 9, 178 Willowbrook Road`): part of the street line. */
const UNIT_BEFORE = String.raw`(?:(?:Flat|Apt\.?|Apartment|Unit|Suite)[ \t]?\d{1,5}[A-Za-z]?,?[ \t])?`;
const NUMBER_FIRST = new RegExp(
  String.raw`(?<![\w.\-/#,])${UNIT_BEFORE}\d{1,6}[A-Za-z]?(?:-\d{1,4})?,?[ \t](?:(?:[NSEW]|North|South|East|West)\.?[ \t])?(?:[A-Z][a-z'’]+\.?[ \t]|[A-Z]{2,3}[ \t]|\d{1,3}(?:st|nd|rd|th)[ \t]){1,4}(?:${EN_SUFFIX})\b\.?${UNIT}` +
    // Korean road names, number first: `110 Sejong-daero`
    String.raw`|(?<![\w.\-/#,])\d{1,5}(?:-\d{1,4})?[ \t]\p{Lu}\p{Ll}+(?:-\p{Ll}+)?-(?:daero|ro|gil)\b(?:[ \t]\d{1,3}(?:beon-)?gil)?` +
    // streets known without a type word
    String.raw`|(?<![\w.\-/#,])\d{1,6}[A-Za-z]?[ \t](?:Broadway|Bowery|Embarcadero|Strand|Piccadilly|Kurfürstendamm)\b${UNIT}` +
    String.raw`|(?<![\w.\-/#,])\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t](?:${FR_TYPES})[ \t](?:(?:de|du|des|la|le|l'|d')[ \t]?){0,2}[A-ZÉÈ](?:[\p{L}-]|['’](?=\p{L}))+(?:[ \t][A-ZÉÈ](?:[\p{L}-]|['’](?=\p{L}))+){0,2}`,
  'gu',
);
const NUMBER_ANCHOR = new RegExp(String.raw`\d[A-Za-z]?,? (?:[A-Z]|\d{1,3}(?:st|nd|rd|th) |(?:${FR_TYPES}) )`, 'g');

/**
 * Suffixes of street names written as one word: German (`-straße`, `-str.`, `-ring`, `-weg`, `-gasse`, `-allee`,
 * `-damm`, `-ufer`, `-steig`, `-pfad`, `-chaussee`, `-markt`, `-kamp`), Dutch (`-laan`, `-straat`, `-plein`,
 * `-gracht`, `-kade`, `-singel`, `-dijk`), Danish and Norwegian (`-vej`, `-gade`, `-veien`, `-vei`, `-gata`),
 * Swedish (`-gatan`, `-vägen`), Finnish (`-katu`, `-tie`, `-kuja`), Hungarian (`utca`). `-ring` only after a
 * consonant: `Kastanienring`, `Kaiserring`, but not `Monitoring`, `Sharing`.
 */
const COMPOUND =
  'straße|strasse|str\\.|gasse|weg|platz|allee|damm|ufer|steig|pfad|chaussee|markt|kamp|(?<![aeiouy])ring|laan|straat|plein|gracht|kade|singel|dijk|vejen|vej|gaden|gade|gatan|gata|vägen|veien|vei|katu|tie|kuja|utca';
/** Street-type words written apart, after the name: `Mariahilfer Straße 120`, `Karl Johans gate 22`. */
const TYPE_AFTER =
  'Straße|Strasse|Str\\.|Gasse|Weg|Platz|Allee|Ring|Gürtel|Damm|Ufer|gate|gata|gade|vei|veien|vej|vägen|väg|tie|katu|utca|straat|laan';
const ROMANCE =
  'Rua|Rúa|Rue|Via|Viale|Piazza|Corso|Calle|C/|Avenida|Avda\\.|Av\\.|Avinguda|Carrer|Carrera|Rambla|Ronda|Largo|Travessa|Praça|Plaça|Alameda|Paseo|Camino|Estrada|Rodovia|Strada|Bulevardul|Calea|Aleja|al\\.|ulica|ul\\.|Am|Im|Zum|Zur|An der|An den|Auf der|Auf dem|In der|Unter den';
/** `nº 5`, `n.º 5`, `No. 5`, `Nr. 5`, `no 5`: the house number's label. */
const NO = String.raw`(?:(?:[Nn]º|n\.º|[Nn]°|No\.?|Nr\.?|no)[ \t]?)?`;
const STREET_FIRST = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${ROMANCE})[ \t]?(?:(?:de|del|della|delle|dello|dei|degli|di|da|dal|dalla|do|dos|das|du|des|la|le|el|los|las)[ \t]){0,2}(?:\d{1,2}º?[ \t]de[ \t])?\p{Lu}(?:[\p{L}-]|['’](?=\p{L}))+(?:[ \t]\p{Lu}(?:[\p{L}-]|['’](?=\p{L}))+){0,2}|(?:\p{Lu}[\p{L}-]+[ \t])?\p{Lu}[\p{Ll}-]{2,}(?:${COMPOUND})|(?:\p{Lu}(?:[\p{L}-]|['’](?=\p{L}))+[ \t]){1,2}(?:${TYPE_AFTER})|\p{Lu}\p{Ll}+(?:-\p{Ll}+)?-(?:daero|ro|gil)),?[ \t]${NO}\d{1,5}[a-zA-Z]?(?:[/-]\d{1,4}[a-zA-Z]?){0,2}(?![\p{L}\p{N}]|[.,]\d)${UNIT}`,
  'gu',
);
/** Where a street-first address may end (a compound suffix before the number) or start (a street-type word). */
const SUFFIX_ANCHOR = /[a-zßäöüåæøéáíóúñãõçèàìòùâêîôûëïõąęłńśźżčřšžýůőű.º°],? (?:\d|[Nn](?:º|°|\.º|o\.|r\.))/g;
const SUFFIX_END = new RegExp(`(?:${COMPOUND}|${TYPE_AFTER}|-(?:daero|ro|gil))$`, 'i');
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

/**
 * Layouts found from a word of their own, each a pattern run on the line around that word:
 * - Japanese `Nishi-Shinjuku 2-chome 8-1` (also `2-chōme`) and `西新宿2丁目8番1号` (block, lot, building);
 * - Chinese `建国路88号`, `中山北路二段` streets with `号` numbers, and the building, entrance and flat after
 *   them (`8号楼`, `2单元`, `1201室`);
 * - Korean `세종대로 110`, `테헤란로 152`, `봉은사로 524-3`;
 * - Russian `ул. Тверская, д. 7`, `улица Ленина, дом 5`, `пр. Мира 12`, `проспект Мира, 12к1`;
 * - Indian `No. 135, 7th Cross Road` (and `#12, 4th Main`, `# 239, 10th Cross`), which number first with a label.
 */
const LOCAL_LAYOUTS: readonly (readonly [anchor: string, pattern: RegExp])[] = [
  ['chome', /(?<![\p{L}\p{N}])\p{Lu}[\p{L}-]+,?[ \t]\d{1,2}-ch[oō]me(?:,?[ \t]\d{1,4}(?:-\d{1,4}){0,2})?/uy],
  ['chōme', /(?<![\p{L}\p{N}])\p{Lu}[\p{L}-]+,?[ \t]\d{1,2}-ch[oō]me(?:,?[ \t]\d{1,4}(?:-\d{1,4}){0,2})?/uy],
  // Han text runs on without spaces: the district and ward before the block go with it
  [
    '丁目',
    /\p{Script=Han}{1,12}[0-9０-９一二三四五六七八九十]{1,3}丁目(?:[0-9０-９]{1,4}番(?:地)?(?:[0-9０-９]{1,4}号?)?|[0-9０-９]{1,4}[-−ー][0-9０-９]{1,4})?/uy,
  ],
  [
    '号',
    /\p{Script=Han}{1,10}(?:路|街|大街|大道|巷|弄|里|道)(?:[一二三四五六七八九十]段)?[0-9０-９]{1,5}(?:弄[0-9０-９]{1,4})?号(?:[0-9０-９]{1,4}(?:号楼|栋|幢|座))?(?:[0-9０-９]{1,3}单元)?(?:[0-9０-９]{1,5}(?:室|房))?/uy,
  ],
  [
    '로',
    /(?<![\p{L}\p{N}])\p{Script=Hangul}{1,8}(?:대로|로)(?:[0-9]{1,3}(?:번)?길)?[ \t]?[0-9]{1,5}(?:-[0-9]{1,4})?(?![0-9])/uy,
  ],
  ['길', /(?<![\p{L}\p{N}])\p{Script=Hangul}{1,8}길[ \t]?[0-9]{1,5}(?:-[0-9]{1,4})?(?![0-9])/uy],
  [
    'ул',
    /(?<![\p{L}\p{N}])(?:ул\.|улица)[ \t]?\p{Lu}[\p{L}-]+(?:[ \t]\p{Lu}?[\p{L}-]+)?,?[ \t](?:(?:д\.|дом)[ \t]?)?\d{1,4}(?:[/к]\d{1,3})?(?:,?[ \t](?:кв\.|квартира)[ \t]?\d{1,4})?/uy,
  ],
  [
    'пр',
    /(?<![\p{L}\p{N}])(?:пр\.|просп\.|проспект|пер\.|переулок|наб\.|бул\.|ш\.)[ \t]?\p{Lu}[\p{L}-]+,?[ \t](?:(?:д\.|дом)[ \t]?)?\d{1,4}(?:[/к]\d{1,3})?(?:,?[ \t](?:кв\.|квартира)[ \t]?\d{1,4})?/uy,
  ],
  ...['No.', 'Flat'].map(
    (anchor) =>
      [
        anchor,
        /(?<![\w.])(?:No\.|Flat)[ \t]?\d{1,5}[A-Za-z]?(?:\/\d{1,4})?,?[ \t](?:\d{1,3}(?:st|nd|rd|th)[ \t](?:[A-Z][a-z]+[ \t]){0,2}|(?:[A-Z][a-z]+[ \t]){1,3})(?:Road|Rd|Street|St|Cross|Main|Layout|Nagar|Marg|Lane|Avenue|Colony)\b\.?/y,
      ] as const,
  ),
  // `# 239, 10th Cross`: after `#` (an issue's or a colour's mark too) a comma and an ordinal road only
  [
    '#',
    /(?<![\w.])#[ \t]?\d{1,5}[A-Za-z]?(?:\/\d{1,4})?,[ \t]\d{1,3}(?:st|nd|rd|th)[ \t](?:[A-Z][a-z]+[ \t]){0,2}(?:Road|Rd|Cross|Main|Block|Stage|Phase)\b\.?/y,
  ],
  // Turkish `Bağdat Cd. No:12 D:4` (cadde, sokak, bulvar; kapı and daire numbers)
  [
    'No:',
    /(?<![\p{L}\p{N}])(?:\p{Lu}[\p{L}]+[ \t]){1,3}(?:Cd\.|Cad\.|Caddesi|Sk\.|Sok\.|Sokak|Sokağı|Blv\.|Bulvarı)[ \t]?No[:.][ \t]?\d{1,4}[A-Z]?(?:[ \t/]?(?:D|Daire|Kat)[:.][ \t]?\d{1,4})?/uy,
  ],
];

/** How far before its anchor a local layout may start. */
const LOCAL_BACK = 40;

/**
 * Each anchor is tried from the starts on its line at most LOCAL_BACK characters before it and after the last
 * anchor tried (a match from an earlier start that reached over this anchor would have reached over that one),
 * with the sticky pattern: dense anchors cost a start or two each.
 */
function scanLocalLayouts(corpus: string, sink: FindingSink): void {
  for (const [anchor, pattern] of LOCAL_LAYOUTS) {
    let tried = 0;
    const hash = anchor === '#';
    for (let a = corpus.indexOf(anchor); a >= 0; a = corpus.indexOf(anchor, Math.max(a + 1, tried))) {
      // `# 239, 10th Cross`: the layout starts at its `#`, and a digit follows it (most `#` start comments)
      if (hash) {
        const d = corpus.charCodeAt(corpus.charCodeAt(a + 1) === 32 ? a + 2 : a + 1);
        if (d < 48 || d > 57) continue;
      }
      const from = hash ? a : Math.max(lineStartWithin(corpus, a, LOCAL_BACK), tried);
      tried = a + 1;
      for (let s = from; s <= a; s++) {
        pattern.lastIndex = s;
        const m = pattern.exec(corpus);
        if (m === null || s + m[0].length <= a) continue;
        const surface = m[0].trim();
        // also where it stands: a CJK line runs on into the words around it, which a global surface may not touch
        const at = s + m[0].indexOf(surface);
        sink.add({ kind: 'address', surface, at: { start: at, end: at + surface.length } });
        sink.add({ kind: 'address', surface });
        tried = s + m[0].length;
        break;
      }
    }
  }
}

/** Keys and columns of a postal address or its street line (`address`, `address1`, `street`, `billing_address`). */
const ADDRESS_KEY =
  /^(?:(?:home|billing|shipping|mailing|postal|delivery|residential|residence|business|work|customer|user|contact|street)_)?(?:address|addr|adr|street|street_?address|address_?line_?1?|address_?1|line_?1|street_?line)$/;

/**
 * A postcode in a part of an address (`34992 Kadıköy`, `Pune 653729`, `Osaka 835-1373`, `01-989`,
 * `56896-475`, `SW1A 1AA`, `3243 ZX`, `928 76`): where it stands, at the part's start or its end. The start wins.
 */
const POSTCODE_START =
  /^(?:\d{4,6}|\d{3}[ \t]\d{2}|\d{2,3}-\d{3,4}|\d{5}-\d{3}|\d{4}[ \t]?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})(?:[ \t]|$)/;
const POSTCODE_END =
  /(?:^|[ \t])(?:\d{4,6}|\d{3}[ \t]\d{2}|\d{2,3}-\d{3,4}|\d{5}-\d{3}|[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2})$/;

/**
 * The street line of an address named by its key: the parts (split at `, `) before the one that holds the
 * postcode — `Bağdat Cd. No:109 D:8` of `Bağdat Cd. No:109 D:8, 34992 Kadıköy/İstanbul`; where the postcode
 * follows a city (`…, Indiranagar, Pune 653729`), the parts before that city's district too, at least one —; where
 * no part holds one, the parts to the last that holds a number (a city after it stays); a cut that would leave
 * no number is none (`Rua Augusta, 2091, apto 12`: those numbers are the house's and the flat's). Null when it holds no
 * digit (a city alone) or no letter.
 */
export function streetLineOf(value: string): string | null {
  const v = value.trim();
  if (v.length < 4 || v.length > 160 || /@|:\/\/|\n/.test(v)) return null;
  const parts = v.split(/,[ \t]*/);
  // with no postcode: to the last part that holds a number (`567 Trinity Street` of `567 Trinity Street, London`)
  let last = 0;
  for (let j = 0; j < parts.length; j++) if (/\d/.test(parts[j]!)) last = j;
  let street = parts.slice(0, last + 1).join(', ');
  for (let j = 1; j < parts.length; j++) {
    const part = parts[j]!.trim();
    // a cut that leaves no number is none: that number is the house's (`Rua Augusta, 2091`, `…, apto 12`)
    if (POSTCODE_START.test(part) && !POSTCODE_END.test(part)) {
      const cut = parts.slice(0, j).join(', ');
      if (!/\d/.test(cut)) continue;
      street = cut;
      break;
    }
    if (POSTCODE_END.test(part)) {
      // the part before the city is its district unless it holds a number (`Flat 9, 178 Willowbrook Road, Bristol …`)
      const district = j >= 2 && !/\d/.test(parts[j - 1]!);
      const cut = parts.slice(0, district ? j - 1 : Math.max(1, j)).join(', ');
      if (!/\d/.test(cut)) continue;
      street = cut;
      break;
    }
  }
  if (!/\d/.test(street) || !/\p{L}{2}/u.test(street) || !/[ \t]/.test(street) || !v.startsWith(street)) return null;
  return street;
}

function reportStreetLine(corpus: string, start: number, end: number, sink: FindingSink): void {
  if (end - start > 160) return;
  const raw = corpus.slice(start, end);
  const street = streetLineOf(raw);
  if (street === null) return;
  const s = start + raw.indexOf(street);
  sink.add({ kind: 'address', surface: street, at: { start: s, end: s + street.length } });
  sink.add({ kind: 'address', surface: street });
}

/** Values that a key or column names an address: their street line, in whatever country's layout. */
function scanNamedAddresses(chunk: Chunk, sink: FindingSink): void {
  const corpus = chunk.corpus;
  for (const seg of chunk.segments) {
    if (seg.isKey || seg.end - seg.start < 4 || seg.end - seg.start > 160 || seg.path.length === 0) continue;
    if (ADDRESS_KEY.test(normKey(lastKey(seg.path)))) reportStreetLine(corpus, seg.start, seg.end, sink);
  }
  for (const f of textFields(chunk))
    if (f.end - f.start >= 4 && ADDRESS_KEY.test(normKey(f.name))) reportStreetLine(corpus, f.start, f.end, sink);
  // a line of an e-mail signature (a contact record) that holds a postcode after its first part is its address
  for (const v of signatureValues(chunk)) {
    if (v.end - v.start < 8) continue;
    const parts = corpus.slice(v.start, v.end).split(/,[ \t]*/);
    for (let j = 1; j < parts.length; j++) {
      const part = parts[j]!.trim();
      if (POSTCODE_START.test(part) || POSTCODE_END.test(part)) {
        reportStreetLine(corpus, v.start, v.end, sink);
        break;
      }
    }
  }
}

export const addressDetector: Detector = {
  name: 'accounts.address',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    scanNamedAddresses(chunk, sink);
    scanWindows(corpus, NUMBER_ANCHOR, NUMBER_FIRST, 24, 120, sink);
    scanLocalLayouts(corpus, sink);
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
