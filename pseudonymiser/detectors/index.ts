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

export const defaultDetectors: readonly Detector[] = [
  ...secretDetectors,
  contextDetector,
  ...accountDetectors,
  ...peopleDetectors,
];
