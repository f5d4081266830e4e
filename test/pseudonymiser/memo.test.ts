/**
 * Nothing of a trace stays in the engine's caches once its twin has ended,
 * however it ended: a service thread twins one customer's trace after another.
 */
import { twin, twinSource, SourceChangedError, type TraceSource } from '../../pseudonymiser';
import { defaultDetectors } from '../../pseudonymiser/detectors';
import { endRun, remembered, runCacheEntries, RunMemo } from '../../pseudonymiser/memo';
import type { Detector } from '../../pseudonymiser/types';

const KEY = 'c3'.repeat(32);

const TRACE =
  [
    JSON.stringify({
      user: { name: 'Priya Raghunathan', email: 'priya.r@kestrel-freight.de', phone: '+49 30 901820' },
      customer_id: 'cus_Q8aZ1mN3xK',
      notes:
        'Dr. Priya Raghunathan of Kestrel Freight GmbH called from 203.0.113.77; see https://kestrel-freight.de/t/9',
    }),
    JSON.stringify({
      headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwcml5YSJ9.c2lnbmF0dXJlLXNpZ25hdHVyZQ' },
      password: 'hunter2-Kestrel!',
      output: 'Thanks,\nPriya\n+49 30 901820 | IBAN DE89 3704 0044 0532 0130 00',
    }),
  ].join('\n') + '\n';

/** The default detectors, and last a probe that notes how much the caches hold once pass one is done. */
function probed(): { detectors: Detector[]; held: () => number } {
  let held = -1;
  const probe: Detector = {
    name: 'probe',
    detect: () => undefined,
    resolve: () => {
      held = runCacheEntries();
    },
  };
  return { detectors: [...defaultDetectors, probe], held: () => held };
}

test('the caches hold what the trace held while it is twinned, and nothing once it is done', () => {
  const { detectors, held } = probed();
  const out = twin(Buffer.from(TRACE), { key: KEY, format: 'jsonl', detectors }).output.toString();
  expect(out).not.toContain('priya.r@kestrel-freight.de');
  expect(held()).toBeGreaterThan(0);
  expect(runCacheEntries()).toBe(0);
});

test('pass two runs with the caches empty: what pass one and resolution remembered is let go before it', () => {
  const { detectors, held } = probed();
  const inPassTwo: number[] = [];
  for (const format of ['jsonl', 'text'] as const) {
    twin(Buffer.from(TRACE), {
      key: KEY,
      format,
      detectors,
      onProgress: (f) => {
        if (f > 0.5) inPassTwo.push(runCacheEntries());
      },
    });
    expect(held()).toBeGreaterThan(0);
  }
  expect(inPassTwo.length).toBeGreaterThan(1);
  // a text of one line was held whole by the last-chunk caches through pass two
  expect(Math.max(...inPassTwo)).toBe(0);
});

test('a twin that fails part way lets go of its caches too', () => {
  const { detectors, held } = probed();
  const bytes = Buffer.from(TRACE);
  let reads = 0;
  // the third read (pass two) is not what the survey saw
  const source: TraceSource = {
    size: bytes.length,
    pieces: () => [++reads === 3 ? Buffer.from(TRACE.replace('Priya', 'Pryia')) : bytes],
  };
  expect(() => twinSource(source, () => undefined, { key: KEY, format: 'jsonl', detectors })).toThrow(
    SourceChangedError,
  );
  expect(held()).toBeGreaterThan(0);
  expect(runCacheEntries()).toBe(0);
});

test('a twin is the same after other traces were twinned in the same process', () => {
  const first = twin(Buffer.from(TRACE), { key: KEY, format: 'jsonl' }).output;
  twin(Buffer.from(TRACE.replace(/Priya/g, 'Anneke').replace(/Kestrel/g, 'Ostrander')), { key: KEY, format: 'jsonl' });
  expect(twin(Buffer.from(TRACE), { key: KEY, format: 'jsonl' }).output.equals(first)).toBe(true);
});

test('remembered computes once per argument, a null answer included', () => {
  const calls: string[] = [];
  const f = remembered((arg: string): string | null => {
    calls.push(arg);
    return arg.length > 1 ? arg.toUpperCase() : null;
  });
  expect([f('ab'), f('a'), f('ab'), f('a'), f('cd')]).toEqual(['AB', null, 'AB', null, 'CD']);
  expect(calls).toEqual(['ab', 'a', 'cd']);
});

test('a RunMemo keeps at most its bound of keys, null answers too, and lets all go when a twin ends', () => {
  const memo = new RunMemo<string | null>(3);
  expect(memo.set('a', null)).toBeNull();
  expect(memo.set('b', 'B')).toBe('B');
  memo.set('c', 'C');
  expect([memo.get('a'), memo.get('b'), memo.get('c'), memo.get('d')]).toEqual([null, 'B', 'C', undefined]);
  // a fourth key: the three before are let go
  memo.set('d', 'D');
  expect([memo.get('a'), memo.get('b'), memo.get('d')]).toEqual([undefined, undefined, 'D']);
  expect(runCacheEntries()).toBeGreaterThan(0);
  endRun();
  expect(memo.get('d')).toBeUndefined();
  expect(runCacheEntries()).toBe(0);
});
