/**
 * The layouts section of `npm run eval`: twins the layouts corpus
 * (bench/layouts.ts) with the current detectors and prints, apart from the
 * default corpus' tables, the leaks of secrets and accounts per kind, per
 * kind and layout, per kind and variety and per trace kind; the keep rate per
 * keep class; the format checks per trace kind (the four of the default
 * corpus and the validator of the trace's own format, applied to the twin);
 * and the validity of the stand-ins (checksums of national ids and wallets,
 * phones valid for their country, Basic credentials that decode to
 * `user:password`, prefixes kept).
 */
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import type { Kind } from '../pseudonymiser/types';
import { evaluateRun, runTwin, type TraceEval } from './evaluate';
import { basicOk } from './layout-checks';
import { NATIONAL_IDS, salesforceValid, walletValid } from './layout-values';
import {
  LAYOUT_KEEP_KINDS,
  LAYOUT_KINDS,
  SECRET_KINDS,
  generateLayouts,
  type LayoutPlant,
  type LayoutTrace,
} from './layouts';
import { pct, table } from './report';
import { emailValid } from './values';

export interface LayoutsOptions {
  readonly seed: string;
  readonly perKind: number;
  readonly verbose: boolean;
  /** Twinning key (64 hex characters). */
  readonly key: string;
}

/** Planted values and how many of them leaked. */
export interface Tally {
  planted: number;
  leaked: number;
}
/** Counts one planted value under `k`. */
export const bump = (m: Map<string, Tally>, k: string, leaked: boolean): void => {
  const t = m.get(k) ?? { planted: 0, leaked: 0 };
  t.planted++;
  if (leaked) t.leaked++;
  m.set(k, t);
};
const sum = (ts: Iterable<Tally>): Tally => {
  const out = { planted: 0, leaked: 0 };
  for (const t of ts) {
    out.planted += t.planted;
    out.leaked += t.leaked;
  }
  return out;
};

export interface LayoutsSummary {
  readonly seed: string;
  readonly traces: number;
  readonly secrets: Tally;
  readonly accounts: Tally;
  readonly byKind: Record<string, Tally>;
  readonly byTraceKind: Record<string, { secrets: Tally; accounts: Tally }>;
  readonly keep: Record<string, { planted: number; kept: number }>;
  readonly formatFailures: number;
  readonly validity: Record<string, { checked: number; valid: number }>;
}

/** What a stand-in of a planted value must satisfy; undefined where nothing is checked. */
export function layoutStandInCheck(p: LayoutPlant): { name: string; ok: (s: string) => boolean } | undefined {
  switch (p.kind) {
    case 'national_id': {
      const m = NATIONAL_IDS.find((x) => x.name === p.sub);
      return m ? { name: `national_id ${m.checksum ? 'checksum' : 'syntax'} (${m.name})`, ok: m.valid } : undefined;
    }
    case 'wallet':
      return { name: `wallet ${p.sub}`, ok: (s) => walletValid(p.sub, s) };
    case 'phone': {
      const cc = p.sub.split(' ')[0] as CountryCode;
      return { name: 'phone valid for its country', ok: (s) => isValidPhoneNumber(s, cc) };
    }
    case 'email':
      return p.sub === 'spelled out' ? undefined : { name: 'email RFC 5321 syntax', ok: emailValid };
    case 'secret':
      return p.sub === 'basic auth' ? { name: 'basic auth: base64 of user:password', ok: basicOk } : undefined;
    case 'account_id': {
      if (p.sub.startsWith('salesforce'))
        return { name: 'salesforce id: 18 characters, case-safe suffix', ok: salesforceValid };
      if (p.sub === 'slack user id')
        return { name: 'slack user id shape (U…)', ok: (s) => /^U[0-9A-Z]{8,10}$/.test(s) };
      if (p.sub.startsWith('numeric user id'))
        return {
          name: 'numeric user id: digits of the same length',
          ok: (s) => /^\d+$/.test(s) && s.length === p.value.length,
        };
      const prefix = /^[A-Za-z]+[-_/]/.exec(p.value)?.[0];
      if (prefix)
        return { name: 'prefixed / provider id: prefix kept', ok: (s) => s.startsWith(prefix) && s !== p.value };
      return undefined;
    }
    default:
      return undefined;
  }
}

interface FormatTally {
  files: number;
  parse: number;
  shape: number;
  lines: number;
  bytes: number;
  valid: number;
  failures: string[];
}

