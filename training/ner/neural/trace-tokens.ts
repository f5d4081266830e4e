/**
 * How much of a twin the learned recogniser's decoding is, on the bench trace (`npm run bench`'s generated JSON
 * Lines trace, seed `tracetwin`): the tokens it decodes and the seconds it spends, so that the cost of a slower
 * model in its place can be read off (docs/ner-comparison.md). Twins the trace in this process, once to warm the JIT
 * up, once measured, with the linear model's `Decoder.decode` wrapped to count its tokens and time it, and once more
 * to count the candidate tokens (untimed).
 *
 *   npm run build && node dist/training/ner/neural/trace-tokens.js [--mib 20] [--seed tracetwin]
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { twin } from '../../../pseudonymiser';
import { Decoder, scored } from '../../../pseudonymiser/detectors/people/learned/model';
import { O } from '../../../pseudonymiser/detectors/people/learned/features';
import { generateJsonl } from '../../../bench/corpus';
import { keyFor } from '../../../bench/util';

function main(): void {
  const { values } = parseArgs({
    options: { mib: { type: 'string', default: '20' }, seed: { type: 'string', default: 'tracetwin' } },
  });
  const chunks: string[] = [];
  const bytes = generateJsonl(values.seed, Math.round(Number(values.mib) * (1 << 20)), (s) => chunks.push(s));
  const input = Buffer.from(chunks.join(''));
  const key = keyFor(`${values.seed}:bench`);

  const decode = Decoder.prototype.decode;
  let tokens = 0;
  let calls = 0;
  let ms = 0;
  // tokens the linear model scores (candidates), and tokens of regions with at least one: what a model that must
  // read whole regions would still read if it skipped the regions with no candidate
  let candidates = 0;
  let candidateRegionTokens = 0;
  let counting = false;
  Decoder.prototype.decode = function (this: Decoder, ...args: Parameters<typeof decode>) {
    const t0 = performance.now();
    const out = decode.apply(this, args);
    ms += performance.now() - t0;
    const t = args[0];
    tokens += t.count;
    calls++;
    if (!counting) return out;
    let n = 0;
    for (let i = 0; i < t.count; i++) if (scored(t, i, O, true)) n++;
    candidates += n;
    if (n > 0) candidateRegionTokens += t.count;
    return out;
  };
  twin(input, { key, format: 'jsonl' });
  tokens = calls = ms = candidates = candidateRegionTokens = 0;
  const t0 = performance.now();
  twin(input, { key, format: 'jsonl' });
  const total = performance.now() - t0;
  const measured = { decodeCalls: calls, decodedTokens: tokens, decodeSeconds: ms / 1000, decodeShare: ms / total };
  counting = true;
  twin(input, { key, format: 'jsonl' });
  Decoder.prototype.decode = decode;
  console.log(
    JSON.stringify({
      bytes,
      twinSeconds: total / 1000,
      ...measured,
      candidateTokens: candidates,
      candidateRegionTokens,
    }),
  );
}

if (require.main === module) main();
