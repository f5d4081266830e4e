/**
 * Pass one walks a whole JSON document in stretches cut before a string's opening quote (JsonWalk, fed one
 * stretch at a time), so that it never holds the document decoded whole. A walk in stretches must see what a
 * walk of the whole text sees, and must refuse what it refuses; the twin must not depend on the stretches.
 */
import fc from 'fast-check';
import { JsonWalk, PathNode, walkJson } from '../../pseudonymiser/format/json';
import { forEachChunk, type DocChunk, type LineBlocks } from '../../pseudonymiser/format/chunks';
import { twin } from '../../pseudonymiser';
import { generateJsonl } from '../../bench/corpus';

const key = '5e'.repeat(32);

/** The positions where a string opens outside any string (a JSON document's cut points). */
function stringStarts(text: string): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      out.push(i);
      inString = true;
    }
  }
  return out;
}

/** `text` cut before the chosen string starts. */
function stretches(text: string, pick: (k: number) => boolean): { text: string; offset: number }[] {
  const cuts = stringStarts(text).filter((at, k) => at > 0 && pick(k));
  const out: { text: string; offset: number }[] = [];
  let at = 0;
  for (const cut of [...cuts, text.length]) {
    if (cut > at) out.push({ text: text.slice(at, cut), offset: at });
    at = cut;
  }
  return out;
}

type Visit = [number, number, boolean, string, number];

function walkWhole(text: string): { ok: boolean; visits: Visit[] } {
  const visits: Visit[] = [];
  const ok = walkJson(
    text,
    0,
    text.length,
    (s, e, isKey, path, escapes) => visits.push([s, e, isKey, path.keys().join('/'), escapes]),
    new PathNode('', null),
    (s, e, path) => visits.push([s, e, false, '#' + path.keys().join('/'), 0]),
  );
  return { ok, visits };
}

function walkStretched(parts: readonly { text: string; offset: number }[]): { ok: boolean; visits: Visit[] } {
  const visits: Visit[] = [];
  let shift = 0;
  const walk = new JsonWalk(
    new PathNode('', null),
    (s, e, isKey, path, escapes) => visits.push([shift + s, shift + e, isKey, path.keys().join('/'), escapes]),
    (s, e, path) => visits.push([shift + s, shift + e, false, '#' + path.keys().join('/'), 0]),
  );
  let ok = true;
  for (const p of parts) {
    shift = p.offset;
    if (!walk.feed(p.text, 0, p.text.length)) {
      ok = false;
      break;
    }
  }
  return { ok: ok && walk.done(), visits };
}

const spaced = (v: unknown): string => JSON.stringify(v, null, 1);

