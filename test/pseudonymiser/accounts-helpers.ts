/** Helpers for the account tests: run the account detectors, the generators and `twin`. */
import { twin } from '../../pseudonymiser';
import { accountDetectors } from '../../pseudonymiser/detectors/accounts';
import { createKeyed } from '../../pseudonymiser/keyed';
import { generatorFor } from '../../pseudonymiser/standins';
import { forEachChunk, segmentAt } from '../../pseudonymiser/format/chunks';
import type { Chunk, DetectContext, Finding, Format, Kind } from '../../pseudonymiser/types';

export const KEY = '5a'.repeat(32);
export const OTHER_KEY = 'c3'.repeat(32);
export const keyed = createKeyed(Buffer.from(KEY, 'hex'));

const ctxFor = (): DetectContext => ({
  confidential: [],
  segmentAt: (chunk: Chunk, offset: number) => segmentAt(chunk, offset),
});

/** Every finding the account detectors report for a document. */
export function detect(doc: string, format: Format = 'text'): Finding[] {
  const out: Finding[] = [];
  const sink = { add: (f: Finding) => out.push(f), has: () => false };
  forEachChunk(doc, format, (chunk) => {
    for (const d of accountDetectors) d.detect(chunk, sink, ctxFor());
  });
  return out;
}

/** Surfaces found of one kind. */
export function surfaces(doc: string, kind: Kind, format: Format = 'text'): string[] {
  return [
    ...new Set(
      detect(doc, format)
        .filter((f) => f.kind === kind)
        .map((f) => f.surface),
    ),
  ];
}

/** The twin of a document, as text, with every detector. */
export function twinText(doc: string, format: Format = 'text', key = KEY): string {
  return twin(Buffer.from(doc, 'utf8'), { key, format }).output.toString('utf8');
}

/** The twin of a document, as text, with the account detectors only. */
export function twinOf(doc: string, format: Format = 'text', key = KEY): string {
  return twin(Buffer.from(doc, 'utf8'), { key, format, detectors: accountDetectors }).output.toString('utf8');
}

/** The stand-in the generator of `kind` gives for one original. */
export function standIn(kind: Kind, original: string, canonical = original, attempt = 0): string {
  return generatorFor(kind).generate(original, canonical, keyed, attempt);
}

/** Positions of non-digit characters, to compare layouts. */
export function layout(s: string): string {
  return s.replace(/[0-9]/g, '9');
}

export function luhn(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let x = +d[d.length - 1 - i]!;
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    sum += x;
  }
  return sum % 10 === 0;
}

/** Independent mod-97 check (ISO 13616) for the tests. */
export function ibanOk(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  const r = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of r) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of v) rem = (rem * 10 + +d) % 97;
  }
  return rem === 1;
}