export function evalLayouts(opts: LayoutsOptions, log: (s: string) => void): LayoutsSummary {
  const t0 = Date.now();
  const traces = generateLayouts({ seed: opts.seed, perKind: opts.perKind });
  const bytes = traces.reduce((n, t) => n + Buffer.byteLength(t.text), 0);
  log(
    `Layouts corpus (bench/layouts.ts): layouts seed ${JSON.stringify(opts.seed)}, ${traces.length} traces (${opts.perKind} of each of ${LAYOUT_KINDS.length} trace kinds), ` +
      `${(bytes / 1024).toFixed(0)} KiB, ${traces.reduce((n, t) => n + t.plants.length, 0)} planted values, ${traces.reduce((n, t) => n + t.keeps.length, 0)} keep values`,
  );

  const byKind = new Map<string, Tally>();
  const byLayout = new Map<string, Tally>();
  const bySub = new Map<string, Tally>();
  const byTrace = new Map<string, { secrets: Tally; accounts: Tally; keepPlanted: number; keepKept: number }>();
  const keep = new Map<string, { planted: number; kept: number }>();
  const formats = new Map<string, FormatTally>();
  const validity = new Map<string, { checked: number; valid: number }>();
  const leakedList: string[] = [];
  const keepChanged: string[] = [];
  const invalid: string[] = [];
  let twinMs = 0;

  for (const t of traces) {
    const s = Date.now();
    const run = runTwin(t.text, t.format, opts.key, t.confidential);
    twinMs += Date.now() - s;
    const e: TraceEval = evaluateRun(t, run);
    const tr = byTrace.get(t.family) ?? {
      secrets: { planted: 0, leaked: 0 },
      accounts: { planted: 0, leaked: 0 },
      keepPlanted: 0,
      keepKept: 0,
    };
    byTrace.set(t.family, tr);
    t.plants.forEach((p, i) => {
      if (!e.planted[i]) throw new Error(`layouts generator bug: ${p.kind} (${p.layout}) not found in ${t.name}`);
      const leaked = e.leaked[i]!;
      bump(byKind, p.kind, leaked);
      bump(byLayout, `${p.kind} / ${p.layout}`, leaked);
      bump(bySub, `${p.kind} / ${p.sub}`, leaked);
      const side = SECRET_KINDS.has(p.kind) ? tr.secrets : tr.accounts;
      side.planted++;
      if (leaked) {
        side.leaked++;
        leakedList.push(
          `  leaked: ${p.kind} / ${p.sub} in ${t.family} (${t.name}) at ${p.layout}: ${JSON.stringify(p.value)}`,
        );
      }
      const check = layoutStandInCheck(p);
      if (check && !leaked)
        for (const standIn of e.standIns[i]!) {
          const v = validity.get(check.name) ?? { checked: 0, valid: 0 };
          v.checked++;
          if (check.ok(standIn)) v.valid++;
          else
            invalid.push(`  invalid stand-in (${check.name}) in ${t.name} at ${p.layout}: ${JSON.stringify(standIn)}`);
          validity.set(check.name, v);
        }
    });
    t.keeps.forEach((k, i) => {
      const row = keep.get(k.kind) ?? { planted: 0, kept: 0 };
      const before = e.keepOriginal[i]!;
      const kept = Math.min(before, e.keepTwin[i]!);
      row.planted += before;
      row.kept += kept;
      tr.keepPlanted += before;
      tr.keepKept += kept;
      keep.set(k.kind, row);
      if (kept < before) keepChanged.push(`  keep value changed in ${t.name}: ${k.kind} ${JSON.stringify(k.value)}`);
    });
    const ft = formats.get(t.family) ?? { files: 0, parse: 0, shape: 0, lines: 0, bytes: 0, valid: 0, failures: [] };
    formats.set(t.family, ft);
    ft.files++;
    const f = e.format;
    const own = t.check(run.output);
    const results: [string, string | null | undefined][] = [
      ['parse', f.parse],
      ['shape', f.shape],
      ['lines', f.lines],
      ['bytes', f.bytes],
      ['valid', own],
    ];
    for (const [what, msg] of results) {
      if (!msg) ft[what as 'parse']++;
      else ft.failures.push(`${t.name} [${t.style.join(', ')}]: ${what}: ${msg}`);
    }
  }

  const secrets = sum([...byKind].filter(([k]) => SECRET_KINDS.has(k as Kind)).map(([, v]) => v));
  const accounts = sum([...byKind].filter(([k]) => !SECRET_KINDS.has(k as Kind)).map(([, v]) => v));
  const kp = [...keep.values()].reduce((n, r) => n + r.planted, 0);
  const kk = [...keep.values()].reduce((n, r) => n + r.kept, 0);
  const failures = [...formats.values()].flatMap((x) => x.failures);
  const passing =
    [...formats.values()].reduce((n, x) => n + x.files, 0) - new Set(failures.map((x) => x.split(' ')[0])).size;

  log(`Twinned ${traces.length} traces in ${(twinMs / 1000).toFixed(1)} s.\n`);
  log(
    `layouts (seed ${JSON.stringify(opts.seed)}): secrets leaked ${secrets.leaked}/${secrets.planted} (${pct(secrets.leaked, secrets.planted)}), ` +
      `accounts leaked ${accounts.leaked}/${accounts.planted} (${pct(accounts.leaked, accounts.planted)}), keep ${kk}/${kp} (${pct(kk, kp)}), ` +
      `format checks: ${passing}/${traces.length} traces pass all five`,
  );
  log(`(secrets: ${[...SECRET_KINDS].join(', ')}; accounts: every other kind, people and organisations included)\n`);

  const rows = (m: Map<string, Tally>, onlyLeaks: boolean): (string | number)[][] =>
    [...m]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .filter(([, t]) => !onlyLeaks || t.leaked > 0)
      .map(([k, t]) => [k, t.planted, t.leaked, pct(t.leaked, t.planted)]);
  log('Layouts: leaks per kind:');
  log(
    table(
      ['kind', 'planted', 'leaked', 'leak rate'],
      [
        ...rows(byKind, false),
        [
          'all',
          sum(byKind.values()).planted,
          sum(byKind.values()).leaked,
          pct(sum(byKind.values()).leaked, sum(byKind.values()).planted),
        ],
      ],
    ),
  );
  log('\nLayouts: leaks per trace kind:');
  log(
    table(
      ['trace kind', 'secrets', 'leaked', 'rate', 'accounts', 'leaked', 'rate', 'keep'],
      LAYOUT_KINDS.filter((k) => byTrace.has(k)).map((k) => {
        const t = byTrace.get(k)!;
        return [
          k,
          t.secrets.planted,
          t.secrets.leaked,
          pct(t.secrets.leaked, t.secrets.planted),
          t.accounts.planted,
          t.accounts.leaked,
          pct(t.accounts.leaked, t.accounts.planted),
          pct(t.keepKept, t.keepPlanted),
        ];
      }),
    ),
  );
  const hidden = (m: Map<string, Tally>): string => {
    const n = [...m.values()].filter((t) => t.leaked === 0).length;
    return n > 0 && !opts.verbose ? `  (${n} more with nothing leaked; --verbose lists them)` : '';
  };
  log('\nLayouts: leaks per kind and layout (where the value sits):');
  log(table(['kind / layout', 'planted', 'leaked', 'leak rate'], rows(byLayout, !opts.verbose)));
  if (hidden(byLayout)) log(hidden(byLayout));
  log('\nLayouts: leaks per kind and variety (country, provider, name origin):');
  log(table(['kind / variety', 'planted', 'leaked', 'leak rate'], rows(bySub, !opts.verbose)));
  if (hidden(bySub)) log(hidden(bySub));

  log('\nLayouts: keep rate (occurrences of values that must stay byte-identical):');
  log(
    table(
      ['keep class', 'occurrences', 'kept', 'keep rate'],
      [
        ...LAYOUT_KEEP_KINDS.filter((k) => keep.has(k)).map((k) => {
          const r = keep.get(k)!;
          return [k, r.planted, r.kept, pct(r.kept, r.planted)];
        }),
        ['all', kp, kk, pct(kk, kp)],
      ],
    ),
  );

  log(
    '\nLayouts: format checks per trace kind (files passing / files; "own format": the format\'s validator on the twin):',
  );
  log(
    table(
      ['trace kind', 'files', 'parse iff', 'same tree', 'same lines', 'bytes outside values', 'own format'],
      LAYOUT_KINDS.filter((k) => formats.has(k)).map((k) => {
        const f = formats.get(k)!;
        return [
          k,
          f.files,
          `${f.parse}/${f.files}`,
          `${f.shape}/${f.files}`,
          `${f.lines}/${f.files}`,
          `${f.bytes}/${f.files}`,
          `${f.valid}/${f.files}`,
        ];
      }),
    ),
  );
  for (const f of failures.slice(0, opts.verbose ? failures.length : 10)) log(`  FAIL ${f}`);
  if (!opts.verbose && failures.length > 10) log(`  … and ${failures.length - 10} more (--verbose lists them)`);

  log('\nLayouts: validity of stand-ins (distinct stand-ins found where a planted value stood):');
  log(
    table(
      ['check', 'checked', 'valid'],
      [...validity]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, v.checked, `${v.valid} (${pct(v.valid, v.checked)})`]),
    ),
  );
  if (opts.verbose) {
    log('\nLayouts: planted values that leaked (kind / variety, trace kind, file, layout, value):');
    for (const l of leakedList) log(l);
    for (const l of keepChanged) log(l);
    for (const l of invalid) log(l);
  }
  log(`\n(layouts part: ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);

  const rec = <V>(m: Map<string, V>): Record<string, V> => Object.fromEntries(m);
  return {
    seed: opts.seed,
    traces: traces.length,
    secrets,
    accounts,
    byKind: rec(byKind),
    byTraceKind: Object.fromEntries([...byTrace].map(([k, v]) => [k, { secrets: v.secrets, accounts: v.accounts }])),
    keep: rec(keep),
    formatFailures: failures.length,
    validity: rec(validity),
  };
}

export type { LayoutTrace };
