/**
 * Preloaded into a process and each of its worker threads (`NODE_OPTIONS="-r
 * dist/bench/mem-probe.js"`, with TRACETWIN_MEM_PROBE_DIR set): every second,
 * each thread (and a piscina thread before it waits for a task) writes its own V8 heap figures, and the sizes of the WebAssembly
 * memories it instantiated (PGlite's), to `<dir>/<pid>-<threadId>.json`.
 * `npm run bench:api -- --memory` reads them beside /proc/PID/smaps
 * (bench/memory.ts). Sizes only: nothing of what the heaps hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

export interface ThreadMemory {
  pid: number;
  threadId: number;
  /** main, pool (pseudonymiser), temporal-workflows (the SDK's workflow thread), or other. */
  role: string;
  at: string;
  heap: v8.HeapInfo;
  /** Per space: physical (resident) bytes. */
  spaces: Record<string, number>;
  /** process.memoryUsage() of this thread: heapTotal/heapUsed/external/arrayBuffers are this isolate's; rss the process's. */
  usage: NodeJS.MemoryUsage;
  /** byteLength of each WebAssembly memory instantiated in this thread and still alive. */
  wasmBytes: number[];
}

const dir = process.env.TRACETWIN_MEM_PROBE_DIR;

// The WebAssembly global as far as this file uses it (the project's lib has no DOM types).
interface WasmMemory {
  buffer: ArrayBuffer;
}
interface WasmInstance {
  exports: Record<string, unknown>;
}
const WA = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: abstract new () => WasmMemory;
      Instance: abstract new () => WasmInstance;
      instantiate: (...args: unknown[]) => Promise<unknown>;
    };
  }
).WebAssembly;
// Weak: holding a memory here would keep alive one that its module has dropped (PGlite's initdb instance).
const memories: Array<WeakRef<WasmMemory>> = [];

function track(value: unknown): void {
  if (value instanceof WA.Memory && !memories.some((r) => r.deref() === value)) memories.push(new WeakRef(value));
}

function trackInstance(instance: WasmInstance, imports: unknown): void {
  for (const v of Object.values(instance.exports)) track(v);
  if (imports && typeof imports === 'object')
    for (const mod of Object.values(imports as Record<string, unknown>))
      if (mod && typeof mod === 'object') for (const v of Object.values(mod as Record<string, unknown>)) track(v);
}

function role(): string {
  if (isMainThread) return 'main';
  const loaded = Object.keys(require.cache);
  if (loaded.some((f) => f.includes(`${path.sep}activities${path.sep}pool-worker`))) return 'pool';
  if (loaded.some((f) => f.includes('@temporalio') && f.includes(`${path.sep}workflow${path.sep}`)))
    return 'temporal-workflows';
  return 'other';
}

if (dir) {
  const original = WA.instantiate.bind(WA);
  WA.instantiate = async (...args: unknown[]): Promise<unknown> => {
    const result = await original(...args);
    if (result instanceof WA.Instance) trackInstance(result, args[1]);
    else if (result && typeof result === 'object' && 'instance' in result)
      trackInstance((result as { instance: WasmInstance }).instance, args[1]);
    return result;
  };
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${process.pid}-${threadId}.json`);
  const write = (): void => {
    const spaces: Record<string, number> = {};
    for (const s of v8.getHeapSpaceStatistics()) spaces[s.space_name] = s.physical_space_size;
    const rec: ThreadMemory = {
      pid: process.pid,
      threadId,
      role: role(),
      at: new Date().toISOString(),
      heap: v8.getHeapStatistics(),
      spaces,
      usage: process.memoryUsage(),
      wasmBytes: memories.flatMap((r) => {
        const m = r.deref();
        return m ? [m.buffer.byteLength] : [];
      }),
    };
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify(rec));
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // the folder went away: the run is over
    }
  };
  setInterval(write, 1000).unref();
  if (!isMainThread) {
    // An idle piscina thread blocks in Atomics.wait (its timers do not run): write just before each wait.
    const wait = Atomics.wait.bind(Atomics);
    Atomics.wait = ((...args: Parameters<typeof Atomics.wait>) => {
      write();
      return wait(...args);
    }) as typeof Atomics.wait;
  }
}
