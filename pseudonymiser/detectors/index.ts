/**
 * The default detector set, in the order they run in pass one. Order matters
 * only for ties: when two detectors report one surface as different kinds,
 * the registry keeps the kind of higher priority (registry.ts).
 */
import type { Detector } from '../types';
import { secretDetectors } from './secrets';
import { accountDetectors } from './accounts';
import { contextDetector } from './context';
import { peopleDetectors } from './people';
export { idNumberKey as numberKey } from './accounts/identity';

export const defaultDetectors: readonly Detector[] = [
  ...secretDetectors,
  contextDetector,
  ...accountDetectors,
  ...peopleDetectors,
];

/**
 * What the default detectors read of the key path of a long text (ChunkOptions.keyContext): its last
 * key that is not an array position and the array positions after it, and the key before when that key
 * is `data` (a base64 source). Null when they read more: a value beside a `key` field (OpenTelemetry
 * attributes, whose meaning is the sibling's), anything inside redacted thinking. A detector that reads
 * more of a long text's path must say so here.
 */
export function keyContext(keys: readonly string[]): string | null {
  let last = keys.length - 1;
  while (last >= 0 && keys[last] === '*') last--;
  if (last < 0) return keys.join('\u0001');
  const key = keys[last]!;
  if (/value$/i.test(key) || keys.includes('redacted_thinking')) return null;
  return keys.slice(key === 'data' ? Math.max(0, last - 1) : last).join('\u0001');
}
