/**
 * The audit case of `npm run bench`: `tracetwin audit` with 100,000 generated
 * values (20,000 customers: name, e-mail, user name, phone, company domain)
 * against the twin the benchmark just made (50 MiB unless told otherwise).
 *
 * Prints, in this process: a plain read of the twin (readFileSync to a
 * string), building the automaton, and the audit's one pass, with the pass as
 * a multiple of the plain read (the robust figure across machines); then the
 * wall and CPU time and the peak memory of the whole `bin/tracetwin audit`
 * process, reading of the values included.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Auditor } from '../audit/scan';
import { loadValues } from '../audit/values';
import { table } from './report';
import { Rng } from './rng';
import { makeWorld } from './corpus';
import { asciiFold, CULTURES } from './values';

export const AUDIT_CUSTOMERS = 20_000;

/**
 * A CRM export of `customers` customers, five sensitive values each: first the
 * people of the generated trace itself (the world bench/corpus.ts draws for a
 * trace of `bytes` bytes with this seed), then generated ones.
 */
export function auditValuesCsv(seed: string, bytes: number, customers = AUDIT_CUSTOMERS): string {
  const rng = new Rng(`tracetwin-bench-audit:${seed}`);
  const rows = ['id,first_name,last_name,email,username,phone,website,signup_date'];
  const world = makeWorld(
    new Rng(`tracetwin-bench:${seed}`).fork('world'),
    Math.max(30, Math.round(bytes / 40_000)),
    40,
  );
  for (const p of world.people.slice(0, customers)) {
    const cells = [
      rows.length,
      p.first,
      p.last,
      p.workEmail,
      p.username,
      p.phone,
      `https://${p.org.domain}/`,
      '2025-01-01',
    ];
    rows.push(
      cells.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(','),
    );
  }
  for (let i = rows.length - 1; i < customers; i++) {
    let first = '';
    let last = '';
    let f = '';
    let l = '';
    // names of a script that folds to no ASCII letter (for the e-mail and user name) are drawn again
    while (f === '' || l === '') {
      const c = rng.pick(CULTURES);
      first = rng.pick(c.first);
      last = rng.pick(c.last);
      f = asciiFold(first)
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      l = asciiFold(last)
        .toLowerCase()
        .replace(/[^a-z]/g, '');
    }
    const domain = `${l}-${rng.chars(5, 'abcdefghijklmnopqrstuvwxyz')}.example`;
    rows.push(
      [
        i + 1,
        first,
        last,
        `${f}.${l}${i}@${domain}`,
        `${f.slice(0, 1)}${l}${i}`,
        `+1 ${rng.digits(3)} 555 ${rng.digits(4)}`,
        `https://www.${domain}/`,
        '2025-01-01',
      ].join(','),
    );
  }
  return rows.join('\n') + '\n';
}

function seconds(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

export function auditBench(
  root: string,
  dir: string,
  traceFile: string,
  twinFile: string,
  seed: string,
  requested: number,
  runs: number,
): void {
  const valuesFile = path.join(dir, 'customers.csv');
  // the size generateJsonl was asked for: the world depends on it
  fs.writeFileSync(valuesFile, auditValuesCsv(seed, requested));
  const { values } = loadValues([{ text: fs.readFileSync(valuesFile, 'utf8'), source: 'customers.csv' }]);
  const size = fs.statSync(twinFile).size;
  const rows: string[][] = [];
  let survivors = 0;
  let inTrace = 0;
  for (let r = 0; r < runs; r++) {
    let text = '';
    const read = seconds(() => (text = fs.readFileSync(twinFile, 'utf8')));
    let auditor: Auditor | undefined;
    const build = seconds(() => (auditor = new Auditor(values)));
    const pass = seconds(() => (survivors = auditor!.audit(text).length));
    if (r === 0) inTrace = auditor!.audit(fs.readFileSync(traceFile, 'utf8')).length;
    const cli = path.join(root, 'bin', 'tracetwin');
    const t0 = process.hrtime.bigint();
    const probe = path.join(__dirname, 'rss-probe.js');
    const res = spawnSync(process.execPath, ['-r', probe, cli, 'audit', '--values', valuesFile, twinFile], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const whole = Number(process.hrtime.bigint() - t0) / 1e9;
    if (res.status !== 0 && res.status !== 1) {
      process.stderr.write(`bench: tracetwin audit failed (status ${res.status})\n${res.stderr}\n`);
      process.exit(1);
    }
    const probed = /maxrss-kib (\d+) user-us (\d+) system-us (\d+)/.exec(res.stderr);
    const cpu = probed ? (Number(probed[2]) + Number(probed[3])) / 1e6 : NaN;
    const rss = probed ? Number(probed[1]) / 1024 : NaN;
    rows.push([
      `run ${r + 1}`,
      read.toFixed(2),
      build.toFixed(2),
      pass.toFixed(2),
      (pass / read).toFixed(1),
      whole.toFixed(2),
      cpu.toFixed(2),
      `${rss.toFixed(0)} MiB`,
    ]);
  }
  process.stdout.write(
    `\nAudit: ${values.length} values of ${AUDIT_CUSTOMERS} customers (name, e-mail, user name, phone, website; ` +
      `the generated trace's own people first) against the twin (${(size / (1 << 20)).toFixed(1)} MiB): ` +
      `${survivors} survivors in the twin, ${inTrace} in the original trace.\n` +
      `  Command: bin/tracetwin audit --values $TMP/customers.csv $TMP/twin.jsonl\n` +
      table(
        ['', 'read s', 'automaton s', 'audit pass s', 'pass / read', 'CLI wall s', 'CLI cpu s', 'CLI peak RSS'],
        rows,
      ) +
      '\n',
  );
}
