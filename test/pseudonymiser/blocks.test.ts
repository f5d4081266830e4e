/**
 * JSON Lines is read in blocks of whole lines, twice (pass one, pass two),
 * and never held whole. The twin must not depend on where blocks end: cut
 * into blocks of a few hundred bytes, a trace twins exactly as in one block.
 */
import fs from 'node:fs';
import path from 'node:path';
import { twin } from '../../pseudonymiser';
import { generateJsonl } from '../../bench/corpus';

const key = '3c'.repeat(32);

function sameForAnyBlockSize(input: Buffer): void {
  const whole = twin(input, { key, format: 'jsonl', blockBytes: input.length + 1 });
  expect(whole.output.equals(input)).toBe(false);
  for (const blockBytes of [1, 97, 4096]) {
    const blocked = twin(input, { key, format: 'jsonl', blockBytes });
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
