/**
 * The webhook knobs of operations.md: `--webhook-schedule`, `--webhook-timeout`,
 * `--webhook-allow-loopback`, `--webhook-ca-file`.
 */
import fs from 'node:fs';
import { DEFAULT_WEBHOOK_SCHEDULE_MS } from '../workflows/delivery-types';

export interface WebhookConfig {
  /** Waits between attempts, in milliseconds (attempts = entries + 1). */
  scheduleMs: number[];
  /** Receiver time-out per attempt, in milliseconds. */
  timeoutMs: number;
  /** Lets 127.0.0.0/8 and ::1 through the address check (local testing only). */
  allowLoopback: boolean;
  /** A PEM file of extra trusted root certificates for deliveries. */
  caFile?: string;
}

export const DEFAULT_WEBHOOK_CONFIG: WebhookConfig = {
  scheduleMs: [...DEFAULT_WEBHOOK_SCHEDULE_MS],
  timeoutMs: 10_000,
  allowLoopback: false,
};

/** Time one attempt activity may take beyond the receiver time-out (resolution, database, signing). */
export const ATTEMPT_MARGIN_MS = 30_000;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `500ms`, `2s`, `5m`, `24h`, `7d` → milliseconds. */
export function parseDurationMs(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!m) throw new Error(`not a duration: "${text}" (write e.g. 500ms, 2s, 5m, 24h, 7d)`);
  return Math.round(Number(m[1]) * (UNITS[m[2] ?? 'ms'] ?? 1));
}

/** `1m,5m,30m,2h,5h,10h,6h` → milliseconds; an empty list means a single attempt. */
export function parseWebhookSchedule(text: string): number[] {
  if (text.trim() === '') return [];
  return text.split(',').map((part) => parseDurationMs(part));
}

/** The extra roots named by `caFile`, read once; undefined without one. */
export function readExtraCa(config: WebhookConfig): string | undefined {
  if (!config.caFile) return undefined;
  const pem = fs.readFileSync(config.caFile, 'utf8');
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('--webhook-ca-file holds no PEM certificate');
  return pem;
}
