/**
 * Adversarial input: every secret scan must finish (the jest timeout is the
 * guard) and its work must grow linearly — compared loosely between an input
 * and one twice as long. Timings are measured by bench/secrets-adversarial.ts,
 * never asserted here.
 */
import { secretsDetector, secretScanWork } from '../../pseudonymiser/detectors/secrets';
import { contextDetector } from '../../pseudonymiser/detectors/context';
import { structureWork } from '../../pseudonymiser/detectors/structure';
import { ADVERSARIAL } from '../../pseudonymiser/detectors/secrets/adversarial';
import type { Chunk, DetectContext, Finding, FindingSink } from '../../pseudonymiser/types';

function detect(text: string): { work: number; found: Finding[] } {
  const found: Finding[] = [];
  const sink: FindingSink = { add: (f) => found.push(f), has: () => false };
  const chunk: Chunk = {
    corpus: text,
    segments: [{ index: 0, start: 0, end: text.length, path: ['password'], isKey: false }],
  };
  const ctx: DetectContext = { confidential: [], segmentAt: (c) => c.segments[0]! };
  secretScanWork.steps = 0;
  structureWork.steps = 0;
  secretsDetector.detect(chunk, sink, ctx);
  contextDetector.detect(chunk, sink, ctx);
  return { work: secretScanWork.steps + structureWork.steps, found };
}

const MiB = 1 << 20;

describe('adversarial input', () => {
  it.each(ADVERSARIAL.map(([name, make]) => [name, make]))(
    '%s: 2 MiB completes, work grows linearly',
    (_name, make) => {
      const small = detect(make(MiB));
      const big = detect(make(2 * MiB));
      // loosely linear: twice the input, at most about twice the work
      expect(big.work).toBeLessThanOrEqual(2.5 * small.work + 100);
      // nothing here is a secret worth replacing globally, except the one `password` field as a whole
      expect(big.found.filter((f) => f.kind !== 'password').length).toBeLessThanOrEqual(big.work);
    },
  );
});
