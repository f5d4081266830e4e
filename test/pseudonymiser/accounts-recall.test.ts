/**
 * Recall on presidio-research's labelled synthetic sentences (shared corpus).
 * The floors sit a little under the measured figures (bench/accounts-recall.ts
 * prints them): a regression in a detector shows here.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadPresidio, measureRecall } from '../../bench/accounts-recall';

const corpus = path.resolve(__dirname, '../../../shared/corpus/presidio-research/synth_dataset_v2.json');
const maybe = fs.existsSync(corpus) ? describe : describe.skip;

maybe('accounts: recall on presidio-research', () => {
  const rows = measureRecall(loadPresidio());
  const floors: Record<string, number> = {
    EMAIL_ADDRESS: 0.95,
    IBAN_CODE: 0.95,
    US_SSN: 0.9,
    CREDIT_CARD: 0.8,
    IP_ADDRESS: 0.85,
    PHONE_NUMBER: 0.7,
    STREET_ADDRESS: 0.2,
  };
  it.each(Object.entries(floors))('%s recall is at least %s', (type, floor) => {
    const row = rows.find((r) => r.type === type)!;
    expect(row.gold).toBeGreaterThan(0);
    expect(row.found / row.gold).toBeGreaterThanOrEqual(floor);
  });
  it('reports few findings outside the gold spans', () => {
    const extra = rows.reduce((n, r) => n + r.extra, 0);
    expect(extra).toBeLessThan(20);
  });
});
