/**
 * A text's bytes are read in blocks of whole lines (pass one joins them), and pass two reads it in stretches of
 * whole lines (as it reads JSON Lines) when no surface holds a line feed, so that it never holds a large text and
 * its twin whole; else whole. The twin must not depend on either.
 */
import { twin } from '../../pseudonymiser';
import { defaultDetectors } from '../../pseudonymiser/detectors';
import type { Detector } from '../../pseudonymiser/types';

const key = '7d'.repeat(32);

const lines = Array.from(
  { length: 400 },
  (_, i) => `${i}: mail anna.k${i % 37}@mail${i % 5}.example-corp.com about the order, call +1 415 555 ${1000 + i}`,
);
const input = Buffer.from(lines.join('\n') + '\nAnna\nKowalska signed off\n');

/** Pass two's progress reports: one after each stretch it reads. */
function passTwoStretches(options: Parameters<typeof twin>[1]): { out: string; stretches: number } {
  const told: number[] = [];
  const r = twin(input, { ...options, onProgress: (f) => told.push(f) });
  return { out: r.output.toString('utf8'), stretches: new Set(told.filter((f) => f > 0.5 && f < 1)).size };
}

describe('pass two of a text', () => {
  it('reads it in stretches of whole lines, with the same twin as read whole', () => {
    const whole = passTwoStretches({ key, format: 'text', passTwoBytes: input.length + 1 });
    expect(whole.out).not.toContain('anna.k3@mail3.example-corp.com');
    for (const passTwoBytes of [1, 64, 1000]) {
      const cut = passTwoStretches({ key, format: 'text', passTwoBytes });
      expect(cut.out).toBe(whole.out);
      expect(cut.stretches).toBeGreaterThanOrEqual(Math.floor(input.length / Math.max(passTwoBytes, 100)) - 1);
    }
  });

  it('reads its bytes in blocks of whole lines in each pass, with the same twin', () => {
    const whole = twin(input, { key, format: 'text', blockBytes: input.length + 1, passTwoBytes: input.length + 1 });
    for (const blockBytes of [1, 100, 4096]) {
      const told: number[] = [];
      const blocked = twin(input, { key, format: 'text', blockBytes, onProgress: (f) => told.push(f) });
      expect(blocked.output.toString('utf8')).toBe(whole.output.toString('utf8'));
      expect(blocked.report).toEqual(whole.report);
      // pass one tells the bytes read after each block (it then reads the text joined, as before)
      // (a quarter of the blocks, at least: the progress it tells is rounded)
      expect(new Set(told.filter((f) => f > 0 && f <= 0.5)).size).toBeGreaterThanOrEqual(
        Math.floor(input.length / Math.max(blockBytes, 100) / 4),
      );
    }
  });

  it('reads it whole when a surface holds a line feed, which a stretch could cut', () => {
    // a detector that finds a name written over two lines
    const twoLines: Detector = {
      name: 'two-lines',
      detect: (chunk, sink) => {
        if (chunk.corpus.includes('Anna\nKowalska')) sink.add({ kind: 'person', surface: 'Anna\nKowalska' });
      },
    };
    const detectors = [...defaultDetectors, twoLines];
    const whole = passTwoStretches({ key, format: 'text', detectors, passTwoBytes: input.length + 1 });
    const asked = passTwoStretches({ key, format: 'text', detectors, passTwoBytes: 1 });
    expect(whole.out).not.toContain('Anna\nKowalska');
    expect(asked.out).toBe(whole.out);
    // nor may the blocks cut it
    expect(passTwoStretches({ key, format: 'text', detectors, blockBytes: 1, passTwoBytes: 1 }).out).toBe(whole.out);
    expect(asked.stretches).toBeLessThanOrEqual(1);
  });
});
