/**
 * Same key → the same twin in every release: the example trace twinned with
 * a fixed key must stay byte-identical to the committed golden file. A change
 * here changes every customer's stand-ins; regenerate only on purpose, with
 * `UPDATE_GOLDEN=1 npx jest test/pseudonymiser/golden.test.ts`, and say so in
 * the release notes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { twin } from '../../pseudonymiser';

const FIXTURES = path.join(__dirname, '../fixtures');
const KEY = '7e'.repeat(32);
const cases = [
  { input: 'example.jsonl', golden: 'golden/example.twin.jsonl', confidential: [] as string[] },
  { input: 'example.jsonl', golden: 'golden/example.confidential.twin.jsonl', confidential: ['Stripe'] },
];

describe('golden twins', () => {
  it.each(cases)('$golden', ({ input, golden, confidential }) => {
    const out = twin(fs.readFileSync(path.join(FIXTURES, input)), { key: KEY, format: 'jsonl', confidential }).output;
    const file = path.join(FIXTURES, golden);
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, out);
    expect(out.toString('utf8')).toBe(fs.readFileSync(file, 'utf8'));
  });
});
