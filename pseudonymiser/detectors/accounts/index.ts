/**
 * Account detectors: e-mails and mentions, digit-led numbers (phones, cards,
 * SSNs, SINs, IPv4, the national ids of nationalids.ts' table), IBANs and keyed bank / national ids, IPv6 and MACs,
 * user names / handles / ids / home directories, wallets, street addresses,
 * host names of private organisations in URLs and connection strings, ids and
 * logins named by the words around them (prose, API paths, prompts, branches).
 * Each scans a chunk's corpus once or a few times with anchored, bounded
 * patterns behind a cheap prefilter.
 */
import type { Detector } from '../../types';
import { emailDetector } from './email';
import { numbersDetector } from './numbers';
import { nationalIdDetector } from './nationalids';
import { financeDetector } from './finance';
import { networkDetector } from './network';
import { identityDetector } from './identity';
import { walletDetector } from './wallet';
import { addressDetector } from './address';
import { hostDetector } from './hosts';
import { mentionsDetector } from './mentions';

export const accountDetectors: readonly Detector[] = [
  emailDetector,
  numbersDetector,
  nationalIdDetector,
  financeDetector,
  networkDetector,
  identityDetector,
  walletDetector,
  addressDetector,
  hostDetector,
  mentionsDetector,
];
