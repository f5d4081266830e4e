/**
 * The values an organisation knows to be sensitive, read from its own lists:
 * one value a line, or a CSV / JSON Lines export with a header whose columns
 * are read by name (a CRM export, a users table). Each value gets a kind,
 * from its column's name or, in a plain list, from its shape.
 */

export type Kind = 'email' | 'domain' | 'username' | 'name' | 'phone' | 'company' | 'other';

export const KINDS: readonly Kind[] = ['email', 'domain', 'username', 'name', 'phone', 'company', 'other'];

export interface Value {
  readonly text: string;
  readonly kind: Kind;
  /** Where it came from: the list's name and its line (1-based). */
  readonly source: string;
  readonly line: number;
}

export interface ValueList {
  readonly values: Value[];
  /** Columns of an export that name no known kind: not read. */
  readonly ignoredColumns: string[];
  /** Values too short to search for (fewer than MIN_LENGTH characters). */
  readonly tooShort: number;
}

/** A value of fewer characters would be found everywhere: it is counted, not searched. */
export const MIN_LENGTH = 3;

export class BadValuesError extends Error {}

/** What a column holds, from its name: e-mail before name (`email_name`), company before name (`company_name`). */
type Column = Kind | 'first' | 'last';

export function columnKind(header: string): Column | null {
  const h = header.toLowerCase().replace(/[^a-z]/g, '');
  if (h.length === 0) return null;
  if (h.includes('email') || h === 'mail') return 'email';
  if (h.includes('phone') || h.includes('mobile') || h === 'tel' || h === 'cell' || h === 'fax') return 'phone';
  if (/^(first|given|fore|middle)name$|^forename$/.test(h)) return 'first';
  if (/^(last|family|sur)name$|^surname$/.test(h)) return 'last';
  if (/username|login|handle|screenname|nickname|userid$|^account$/.test(h) && !/^(id|uuid)$/.test(h))
    return 'username';
  if (/domain|website|homepage|^url$|^host(name)?$/.test(h)) return 'domain';
  if (/company|organi[sz]ation|^org$|^orgname$|employer|^accountname$|^customercompany$/.test(h)) return 'company';
  if (h === 'name' || /(full|display|contact|customer|person|legal|real|user)name$/.test(h)) return 'name';
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9]$/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:@\s]+)/i;
const PHONE = /^\+?[\d\s().-]+$/;
const NAME = /^\p{L}[\p{L}\p{M}'’.-]*(?:\s+\p{L}[\p{L}\p{M}'’.-]*)+$/u;
const USERNAME = /^(?=.*\p{L})[\p{L}\p{N}._-]+$/u;

/** The kind of a value in a plain list, from its shape. */
export function shapeKind(text: string): Kind {
  if (EMAIL.test(text)) return 'email';
  if (URL_LIKE.test(text) || DOMAIN.test(text)) return 'domain';
  if (PHONE.test(text) && (text.match(/\d/g)?.length ?? 0) >= 7) return 'phone';
  if (NAME.test(text)) return 'name';
  if (USERNAME.test(text)) return 'username';
  return 'other';
}

/** A URL's host; a domain as it is. */
function hostOf(text: string): string {
  const m = URL_LIKE.exec(text);
  return (m ? m[1]! : text).replace(/^www\./i, '');
}

/** Splits one CSV record set (RFC 4180: quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string, name: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  const sep = /^[^\n]*\t/.test(text) && !/^[^\n]*,/.test(text) ? '\t' : ',';
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = 0;
  const endRow = (): void => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') rows.push({ cells, line: rowLine });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      i++;
      continue;
    }
    if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
    i++;
  }
  if (quoted) throw new BadValuesError(`${name}: a quoted field is not closed`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** Adds the values of one record (a CSV row or a JSON object) whose columns are known. */
function addRecord(record: [Column, string][], source: string, line: number, out: Value[]): void {
  const first: string[] = [];
  const last: string[] = [];
  for (const [kind, raw] of record) {
    const text = raw.trim();
    if (text === '') continue;
    if (kind === 'first') first.push(text);
    else if (kind === 'last') last.push(text);
    else out.push({ text: kind === 'domain' ? hostOf(text) : text, kind, source, line });
  }
  const full = [...first, ...last].join(' ');
  if (full !== '') out.push({ text: full, kind: 'name', source, line });
}

