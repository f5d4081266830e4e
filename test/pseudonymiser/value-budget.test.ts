/**
 * The budget for distinct values (issue 16, item 5): a trace whose distinct values would cost the engine more
 * memory than its size allows is refused while pass one reads it, as unsupported content, with nothing
 * written; an ordinary trace stays far under the default budget.
 */
import { twin, twinSource, UnsupportedContentError, VALUE_BUDGET_BASE, type TraceSource } from '../../pseudonymiser';
import { Registry, SITE_BYTES, valueBytes } from '../../pseudonymiser/registry';
import { generateJsonl } from '../../bench/corpus';
import { weightOf } from '../../bench/value-weights';
import { runCacheEntries } from '../../pseudonymiser/memo';

const key = '5e'.repeat(32);

/** JSON Lines of `n` lines, each with an e-mail address no other line holds. */
function distinctEmails(n: number): Buffer {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) lines.push(`{"id":${i},"from":"mara.v${i.toString(36)}@mail${i % 97}.example-corp.com"}`);
  return Buffer.from(lines.join('\n') + '\n');
}

function sourceOf(input: Buffer): TraceSource {
  return {
    size: input.length,
    *pieces() {
      for (let at = 0; at < input.length; at += 4096) yield input.subarray(at, at + 4096);
    },
  };
}

describe('the budget for distinct values', () => {
  it('refuses a trace of more distinct values than its budget, in pass one, writing nothing', () => {
    const input = distinctEmails(2000);
    const written: Uint8Array[] = [];
    let error: unknown;
    try {
      // about 2000 e-mails at over a KiB each: past 256 KiB well before the end
      twinSource(sourceOf(input), (b) => written.push(b), { key, format: 'jsonl', valueBudget: 256 << 10 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsupportedContentError);
    expect((error as UnsupportedContentError).code).toBe('unsupported_content');
    expect((error as Error).message).toMatch(/more distinct values than tracetwin twins in a file of its size/);
    expect((error as Error).message).toMatch(/estimated past the 0\.3 MiB allowed/);
    // the message says how many and how much, never which
    expect((error as Error).message).not.toMatch(/example-corp|mara/);
    expect(written).toEqual([]);
    // and the run's caches are emptied, as when a twin ends
    expect(runCacheEntries()).toBe(0);
  });

  it('twins the same trace under the default budget, and under a budget just above its weight', () => {
    const input = distinctEmails(2000);
    const plain = twin(input, { key, format: 'jsonl' });
    expect(plain.report.entities.email).toBe(2000);
    const weight = weightOf(input, 'jsonl', key);
    // at least an e-mail's share per distinct e-mail
    expect(weight).toBeGreaterThanOrEqual(2000 * valueBytes('mara.v0@mail0.example-corp.com'.length));
    expect(twin(input, { key, format: 'jsonl', valueBudget: weight }).output.equals(plain.output)).toBe(true);
    expect(() => twin(input, { key, format: 'jsonl', valueBudget: weight - 1 })).toThrow(UnsupportedContentError);
  });

  it('counts a value once however often it occurs, and a place replaced only where found each time', () => {
    const r = new Registry();
    const email = 'ola.n@example-corp.com';
    for (let i = 0; i < 50; i++) r.add({ kind: 'email', surface: email });
    expect(r.weight).toBe(valueBytes(email.length));
    // a short surface is replaced only at the places found: each place is kept, so each is counted
    r.add({ kind: 'person', surface: 'Al', at: { start: 0, end: 2 } });
    r.add({ kind: 'person', surface: 'Al', at: { start: 10, end: 12 } });
    expect(r.weight).toBe(valueBytes(email.length) + valueBytes(2) + 2 * SITE_BYTES);
  });

  it('leaves an ordinary trace far under the default budget', () => {
    const parts: string[] = [];
    generateJsonl('budget', 1 << 20, (s) => parts.push(s));
    const input = Buffer.from(parts.join(''));
    expect(weightOf(input, 'jsonl', key)).toBeLessThan((VALUE_BUDGET_BASE + input.length) / 10);
  });
});
