/**
 * Where a process's resident memory is (Linux): /proc/PID/smaps summed by
 * kind of mapping, beside what each of its threads' V8 heaps and WebAssembly
 * memories say (bench/mem-probe.ts, when it was preloaded).
 *
 *   node dist/bench/memory.js PID [PROBE_DIR]
 *
 * `npm run bench:api -- --memory` prints it for the server after the create
 * phase and after the end-to-end twin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ThreadMemory } from './mem-probe';
import { table } from './report';

const MiB = 1 << 20;
const ARENA = 64 * MiB; // glibc HEAP_MAX_SIZE on 64-bit: a thread arena's heaps are 64 MiB, 64 MiB-aligned

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  rss: number;
  anon: number;
}

export function readSmaps(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let cur: Mapping | null = null;
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      cur = {
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perms: head[3]!,
        name: head[4]!,
        rss: 0,
        anon: 0,
      };
      out.push(cur);
      continue;
    }
    const field = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (field && cur) {
      if (field[1] === 'Rss') cur.rss = Number(field[2]) * 1024;
      else cur.anon = Number(field[2]) * 1024;
    }
  }
  return out;
}

/** The size of the inaccessible mapping right after maps[i] that continues it (0 when none). */
function reservationAfter(maps: Mapping[], i: number): number {
  const next = maps[i + 1];
  return next && next.start === maps[i]!.end && next.perms.startsWith('---') ? Number(next.end - next.start) : 0;
}

/** Resident bytes by kind of mapping, and the count of mappings of each. */
export function classify(maps: Mapping[]): Map<string, { rss: number; n: number }> {
  const kinds = new Map<string, { rss: number; n: number }>();
  const add = (k: string, m: Mapping): void => {
    const e = kinds.get(k) ?? { rss: 0, n: 0 };
    e.rss += m.rss;
    e.n++;
    kinds.set(k, e);
  };
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i]!;
    const size = Number(m.end - m.start);
    if (m.name === '[heap]') add('malloc main arena ([heap], brk)', m);
    else if (m.name.startsWith('[stack')) add('main stack', m);
    else if (m.name.startsWith('[')) add(`other ${m.name}`, m);
    else if (m.name.startsWith('/'))
      add(m.name.endsWith('.node') ? 'native addons (.node files)' : 'files (node, libraries)', m);
    else if (size >= 4 * 1024 * MiB) add('WebAssembly memory (≥ 4 GiB reservation)', m);
    else if (m.perms.startsWith('rw') && reservationAfter(maps, i) >= 4 * 1024 * MiB)
      add('WebAssembly memory (≥ 4 GiB reservation)', m);
    else if (m.start % BigInt(ARENA) === 0n && m.perms.startsWith('rw')) {
      const next = maps[i + 1];
      const whole =
        next && next.start === m.end && next.perms.startsWith('---') ? size + Number(next.end - next.start) : size;
      add(whole === ARENA ? 'malloc thread arenas (64 MiB heaps)' : 'other anonymous', m);
    } else
      add(
        m.perms.startsWith('---')
          ? 'reserved, not accessible'
          : 'other anonymous (V8 heaps, big malloc blocks, stacks)',
        m,
      );
  }
  return kinds;
}

export function readProbe(dir: string, pid: number): ThreadMemory[] {
  const out: ThreadMemory[] = [];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (!name.startsWith(`${pid}-`) || !name.endsWith('.json')) continue;
    try {
      out.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ThreadMemory);
    } catch {
      // being replaced
    }
  }
  return out.sort((a, b) => a.threadId - b.threadId);
}

const mib = (n: number): string => (n / MiB).toFixed(1);

export function memoryReport(pid: number, probeDir?: string): string {
  const maps = readSmaps(pid);
  const total = maps.reduce((s, m) => s + m.rss, 0);
  const kinds = [...classify(maps).entries()].sort((a, b) => b[1].rss - a[1].rss);
  let out =
    `/proc/${pid}/smaps: ${mib(total)} MiB resident in ${maps.length} mappings\n` +
    table(
      ['mapping kind', 'resident MiB', 'mappings'],
      kinds.map(([k, v]) => [k, mib(v.rss), String(v.n)]),
    ) +
    '\n';
  if (!probeDir) return out;
  const threads = readProbe(probeDir, pid);
  if (threads.length === 0) return out + '(no thread figures: the probe was not preloaded)\n';
  const rows = threads.map((t) => [
    `${t.threadId} ${t.role}`,
    mib(t.heap.total_physical_size),
    mib(t.heap.used_heap_size),
    mib(t.heap.malloced_memory),
    mib(t.usage.external),
    mib(t.usage.arrayBuffers),
    t.wasmBytes.length ? t.wasmBytes.map(mib).join(' + ') : '—',
    mib(t.heap.heap_size_limit),
  ]);
  const sum = (f: (t: ThreadMemory) => number): number => threads.reduce((s, t) => s + f(t), 0);
  rows.push([
    'all threads',
    mib(sum((t) => t.heap.total_physical_size)),
    mib(sum((t) => t.heap.used_heap_size)),
    mib(sum((t) => t.heap.malloced_memory)),
    mib(sum((t) => t.usage.external)),
    mib(sum((t) => t.usage.arrayBuffers)),
    mib(sum((t) => t.wasmBytes.reduce((a, b) => a + b, 0))),
    '',
  ]);
  out +=
    table(
      [
        'thread',
        'V8 heap resident MiB',
        'heap used MiB',
        'V8 malloced MiB',
        'external MiB',
        'arrayBuffers MiB',
        'WebAssembly memory MiB',
        'heap limit MiB',
      ],
      rows,
    ) + '\n';
  return out;
}

if (require.main === module) {
  const pid = Number(process.argv[2]);
  if (!Number.isInteger(pid) || pid <= 0) {
    process.stderr.write('usage: node dist/bench/memory.js PID [PROBE_DIR]\n');
    process.exit(2);
  }
  process.stdout.write(memoryReport(pid, process.argv[3]));
}