function fromCsv(text: string, source: string, out: Value[], ignored: Set<string>): void {
  const rows = parseCsv(text, source);
  if (rows.length === 0) throw new BadValuesError(`${source}: no header`);
  const header = rows[0]!.cells.map((h) => h.trim());
  const kinds = header.map(columnKind);
  header.forEach((h, i) => kinds[i] === null && ignored.add(h));
  if (kinds.every((k) => k === null))
    throw new BadValuesError(`${source}: no column names a known kind (e-mail, name, phone, company, …)`);
  for (const row of rows.slice(1)) {
    const record: [Column, string][] = [];
    row.cells.forEach((cell, i) => {
      const k = kinds[i];
      if (k) record.push([k, cell]);
    });
    addRecord(record, source, row.line, out);
  }
}

function fromJsonLines(text: string, source: string, out: Value[], ignored: Set<string>): void {
  let known = false;
  const lines = text.split('\n');
  let objects: { obj: unknown; line: number }[];
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    let arr: unknown;
    try {
      arr = JSON.parse(text);
    } catch {
      throw new BadValuesError(`${source}: not valid JSON`);
    }
    if (!Array.isArray(arr)) throw new BadValuesError(`${source}: not a JSON array`);
    objects = arr.map((obj) => ({ obj, line: 1 }));
  } else {
    objects = [];
    lines.forEach((l, i) => {
      if (l.trim() === '') return;
      try {
        objects.push({ obj: JSON.parse(l), line: i + 1 });
      } catch {
        throw new BadValuesError(`${source}:${i + 1}: not a JSON object`);
      }
    });
  }
  for (const { obj, line } of objects) {
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
      throw new BadValuesError(`${source}:${line}: not a JSON object`);
    const record: [Column, string][] = [];
    for (const [key, v] of Object.entries(obj)) {
      const k = columnKind(key);
      if (k === null) {
        ignored.add(key);
        continue;
      }
      known = true;
      if (typeof v === 'string' || typeof v === 'number') record.push([k, String(v)]);
      else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') record.push([k, x]);
    }
    addRecord(record, source, line, out);
  }
  if (!known && objects.length > 0)
    throw new BadValuesError(`${source}: no key names a known kind (e-mail, name, phone, company, …)`);
}

function fromLines(text: string, source: string, out: Value[]): void {
  text.split('\n').forEach((l, i) => {
    const t = l.replace(/\r$/, '').trim();
    if (t === '' || t.startsWith('#')) return;
    const kind = shapeKind(t);
    out.push({ text: kind === 'domain' ? hostOf(t) : t, kind, source, line: i + 1 });
  });
}

/** Is the first line a CSV header: several cells, at least one naming a known kind, none looking like a value? */
function looksLikeCsvHeader(text: string): boolean {
  const first = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).replace(/\r$/, '');
  const cells = first.split(/[,\t]/).map((c) => c.trim().replace(/^"|"$/g, ''));
  return cells.length > 1 && cells.some((c) => columnKind(c) !== null) && !cells.some((c) => c.includes('@'));
}

/**
 * Reads one list: `.csv`/`.tsv` as an export with a header, `.jsonl`/`.ndjson`/`.json` as JSON objects, anything
 * else as one value a line unless its first line is a CSV header or its first character opens a JSON object.
 */
export function readValues(text: string, source: string, out: Value[], ignored: Set<string>): void {
  if (text.includes('\u0000')) throw new BadValuesError(`${source}: not text`);
  const body = text.replace(/^\uFEFF/, '');
  const lower = source.toLowerCase();
  if (/\.(csv|tsv)$/.test(lower)) fromCsv(body, source, out, ignored);
  else if (/\.(jsonl|ndjson|json)$/.test(lower) || /^\s*[[{]/.test(body)) fromJsonLines(body, source, out, ignored);
  else if (looksLikeCsvHeader(body)) fromCsv(body, source, out, ignored);
  else fromLines(body, source, out);
}

/** Reads every list; values too short to search for are dropped and counted. */
export function loadValues(lists: { text: string; source: string }[]): ValueList {
  const all: Value[] = [];
  const ignored = new Set<string>();
  for (const { text, source } of lists) readValues(text, source, all, ignored);
  const values = all.filter((v) => v.text.length >= MIN_LENGTH);
  return { values, ignoredColumns: [...ignored], tooShort: all.length - values.length };
}
