/**
 * JSON Lines is read in blocks of whole lines, twice (pass one, pass two),
 * and never held whole. The twin must not depend on where blocks end: cut
 * into blocks of a few hundred bytes, a trace twins exactly as in one block.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SourceChangedError, twin, twinSource, UnsupportedContentError, type TraceSource } from '../../pseudonymiser';
import { generateJsonl } from '../../bench/corpus';

const key = '3c'.repeat(32);

function sameForAnyBlockSize(input: Buffer): void {
  const whole = twin(input, { key, format: 'jsonl', blockBytes: input.length + 1, passTwoBytes: input.length + 1 });
  expect(whole.output.equals(input)).toBe(false);
  // pass two also cuts a block into stretches of its own
  const sizes = [{ blockBytes: 1 }, { blockBytes: 97 }, { blockBytes: 4096 }, { blockBytes: 4096, passTwoBytes: 1000 }];
  for (const size of [...sizes, { blockBytes: input.length + 1, passTwoBytes: 97 }]) {
    const blocked = twin(input, { key, format: 'jsonl', ...size });
    expect(blocked.output.toString('utf8')).toBe(whole.output.toString('utf8'));
    expect(blocked.report).toEqual(whole.report);
  }
}

describe('JSON Lines read in blocks', () => {
  it('twins a generated mixed trace the same whatever the block size', () => {
    const parts: string[] = [];
    generateJsonl('blocks', 192 * 1024, (s) => parts.push(s));
    sameForAnyBlockSize(Buffer.from(parts.join('')));
  });

  it('keeps CRLF line ends, lines that do not parse and repeated texts across block ends', () => {
    const chat = JSON.stringify({
      role: 'user',
      content: 'Hi, this is Jane Doe (jane.doe@zentrix-labs.com), password: Tr0ub4dor&3xq, card 4111 1111 1111 1111',
    });
    const lines = [
      JSON.stringify({ messages: [JSON.parse(chat)] }),
      'not json: call Jane Doe on +1 415 555 0123',
      JSON.stringify({ messages: [JSON.parse(chat), { role: 'assistant', content: 'Thanks Jane!' }] }),
      JSON.stringify({ tool: 'lookup', arguments: JSON.stringify({ email: 'jane.doe@zentrix-labs.com' }) }),
      JSON.stringify({ messages: [JSON.parse(chat)] }),
    ];
    const input = Buffer.from(lines.join('\r\n') + '\r\n');
    sameForAnyBlockSize(input);
    const out = twin(input, { key, format: 'jsonl', blockBytes: 50 }).output.toString('utf8');
    expect(out.split('\r\n')).toHaveLength(lines.length + 1);
    expect(out).not.toMatch(/Jane|jane\.doe|zentrix|Tr0ub4dor|4111 1111/);
  });

  it('twins a real trace the same in blocks (tau-bench few-shot examples)', () => {
    const file = path.resolve(
      __dirname,
      '../../../shared/corpus/tau-bench/few_shot_data/MockAirlineDomainEnv-few_shot.jsonl',
    );
    sameForAnyBlockSize(fs.readFileSync(file));
  });
});

describe('twinSource: a trace read in pieces, twice', () => {
  const lines = [
    JSON.stringify({ user: { name: 'Jane Doe', email: 'jane.doe@zentrix-labs.com' } }),
    JSON.stringify({ role: 'assistant', content: 'Hello Jane, your ticket is open.' }),
    'a line that is not JSON: jane.doe@zentrix-labs.com',
  ];
  const input = Buffer.from(lines.join('\n') + '\n');

  function sourceOf(reads: Uint8Array[][]): TraceSource {
    let n = 0;
    return { size: input.length, pieces: () => reads[Math.min(n++, reads.length - 1)]! };
  }

  function inPieces(bytes: Uint8Array, size: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
    return out;
  }

  it.each(['jsonl', 'json', 'text'] as const)('gives twin() bytes from pieces of any size (%s)', (format) => {
    const doc = format === 'json' ? Buffer.from(JSON.stringify({ lines })) : input;
    const expected = twin(doc, { key, format });
    for (const size of [1, 7, 64, doc.length]) {
      const out: Uint8Array[] = [];
      const report = twinSource(
        { size: doc.length, pieces: () => inPieces(doc, size) },
        (b) => out.push(Buffer.from(b)),
        { key, format, blockBytes: 40 },
      );
      expect(Buffer.concat(out).toString('utf8')).toBe(expected.output.toString('utf8'));
      expect(report).toEqual(expected.report);
    }
  });

  it('refuses a trace whose second read differs (a file written to while it was twinned)', () => {
    const changed = Buffer.from(input.toString('utf8').replace('Jane Doe', 'John Roe'));
    // read 1: ASCII check; read 2: pass one; read 3: pass two
    const source = sourceOf([[input], [input], [changed]]);
    expect(() => twinSource(source, () => undefined, { key, format: 'jsonl', blockBytes: 40 })).toThrow(
      SourceChangedError,
    );
    const shorter = sourceOf([[input], [input], [input.subarray(0, input.indexOf(10) + 1)]]);
    expect(() => twinSource(shorter, () => undefined, { key, format: 'jsonl', blockBytes: 40 })).toThrow(
      SourceChangedError,
    );
  });

  it('refuses binary and non-UTF-8 pieces', () => {
    const bad = Buffer.concat([input, Buffer.from([0xff, 0x0a])]);
    expect(() => twinSource(sourceOf([[bad]]), () => undefined, { key, format: 'jsonl' })).toThrow(
      UnsupportedContentError,
    );
    const nul = Buffer.concat([input, Buffer.from([0x00])]);
    expect(() => twinSource(sourceOf([[nul]]), () => undefined, { key, format: 'jsonl' })).toThrow(
      UnsupportedContentError,
    );
  });
});
