/**
 * `tracetwin audit --values FILE [--values FILE]... [--show] [--json] TWIN...`
 *
 * Reports every occurrence, in the twins, of values the organisation knows to
 * be sensitive (audit/). Independent of how the twins were made. Exit status:
 * 0 nothing survived, 1 something did, 2 bad input.
 */
import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { Auditor, type Survivor } from '../../audit/scan';
import { BadValuesError, KINDS, loadValues, type Kind, type Value } from '../../audit/values';

/** Characters of text shown on each side of an occurrence with --show. */
const CONTEXT = 24;

class BadInputError extends Error {}

/** The files to audit: each file given, and every regular file under each folder (sorted, dotfiles included). */
export function twinFiles(args: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (p: string): void => {
    let st;
    try {
      st = statSync(p);
    } catch (err) {
      throw new BadInputError(`cannot read ${p}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    } else if (st.isFile()) files.push(p);
  };
  for (const a of args) {
    const before = files.length;
    walk(a);
    if (files.length === before && !statSync(a).isDirectory()) throw new BadInputError(`${a}: not a regular file`);
  }
  return files;
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new BadInputError(`cannot read ${what} ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

/** Line and column (1-based; the column counts characters) of each offset, in one walk (offsets sorted). */
function positions(
  text: string,
  offsets: readonly number[],
  firstLine = 1,
  firstColumn = 1,
): { line: number; column: number }[] {
  const out: { line: number; column: number }[] = [];
  let line = firstLine;
  // the first line may have begun in an earlier block (a line longer than a block)
  let lineStart = 1 - firstColumn;
  let scanned = 0;
  for (const o of offsets) {
    for (;;) {
      const nl = text.indexOf('\n', scanned);
      if (nl === -1 || nl >= o) break;
      line++;
      lineStart = nl + 1;
      scanned = nl + 1;
    }
    out.push({ line, column: o - lineStart + 1 });
  }
  return out;
}

export interface FileResult {
  readonly file: string;
  readonly survivors: readonly (Survivor & { line: number; column: number; shown?: string })[];
}

/**
 * Audits one text: the survivors that start before `own` (a block's own text, followed by the start of the next
 * block so that a survivor crossing the line between them is seen whole), lines counted from `firstLine`.
 */
export function auditText(
  auditor: Auditor,
  text: string,
  show: boolean,
  own = text.length,
  firstLine = 1,
  firstColumn = 1,
): FileResult['survivors'] {
  const survivors = auditor.audit(text).filter((s) => s.start < own);
  const pos = positions(
    text,
    survivors.map((s) => s.start),
    firstLine,
    firstColumn,
  );
  return survivors.map((s, i) => ({
    ...s,
    ...pos[i]!,
    ...(show
      ? {
          shown:
            text.slice(Math.max(0, s.start - CONTEXT), s.start) +
            '[' +
            text.slice(s.start, s.end) +
            ']' +
            text.slice(s.end, s.end + CONTEXT),
        }
      : {}),
  }));
}

/** A twin is read in blocks of whole lines of about this many bytes: memory stays bounded whatever its size. */
export const BLOCK_BYTES = 1 << 20;
/** Bytes of the next block's beginning read with each block (a survivor crossing the line between them). */
const OVERLAP_BYTES = 4096;

/** Audits a file block by block (each block ends at a line end), in one pass. */
export function auditFile(auditor: Auditor, file: string, show: boolean, blockBytes = BLOCK_BYTES) {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new BadInputError(`cannot read twin ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const out: FileResult['survivors'][number][] = [];
  try {
    const buf = Buffer.alloc(blockBytes + OVERLAP_BYTES);
    let held = 0; // bytes at the start of buf not yet audited
    let line = 1;
    let column = 1;
    let eof = false;
    while (!eof || held > 0) {
      while (!eof && held < buf.length) {
        const n = readSync(fd, buf, held, buf.length - held, null);
        if (n === 0) eof = true;
        held += n;
      }
      // this block: up to the last line end within blockBytes (the whole rest at the end of the file, or a line
      // longer than a block cut where it is)
      let own = held;
      if (!eof || held > blockBytes) {
        const nl = buf.lastIndexOf(0x0a, Math.min(held, blockBytes) - 1);
        own = nl >= 0 ? nl + 1 : Math.min(held, blockBytes);
      }
      const text = buf.toString('utf8', 0, held);
      const ownChars = own === held ? text.length : buf.toString('utf8', 0, own).length;
      // one at a time: a block may hold more survivors than a call takes arguments
      for (const found of auditText(auditor, text, show, ownChars, line, column)) out.push(found);
      const lastNl = text.lastIndexOf('\n', ownChars - 1);
      for (let i = 0; i < own; i++) if (buf[i] === 0x0a) line++;
      column = lastNl === -1 ? column + ownChars : ownChars - lastNl;
      buf.copy(buf, 0, own, held);
      held -= own;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, (r[c] ?? '').length), 0));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function report(results: readonly FileResult[], values: readonly Value[], show: boolean): string {
  const lines: string[] = [];
  const hit = results.filter((r) => r.survivors.length > 0);
  const total = hit.reduce((n, r) => n + r.survivors.length, 0);
  const byKind = new Map<Kind, number>();
  if (total > 0) {
    const rows: string[][] = [['FILE', 'KIND', 'LINE', 'COLUMN', 'VALUE FROM', ...(show ? ['TEXT'] : [])]];
    for (const r of hit) {
      const sorted = [...r.survivors].sort(
        (a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.line - b.line || a.column - b.column,
      );
      for (const s of sorted) {
        byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + 1);
        const v = values[s.value]!;
        rows.push([
          r.file,
          s.kind,
          String(s.line),
          String(s.column),
          `${v.source}:${v.line}`,
          ...(show ? [JSON.stringify(s.shown ?? '')] : []),
        ]);
      }
    }
    lines.push(table(rows), '');
    const perFile: string[][] = [['FILE', ...KINDS.filter((k) => byKind.has(k)), 'TOTAL']];
    for (const r of hit) {
      const counts = new Map<Kind, number>();
      for (const s of r.survivors) counts.set(s.kind, (counts.get(s.kind) ?? 0) + 1);
      perFile.push([
        r.file,
        ...KINDS.filter((k) => byKind.has(k)).map((k) => String(counts.get(k) ?? 0)),
        String(r.survivors.length),
      ]);
    }
    lines.push(table(perFile), '');
  }
  // what was searched, per kind: the reviewer's record of what the audit covered
  const valueKinds = new Map<Kind, number>();
  for (const v of values) valueKinds.set(v.kind, (valueKinds.get(v.kind) ?? 0) + 1);
  const searched = `${values.length} value${values.length === 1 ? '' : 's'} (${KINDS.filter((k) => valueKinds.has(k))
    .map((k) => `${k} ${valueKinds.get(k)}`)
    .join(', ')})`;
  const kinds = KINDS.filter((k) => byKind.has(k))
    .map((k) => `${k} ${byKind.get(k)}`)
    .join(', ');
  lines.push(
    total === 0
      ? `no survivors: ${searched} searched in ${results.length} file${results.length === 1 ? '' : 's'}`
      : `${total} survivor${total === 1 ? '' : 's'} (${kinds}) in ${hit.length} of ${results.length} file${results.length === 1 ? '' : 's'}; ${searched} searched`,
  );
  return lines.join('\n') + '\n';
}

/** Counts per kind, in KINDS order, of the kinds present. */
function perKind(kinds: Iterable<Kind>): Record<string, number> {
  const counts = new Map<Kind, number>();
  for (const k of kinds) counts.set(k, (counts.get(k) ?? 0) + 1);
  return Object.fromEntries(KINDS.filter((k) => counts.has(k)).map((k) => [k, counts.get(k)!]));
}

/**
 * The report as one JSON document (`--json`): every survivor with its file, kind, line, column and the values file
 * and line it matched, by file then position; the counts; and what was searched. Never the matched text, unless
 * `show` (then each survivor's `text`: the survivor in brackets with the text around it).
 */
export function jsonReport(
  results: readonly FileResult[],
  list: { values: readonly Value[]; ignoredColumns: readonly string[]; tooShort: number },
  show: boolean,
): string {
  const survivors = results.flatMap((r) =>
    [...r.survivors]
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((s) => {
        const v = list.values[s.value]!;
        return {
          file: r.file,
          kind: s.kind,
          line: s.line,
          column: s.column,
          valuesFile: v.source,
          valuesLine: v.line,
          ...(show ? { text: s.shown ?? '' } : {}),
        };
      }),
  );
  const doc = {
    survivors,
    counts: {
      survivors: survivors.length,
      byKind: perKind(survivors.map((s) => s.kind)),
      files: results.length,
      filesWithSurvivors: results.filter((r) => r.survivors.length > 0).length,
      perFile: results
        .filter((r) => r.survivors.length > 0)
        .map((r) => ({ file: r.file, survivors: r.survivors.length, byKind: perKind(r.survivors.map((s) => s.kind)) })),
    },
    searched: {
      values: list.values.length,
      byKind: perKind(list.values.map((v) => v.kind)),
      tooShort: list.tooShort,
      columnsNotRead: list.ignoredColumns,
    },
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

export function registerAudit(program: Command): void {
  program
    .command('audit')
    .description(
      'report every occurrence in twins of values known to be sensitive (exit 1 when any survived, 0 when none, 2 on bad input)',
    )
    .argument('<twin...>', 'twin files, or folders of them')
    .option(
      '--values <file>',
      'sensitive values: one a line, or a CSV / JSON Lines export with a header (repeatable)',
      (v: string, prev: string[]) => prev.concat([v]),
      [] as string[],
    )
    .option('--show', 'print each occurrence with the text around it (the report then holds sensitive text)')
    .option('--json', 'print the report as one JSON document (survivors, counts, values searched per kind)')
    .exitOverride((err) => {
      // usage errors are bad input (2); --help and --version exit as they are
      process.exit(err.exitCode === 0 ? 0 : 2);
    })
    .action((twins: string[], opts: { values: string[]; show?: boolean; json?: boolean }) => {
      try {
        if (opts.values.length === 0) throw new BadInputError('give at least one --values FILE');
        const list = loadValues(opts.values.map((f) => ({ text: readText(f, 'values file'), source: f })));
        const { values, ignoredColumns, tooShort } = list;
        if (ignoredColumns.length > 0)
          process.stderr.write(`tracetwin audit: columns not read (no known kind): ${ignoredColumns.join(', ')}\n`);
        if (tooShort > 0)
          process.stderr.write(`tracetwin audit: ${tooShort} values of fewer than 3 characters not searched\n`);
        if (values.length === 0) throw new BadInputError('no value to search for in the --values files');
        const files = twinFiles(twins);
        if (files.length === 0) throw new BadInputError('no twin file to audit');
        const auditor = new Auditor(values);
        const results = files.map((file) => ({
          file,
          survivors: auditFile(auditor, file, opts.show === true),
        }));
        const show = opts.show === true;
        process.stdout.write(opts.json ? jsonReport(results, list, show) : report(results, values, show));
        process.exitCode = results.some((r) => r.survivors.length > 0) ? 1 : 0;
      } catch (err) {
        // any failure is 2, never 1: 1 means survivors were found
        const known = err instanceof BadInputError || err instanceof BadValuesError;
        process.stderr.write(`tracetwin audit: ${known ? (err as Error).message : String(err)}\n`);
        process.exit(2);
      }
    });
}
