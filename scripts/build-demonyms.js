#!/usr/bin/env node
/**
 * Rebuilds pseudonymiser/data/demonyms.json, the nationalities and religions
 * that are no one's name (`Sunni`, `Spanish`, `Buddhist`), from
 * presidio-research's generator lists (MIT, see pseudonymiser/data/SOURCES.md):
 *
 *   node scripts/build-demonyms.js [DIR]
 *
 * DIR holds nationalities.csv and religions.csv (default: the shared corpus's
 * presidio-research folder beside the repository). Output is sorted and
 * deterministic for given input files.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DIR = path.resolve(process.argv[2] ?? path.join(__dirname, '../../shared/corpus/presidio-research'));
const OUT = path.resolve(__dirname, '../pseudonymiser/data/demonyms.json');

/** Lines of a file, BOM and carriage returns dropped, lower case. */
function lines(name) {
  return fs
    .readFileSync(path.join(DIR, name), 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((l) => l.trim().toLowerCase())
    .filter(Boolean);
}

/** Letters, spaces and hyphens only: drops the lists' mis-encoded entries (`monã©gasque`). */
const PLAIN = /^[a-z]+(?:[ -][a-z]+)*$/;
const words = new Set();
function add(w) {
  w = w.trim();
  if (PLAIN.test(w)) words.add(w);
}

// nationalities.csv: country, nationality, man, woman, plural; every column but the country's
const [head, ...rows] = lines('nationalities.csv');
if (head !== 'country,nationality,man,woman,plural') throw new Error(`nationalities.csv: unexpected header ${head}`);
for (const row of rows) for (const w of row.split(',').slice(1)) add(w);

// religions.csv: each religion, then its adherent or adjective (`christianity`, `christian`); derived: the
// adherents' plural (`christians`, `hindus`; none for an adjective: `islamic`, `jewish`), and the adherent of the
// last religion, given without one (`zoroastrianism` → `zoroastrian`, `zoroastrians`)
const rel = lines('religions.csv');
if (rel[0] !== 'religions') throw new Error(`religions.csv: unexpected header ${rel[0]}`);
const adherent = (w) => {
  add(w);
  if (!/(?:ic|ish)$/.test(w)) add(`${w}s`);
};
for (let i = 1; i < rel.length; i += 2) {
  add(rel[i]);
  if (i + 1 < rel.length) adherent(rel[i + 1]);
  else if (rel[i].endsWith('ism')) adherent(rel[i].slice(0, -3));
}
// a religion's adherent the list does not give under any spelling: Islam's
add('muslim');
add('muslims');

const sorted = [...words].sort();
fs.writeFileSync(
  OUT,
  `${JSON.stringify({ sources: { 'presidio-research': '7622dec1e5f7d25dc60b57c28c39f4c4af197018' }, demonyms: sorted.join('|') })}\n`,
);
console.log(`demonyms.json: ${sorted.length} words and phrases`);
