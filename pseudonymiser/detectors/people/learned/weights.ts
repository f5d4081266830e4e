/**
 * The learned recogniser's weights as stored in pseudonymiser/data/ner.json:
 * each feature bucket's row of weights less its mean (the decoder reads only
 * differences between tags), every weight rounded to a multiple of one step
 * (two bytes, signed, little-endian), rows that round to all zeros left out, the rest as (gap since the
 * previous row, five weights) in base64. Decoded once, on first use, into a
 * Int16Array of 2^BUCKET_BITS rows, each weight as its number of steps (15 MB; the decoder multiplies its sums
 * by the step once).
 */
import { BUCKETS, BUCKET_BITS, TAGS, TAG_COUNT } from './features';

export interface StoredModel {
  readonly format: 'tracetwin-ner-2';
  readonly bucketBits: number;
  readonly tags: readonly string[];
  /** Weights are whole multiples of this. */
  readonly step: number;
  readonly rows: number;
  readonly data: string;
  readonly trainedOn: readonly string[];
  readonly epochs: number;
  readonly seed: number;
  /** The share of capitalised words read as never seen while training (train.ts `--unknown`); absent: none. */
  readonly unknown?: number;
}

/** The finest step: smaller weights than half of it are stored as zero. */
const STEP = 0.01;

/** Stored form of averaged weights, and the weights as the detector will see them after decoding. */
export function encodeWeights(
  w: Float64Array,
  meta: { trainedOn: readonly string[]; epochs: number; seed: number; unknown?: number },
): { json: StoredModel; weights: Int16Array } {
  // each row less its mean: the tags' score differences, all the decoder reads, stay as they were, and the
  // numbers to round are those differences, not the large sums common to every tag (the bias)
  w = Float64Array.from(w);
  for (let r = 0; r < BUCKETS; r++) {
    let mean = 0;
    for (let c = 0; c < TAG_COUNT; c++) mean += w[r * TAG_COUNT + c]!;
    mean /= TAG_COUNT;
    for (let c = 0; c < TAG_COUNT; c++) w[r * TAG_COUNT + c]! -= mean;
  }
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, Math.abs(w[i]!));
  const step = Math.max(max / 32767, STEP);
  const bytes: number[] = [];
  let rows = 0;
  let last = -1;
  for (let r = 0; r < BUCKETS; r++) {
    const q: number[] = [];
    let any = false;
    for (let c = 0; c < TAG_COUNT; c++) {
      const x = w[r * TAG_COUNT + c]!;
      const v = Math.round(x / step);
      q.push(v);
      if (v !== 0) any = true;
    }
    if (!any) continue;
    // gap as a varint, then the row's weights as signed bytes
    let gap = r - last;
    last = r;
    while (gap >= 0x80) {
      bytes.push((gap & 0x7f) | 0x80);
      gap >>>= 7;
    }
    bytes.push(gap);
    for (const v of q) bytes.push(v & 0xff, (v >> 8) & 0xff);
    rows++;
  }
  const json: StoredModel = {
    format: 'tracetwin-ner-2',
    bucketBits: BUCKET_BITS,
    tags: [...TAGS],
    step,
    rows,
    data: Buffer.from(bytes).toString('base64'),
    trainedOn: meta.trainedOn,
    epochs: meta.epochs,
    seed: meta.seed,
    ...(meta.unknown ? { unknown: meta.unknown } : {}),
  };
  return { json, weights: decodeWeights(json) };
}

/** The weights of a stored model, in steps (`m.step` each). */
export function decodeWeights(m: StoredModel): Int16Array {
  if (m.format !== 'tracetwin-ner-2' || m.bucketBits !== BUCKET_BITS || m.tags.join() !== TAGS.join())
    throw new Error('ner.json does not match this recogniser: run npm run train:ner');
  const bytes = Buffer.from(m.data, 'base64');
  const w = new Int16Array(BUCKETS * TAG_COUNT);
  let at = 0;
  let r = -1;
  for (let k = 0; k < m.rows; k++) {
    let gap = 0;
    let shift = 0;
    for (;;) {
      // (data that ends early, or was let go — detect.ts empties it once decoded —, is an error, never a read past
      // its end, which would loop for ever)
      if (at >= bytes.length) throw new Error('ner.json: its weights end before their rows do');
      const b = bytes[at++]!;
      gap |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    if (at + 2 * TAG_COUNT > bytes.length) throw new Error('ner.json: its weights end before their rows do');
    r += gap;
    for (let c = 0; c < TAG_COUNT; c++) {
      const v = bytes[at]! | (bytes[at + 1]! << 8);
      at += 2;
      w[r * TAG_COUNT + c] = v > 32767 ? v - 65536 : v;
    }
  }
  return w;
}
