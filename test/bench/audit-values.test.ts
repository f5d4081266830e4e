/**
 * The audit case of `npm run bench`: its CRM export holds the generated
 * trace's own people first, so that the original trace has survivors and the
 * twin is expected to have none.
 */
import { Auditor } from '../../audit/scan';
import { loadValues } from '../../audit/values';
import { auditValuesCsv } from '../../bench/audit';
import { generateJsonl } from '../../bench/corpus';

it('writes five values per customer, the trace’s own people first, and they occur in the trace', () => {
  const bytes = 200_000;
  const csv = auditValuesCsv('t', bytes, 300);
  const { values, ignoredColumns } = loadValues([{ text: csv, source: 'customers.csv' }]);
  expect(ignoredColumns.sort()).toEqual(['id', 'signup_date']);
  expect(values.length).toBeGreaterThan(5 * 300 - 10);
  const parts: string[] = [];
  generateJsonl('t', bytes, (s) => parts.push(s));
  const survivors = new Auditor(values).audit(parts.join(''));
  expect(survivors.length).toBeGreaterThan(0);
  // the trace's world has 30 people at this size (rows 2 to 31); the generated customers after them do not occur
  expect(survivors.every((s) => values[s.value]!.line <= 31)).toBe(true);
});
