/**
 * The neural tagger's speed under onnxruntime-node, the only way it could run in the product (docs/ner-comparison.md).
 * Not a dependency of the project: onnxruntime-node is installed beside it, in a scratch folder, only to measure
 * (`npm install --ignore-scripts onnxruntime-node` there: its install script fetches CUDA binaries from outside the
 * npm registry).
 *
 *   npm run build && node dist/training/ner/neural/ort-speed.js ORT_DIR MODEL.onnx LENGTHS.json [runs]
 *
 * ORT_DIR: a folder with node_modules/onnxruntime-node; LENGTHS.json: the token count of each test sentence
 * (tagger.py writes it). Runs the model once per sentence, one thread, as a detector would call it; the inputs are
 * arbitrary ids of the sentence's length (an LSTM's cost does not depend on them). Prints tokens per second, best of
 * `runs` after one warm-up pass.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** The few names of onnxruntime-node's API used here. */
interface Ort {
  Tensor: new (type: string, data: BigInt64Array | Float32Array, dims: number[]) => unknown;
  InferenceSession: {
    create(
      file: string,
      opts: { intraOpNumThreads: number; interOpNumThreads: number; executionProviders: string[] },
    ): Promise<{ run(feeds: Record<string, unknown>): Promise<unknown> }>;
  };
}

const CHARS = 20;
const FLAGS = 13;

async function main(): Promise<void> {
  const [ortDir, modelPath, lengthsPath, runsArg] = process.argv.slice(2);
  if (!ortDir || !modelPath || !lengthsPath) {
    console.error('usage: ort-speed.js ORT_DIR MODEL.onnx LENGTHS.json [runs]');
    process.exit(2);
  }
  const ort = createRequire(path.resolve(ortDir, 'package.json'))('onnxruntime-node') as Ort;
  const lengths = JSON.parse(fs.readFileSync(lengthsPath, 'utf8')) as number[];
  const runs = Number(runsArg ?? 3);
  const session = await ort.InferenceSession.create(modelPath, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionProviders: ['cpu'],
  });
  const ids = (n: number, f: (i: number) => number): BigInt64Array =>
    BigInt64Array.from({ length: n }, (_, i) => BigInt(f(i)));
  const feeds = lengths.map((n) => ({
    words: new ort.Tensor(
      'int64',
      ids(n, (i) => 2 + (i % 1000)),
      [1, n],
    ),
    chars: new ort.Tensor(
      'int64',
      ids(n * CHARS, (i) => (i % 7 === 6 ? 0 : 2 + (i % 40))),
      [1, n, CHARS],
    ),
    shape: new ort.Tensor(
      'int64',
      ids(n, (i) => i % 6),
      [1, n],
    ),
    flags: new ort.Tensor(
      'float32',
      Float32Array.from({ length: n * FLAGS }, (_, i) => (i % 5 === 0 ? 1 : 0)),
      [1, n, FLAGS],
    ),
  }));
  const tokens = lengths.reduce((a, b) => a + b, 0);
  let best = Infinity;
  for (let r = 0; r <= runs; r++) {
    const t0 = process.hrtime.bigint();
    for (const f of feeds) await session.run(f);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r > 0) best = Math.min(best, s);
  }
  console.log(JSON.stringify({ tokens, sentences: lengths.length, tokensPerSecond: tokens / best }));
}

if (require.main === module)
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