describe('a JSON document walked in stretches', () => {
  it('sees what a walk of the whole text sees, wherever the stretches are cut before a string', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), fc.func(fc.boolean()), (value, indent, pick) => {
        const text = indent ? spaced(value) : JSON.stringify(value);
        const whole = walkWhole(text);
        expect(whole.ok).toBe(true);
        expect(walkStretched(stretches(text, (k) => pick(k)))).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what a walk of the whole text refuses', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.nat(),
        fc.constantFrom('', ',', ':', '"', '}', ']', '[', '{', 'x', '1', ' "k":'),
        fc.func(fc.boolean()),
        (value, at, insert, pick) => {
          const good = JSON.stringify(value);
          const k = at % (good.length + 1);
          // a character dropped or another put in its place (or nothing changed: still the same answer)
          const text = good.slice(0, k) + insert + good.slice(k + (insert === '' ? 1 : 0));
          const whole = walkWhole(text);
          const stretched = walkStretched(stretches(text, (n) => pick(n)));
          expect(stretched.ok).toBe(whole.ok);
          if (whole.ok) expect(stretched.visits).toEqual(whole.visits);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives the chunks of the whole text when read in stretches', () => {
    const parts: string[] = [];
    generateJsonl('stretches', 96 * 1024, (s) => parts.push(s));
    const lines = parts.join('').split('\n').filter(Boolean);
    const text = '\ufeff[' + lines.join(',\n') + ']\n';
    const chunksOf = (doc: string | LineBlocks): unknown[] => {
      const out: unknown[] = [];
      const chains = new Set<string>();
      forEachChunk(
        doc,
        'json',
        (c: DocChunk) =>
          out.push({ corpus: c.corpus, segs: c.segments.map((s) => [s.start, s.end, s.offset, s.level.chain]) }),
        { dedupe: new Map(), chains },
      );
      return [out, [...chains].sort()];
    };
    const whole = chunksOf(text);
    for (const every of [1, 7, 100]) {
      const blocks = stretches(text, (k) => k % every === 0);
      expect(blocks.length).toBeGreaterThan(1);
      const ascii = !/[^\x00-\x7f]/.test(text);
      expect(chunksOf({ ascii, [Symbol.iterator]: () => blocks[Symbol.iterator]() })).toEqual(whole);
    }
  });

  it('reads a JSON document in blocks, not gathered whole, in each pass', () => {
    const parts: string[] = [];
    generateJsonl('stretches', 64 * 1024, (s) => parts.push(s));
    const input = Buffer.from('{"trace": [' + parts.join('').split('\n').filter(Boolean).join(',') + ']}');
    // each pass tells the bytes it has read after each block it reads
    const told: number[] = [];
    twin(input, { key, format: 'json', blockBytes: 4096, onProgress: (f) => told.push(f) });
    const passOne = new Set(told.filter((f) => f > 0 && f <= 0.5));
    const passTwo = new Set(told.filter((f) => f > 0.5 && f < 1));
    // a block ends before the first string that opens past 4,096 bytes: long texts make some longer
    expect(input.length).toBeGreaterThan(60_000);
    expect(passOne.size).toBeGreaterThanOrEqual(8);
    expect(passTwo.size).toBeGreaterThanOrEqual(8);
  });

  it('reads a long stretch without strings (an array of numbers) in blocks too, cut after a comma', () => {
    // strings at both ends, 200 KiB of numbers (some under keys) and nested arrays between them
    const nums = Array.from({ length: 30_000 }, (_, i) => (i % 7 === 0 ? `[${i}, ${i * 31}]` : String(i * 7919)));
    const body = `{"from":"anna.k1@mail1.example-corp.com","n":[${nums.join(', ')}],"m":{"a":[1,2],"b":[${nums
      .slice(0, 3000)
      .join(',')}]},"to":"call +1 415 555 1000"}\n`;
    const input = Buffer.from(body);
    const told: number[] = [];
    const blocked = twin(input, { key, format: 'json', blockBytes: 4096, onProgress: (f) => told.push(f) });
    // each pass tells the bytes it has read after each block: about one per 4-8 KiB, not one for the numbers
    const passOne = new Set(told.filter((f) => f > 0 && f <= 0.5));
    expect(input.length).toBeGreaterThan(200_000);
    expect(passOne.size).toBeGreaterThanOrEqual(input.length / 8192);
    const whole = twin(input, { key, format: 'json', blockBytes: input.length + 1 });
    expect(whole.output.equals(input)).toBe(false);
    expect(blocked.output.toString('utf8')).toBe(whole.output.toString('utf8'));
    expect(blocked.report).toEqual(whole.report);
    for (const blockBytes of [1, 13, 97])
      expect(twin(input, { key, format: 'json', blockBytes }).output.toString('utf8')).toBe(
        whole.output.toString('utf8'),
      );
  });

  it('twins a JSON document the same whatever the stretches of pass one', () => {
    const parts: string[] = [];
    generateJsonl('stretches', 128 * 1024, (s) => parts.push(s));
    const lines = parts.join('').split('\n').filter(Boolean);
    const input = Buffer.from('[' + lines.join(',\n') + ']\n');
    const whole = twin(input, { key, format: 'json', blockBytes: input.length + 1 });
    expect(whole.output.equals(input)).toBe(false);
    for (const blockBytes of [1, 97, 4096]) {
      const blocked = twin(input, { key, format: 'json', blockBytes });
      expect(blocked.output.toString('utf8')).toBe(whole.output.toString('utf8'));
      expect(blocked.report).toEqual(whole.report);
    }
    // one that does not parse is read as text, whole, in any stretches
    const broken = Buffer.concat([input.subarray(0, input.length - 3), Buffer.from('}\n')]);
    const text = twin(broken, { key, format: 'json', blockBytes: broken.length + 1 });
    expect(twin(broken, { key, format: 'json', blockBytes: 97 }).output.toString('utf8')).toBe(
      text.output.toString('utf8'),
    );
  });
});
