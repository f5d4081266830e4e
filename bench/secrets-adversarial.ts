/**
 * Times the secret detectors (secrets + key-path context) on adversarial
 * input at 1 and 2 MiB, and on a realistic trace-like corpus, and prints the
 * figures. Run: npx tsx bench/secrets-adversarial.ts [MiB of realistic text, default 8]
 */
import { secretsDetector } from '../pseudonymiser/detectors/secrets';
import { contextDetector } from '../pseudonymiser/detectors/context';
import { ADVERSARIAL } from '../pseudonymiser/detectors/secrets/adversarial';
import type { Chunk, DetectContext, FindingSink } from '../pseudonymiser/types';

const MiB = 1 << 20;
const sink: FindingSink = { add: () => undefined, has: () => false };
const ctx: DetectContext = { confidential: [], segmentAt: (c) => c.segments[0]! };

function timeDetect(text: string): number {
  const chunk: Chunk = { corpus: text, segments: [{ index: 0, start: 0, end: text.length, path: [], isKey: false }] };
  const t0 = process.hrtime.bigint();
  secretsDetector.detect(chunk, sink, ctx);
  contextDetector.detect(chunk, sink, ctx);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

console.log('adversarial input: ms at 1 MiB, ms at 2 MiB, ratio');
for (const [name, make] of ADVERSARIAL) {
  const a = timeDetect(make(MiB));
  const b = timeDetect(make(2 * MiB));
  console.log(
    `  ${name.padEnd(24)} ${a.toFixed(1).padStart(8)} ${b.toFixed(1).padStart(8)} ${(b / Math.max(a, 0.01)).toFixed(2).padStart(6)}`,
  );
}

// realistic: agent-trace-like text with a few secrets among many ordinary tokens
const lines = [
  '{"type":"assistant","uuid":"3f2a6c1e-9d7b-4e2a-8f1c-2b3d4e5f6a7b","message":{"id":"msg_01XyZAbCdEfGh","model":"claude-sonnet-4-20250514"}}',
  'Running `npm test` in /home/runner/work/project/src/components/UserProfileCard.tsx — 42 passed, 0 failed in 3.2s',
  'diff --git a/src/api/client.ts b/src/api/client.ts index ad388c7..168a845 100644',
  "const response = await fetch('https://api.example.com/v1/users?page=2', { headers: { Accept: 'application/json' } });",
  'The function validateRequestPayload checks max_tokens=4096 and temperature=0.7 before calling the model.',
  'export OPENAI_API_KEY=sk-proj-' +
    'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'.repeat(3) +
    'T3BlbkFJ' +
    'Zy7xWv4uTs1rQp8oNm5lKj2iHg9fEd6c'.repeat(3),
  'tool_use_id toolu_01AbCdEfGhIjKlMnOpQrStUv call_Xy12AbCdEfGhIjKlMnOp sha256:' + 'ab12'.repeat(16),
  'Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
];
const mib = Number(process.argv[2] ?? 8);
const parts: string[] = [];
let size = 0;
for (let i = 0; size < mib * MiB; i++) {
  const l = lines[i % lines.length]!;
  parts.push(l);
  size += l.length + 1;
}
const realistic = parts.join('\n');
let total = 0;
for (let off = 0; off < realistic.length; off += MiB) total += timeDetect(realistic.slice(off, off + MiB));
console.log(
  `realistic trace-like text: ${mib} MiB in ${total.toFixed(0)} ms = ${((realistic.length / MiB / total) * 1000).toFixed(1)} MiB/s`,
);
