/**
 * Where `twin()` spends its time: a CPU profile (V8's sampling profiler
 * through node:inspector) of one run on a generated JSON Lines trace, after
 * a warm-up run, summed by function (self time) and by source file.
 *
 *   npm run build && node dist/bench/profile.js [--mib 16] [--seed tracetwin] [--top 25]
 *
 * The shares are of the samples taken during the measured run; garbage
 * collection and regular-expression execution show as their own entries.
 */
import { Session } from 'node:inspector';
import { parseArgs } from 'node:util';
import { twin } from '../pseudonymiser';
import { generateJsonl } from './corpus';
import { keyFor } from './util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result as T))),
  );
}

/** `pseudonymiser/detectors/secrets/scan.js` from a file URL; `(native)` for the engine's own entries. */
function shortFile(url: string): string {
  if (!url) return '(native)';
  const i = url.indexOf('/dist/');
  return i >= 0 ? url.slice(i + 6) : url.split('/').slice(-2).join('/');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mib: { type: 'string', default: '16' },
      seed: { type: 'string', default: 'tracetwin' },
      top: { type: 'string', default: '25' },
    },
    strict: true,
  });
  const bytes = Math.round(Number(values.mib) * 1024 * 1024);
  const top = Number(values.top);
  if (!(bytes > 0) || !(top > 0)) throw new Error('--mib and --top take positive numbers');
  const parts: string[] = [];
  generateJsonl(values.seed!, bytes, (c) => parts.push(c));
  const input = Buffer.from(parts.join(''));
  const key = keyFor(`${values.seed!}:profile`);
  twin(input.subarray(0, Math.min(input.length, 1 << 20)), { key, format: 'jsonl' }); // warm-up

  const session = new Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.start');
  const cpu = process.cpuUsage();
  twin(input, { key, format: 'jsonl' });
  const used = process.cpuUsage(cpu);
  const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
  session.disconnect();

  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const f = byNode.get(id)!.callFrame;
    const file = shortFile(f.url);
    const name = `${f.functionName || '(anonymous)'}  ${file}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + dt);
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
    total += dt;
  });
  const seconds = (used.user + used.system) / 1e6;
  process.stdout.write(
    `twin() on ${input.length} bytes of generated JSONL (seed ${JSON.stringify(values.seed)}): ` +
      `${seconds.toFixed(2)} s CPU, ${(input.length / 1e6 / seconds).toFixed(1)} MB/s\n\n`,
  );
  const print = (title: string, m: Map<string, number>): void => {
    process.stdout.write(`${title}\n`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
      process.stdout.write(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}\n`);
    process.stdout.write('\n');
  };
  print('self time by function:', byFunction);
  print('self time by file:', byFile);
}

main().catch((err: unknown) => {
  process.stderr.write(`profile: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
