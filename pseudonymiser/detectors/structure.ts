/**
 * Text structure as context: the names that text gives its values, read the
 * way a JSON key path names a JSON value, so that every detector that
 * classifies key names (context.ts `kindOfKey`, accounts/identity.ts
 * `idKindOfKey` and `financeKeyKind`, accounts/hosts.ts, people/keys.ts
 * `roleOf`) reads a table column, a `key: value` line, an HTTP header, a
 * config entry, an SQL column or a command-line flag exactly as it reads a
 * JSON key.
 *
 * A forward read of a chunk's lines, and one of its SQL statements, finds:
 *
 * - tables: a header line and the rows under it, cells split by `|` or `│`
 *   (psql, mysql and sqlite boxes, markdown tables, pipe-separated rows;
 *   rule lines `+---+`, `---+---`, `|:--|`, `├──┼` are skipped), by `,` (CSV,
 *   RFC 4180 quoting on one line) or by a tab (TSV, and the rows of a
 *   PostgreSQL `COPY t (cols) FROM stdin;` block);
 * - `key: value` and `key=value` lines: HTTP header blocks (`Cookie:`,
 *   `Authorization:`, `X-Api-Key:`), YAML, TOML and INI entries (`key =
 *   value` takes the rest of the line), `.env` / shell assignments and
 *   logfmt pairs (`k=v k2="v 2"`, each value one word or one quoted string);
 * - SQL `INSERT INTO t (col, …) VALUES (…), (…)`: each literal named by its
 *   column;
 * - command lines: `--name value`, `--name=value`, `-name value`, short flags
 *   whose meaning is fixed by the command (`curl -u user:pass`, `-H 'Name:
 *   value'`, `-b`; `mysql -uUSER -pPASS`; `sshpass -p`; `psql -U`; `docker
 *   login -u -p`; `redis-cli -a`; `mongo -u -p`; `ssh -l`), and `NAME=value`
 *   words before a command (`PGPASSWORD=… psql`).
 *
 * Each value is a Field: its range in the corpus and the name that names it,
 * written as a JSON key would be (`Email`, `email`, `user.email`, `--email`
 * all reach the classifiers as a name whose normal form is `email`).
 *
 * Cost: every line is read once from its start; a line is split into cells
 * only when it holds a separator (found by one indexOf per separator kind
 * for the whole text, not per line), and tokenised as a command only when
 * it holds a flag; SQL statements are found by indexOf of `VALUES`, read
 * back at most to the previous one. Every read moves forward past what it
 * has read, so the work is linear in the text whatever it holds (see
 * secrets/adversarial.ts: long tables, a million `|`, unterminated quotes,
 * a 5 MB line of `key=key=`, deep indentation).
 *
 * API (for the detectors): `textFields(chunk)` — the fields of a chunk's
 * text, in corpus order, read once per chunk and shared by every detector;
 * `fieldAt(chunk, offset)` — the field holding a corpus offset (a detector
 * that finds a value by its shape asks which name it sits under). A person
 * or name column hands its cells to the person recogniser through
 * people/keys.ts, which reads these fields like JSON fields.
 */
import type { Chunk } from '../types';
import { runCache } from '../memo';

/** Where a field's name came from (`record`: a line `name | value` of a psql expanded record). */
export type Layout = 'table' | 'record' | 'line' | 'flag' | 'sql';

export interface Field {
  /** Range of the value in the chunk corpus (quotes excluded). */
  readonly start: number;
  readonly end: number;
  /** The header, key or flag that names it, as written (leading dashes and quotes removed). */
  readonly name: string;
  readonly layout: Layout;
  /**
   * True where the structure delimits the value for certain (a table cell, an
   * SQL literal, a flag's word, a quoted value): it may be any printable
   * text. False for the rest of a `key: value` line, which may be prose.
   */
  readonly certain: boolean;
}

/** Steps taken (lines, cells, words, literals read), for the linearity tests. Never read by the product. */
export const structureWork = { steps: 0 };

const MAX_NAME = 64;
const MAX_COLUMNS = 64;
const MAX_VALUE = 4096;

const isBlank = (c: number): boolean => c === 32 || c === 9;
const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** Characters of a key name: letters, digits, `_ . - / @ $ [ ]`. */
const isNameCode = (c: number): boolean =>
  isLetter(c) || isDigit(c) || c === 95 || c === 46 || c === 45 || c === 47 || c === 64 || c === 36;

// ---------------------------------------------------------------- names

/** A column or key name: 1 to 4 words of name characters, starting with a letter or `_`. */
function nameLike(text: string, s: number, e: number): boolean {
  if (e <= s || e - s > MAX_NAME) return false;
  const c0 = text.charCodeAt(s);
  if (!isLetter(c0) && c0 !== 95) return false;
  let words = 1;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (text.charCodeAt(i - 1) === 32 || ++words > 4) return false;
    } else if (!isNameCode(c) && c !== 40 && c !== 41 && c !== 35) return false; // `( ) #` too: `Amount (EUR)`, `#`
  }
  return true;
}

/** The name as a key: inner spaces as `_` (`First Name` → `First_Name`). */
function keyName(text: string, s: number, e: number): string {
  const raw = text.slice(s, e);
  return raw.includes(' ') ? raw.replace(/ +/g, '_') : raw;
}

// ---------------------------------------------------------------- cells

/** Separator characters of table rows. */
const PIPE = 124;
const BOX_PIPE = 0x2502;
const COMMA = 44;
const TAB = 9;

/** Whether [s, e) is a rule line: only `- = + | :` and box-drawing rules and blanks, with a run of rule dashes. */
function isRule(text: string, s: number, e: number): boolean {
  let dashes = 0;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 45 || c === 61 || c === 0x2500 || c === 0x2550) dashes++;
    else if (!(c === 43 || c === PIPE || c === 58 || c === 32 || c === 9 || (c >= 0x2500 && c <= 0x257f))) return false;
  }
  return dashes >= 3;
}

/**
 * The cells of row [s, e) split by `sep`, as [start, end) pairs of trimmed
 * values into `cells` (at most MAX_COLUMNS + 1 cells; quotes of CSV cells
 * excluded). Returns the count. A pipe row's outer pipes open and close it.
 */
function splitRow(text: string, s: number, e: number, sep: number, cells: Int32Array): number {
  // blanks around cells: a space, and a tab unless tabs separate the cells
  const pad = (c: number): boolean => c === 32 || (c === 9 && sep !== TAB);
  let n = 0;
  let i = s;
  while (i < e && pad(text.charCodeAt(i))) i++;
  let end = e;
  while (end > i && pad(text.charCodeAt(end - 1))) end--;
  const pipe = sep === PIPE || sep === BOX_PIPE;
  if (pipe) {
    if (text.charCodeAt(i) === sep) i++;
    if (end > i && text.charCodeAt(end - 1) === sep) end--;
  }
  for (;;) {
    structureWork.steps++;
    if (n > MAX_COLUMNS) return n;
    let cs = i;
    while (cs < end && pad(text.charCodeAt(cs))) cs++;
    let ce: number;
    let next: number;
    if (!pipe && text.charCodeAt(cs) === 34) {
      // a quoted CSV / TSV cell: `""` is a quote inside it; unterminated, it runs to the line's end
      let q = cs + 1;
      for (;;) {
        q = findIn(text, 34, q, end);
        if (q < 0) {
          q = end;
          break;
        }
        if (text.charCodeAt(q + 1) === 34) q += 2;
        else break;
      }
      ce = q;
      cs++;
      next = q + 1;
      while (next < end && text.charCodeAt(next) !== sep) next++;
    } else {
      next = cs;
      while (next < end && text.charCodeAt(next) !== sep) next++;
      ce = next;
      while (ce > cs && pad(text.charCodeAt(ce - 1))) ce--;
    }
    cells[2 * n] = cs;
    cells[2 * n + 1] = Math.max(cs, ce);
    n++;
    if (next >= end) return n;
    i = next + 1;
  }
}

// ---------------------------------------------------------------- the reader

interface Table {
  sep: number;
  names: string[];
  /** psql's expanded display (`\\x`): rows `name | value` under `-[ RECORD n ]`, one field each. */
  record?: boolean;
  /** Confirmed by a rule line or a first row of the same width; until then a candidate header. */
  confirmed: boolean;
}

const cellBuffer = new Int32Array(2 * (MAX_COLUMNS + 2));

/**
 * Reads the structure of `text[from, to)` and appends its fields to `out`,
 * in text order for each layout (tables and lines, then commands, then SQL
 * statements; `textFields` sorts them).
 */
export function readStructure(text: string, out: Field[], from = 0, to = text.length): void {
  readLines(text, out, from, to);
  readSql(text, out, from, to);
  readCommonNames(text, out, from, to);
  if (text.indexOf('":', from) >= 0) readInlineJson(text, out, from, to);
  if (text.indexOf('BEGIN:V', from) >= 0) readContentLines(text, out, from, to);
  const th = text.indexOf('<th', from);
  if (th >= 0 && th < to) readHtmlTables(text, out, th, to);
}

// ---------------------------------------------------------------- HTML tables

const HTML_CELL = /<(\/?)(t[hdr]|table)\b[^<>]{0,256}>/gi;

/**
 * HTML tables (`<tr><th>Name</th><th>E-mail</th></tr><tr><td>Ann Lee</td>…`): each `<td>` cell named by the
 * `<th>` of its column in the table's last header row. A cell's text is read when it holds no other tag. One
 * forward read of the tags from the first `<th`.
 */
function readHtmlTables(text: string, out: Field[], from: number, to: number): void {
  let header: string[] = [];
  let headerRow = false;
  let col = 0;
  HTML_CELL.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = HTML_CELL.exec(text)) !== null && m.index < to) {
    structureWork.steps++;
    const close = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (close) continue;
    if (tag === 'table') {
      header = [];
      continue;
    }
    if (tag === 'tr') {
      col = 0;
      headerRow = false;
      continue;
    }
    const vs = m.index + m[0].length;
    const lt = text.indexOf('<', vs);
    const ve = lt < 0 || lt > to ? to : lt;
    const closes = text.startsWith(`</${m[2]!}`, ve) || text.startsWith(`</${tag}`, ve);
    if (tag === 'th') {
      if (!headerRow) header = [];
      headerRow = true;
      header.push(closes ? text.slice(vs, ve).trim() : '');
    } else if (closes && ve > vs && ve - vs <= MAX_VALUE) {
      const name = header[col];
      if (name !== undefined && name.length > 0 && name.length <= MAX_NAME && nameLike(name, 0, name.length))
        out.push({ start: vs, end: ve, name: keyName(name, 0, name.length), layout: 'table', certain: true });
    }
    col++;
    if (ve > HTML_CELL.lastIndex) HTML_CELL.lastIndex = ve;
  }
}

// ---------------------------------------------------------------- JSON written inside text

/**
 * `"key": "value"` and `"key": 123` pairs of JSON written inside text (a test's diff `Received: {"phone": …}`,
 * a log line's payload, a tool's output quoted in prose): each value named by its key, as in a JSON document.
 * Found by indexOf of `":`, the key read back to its quote; a string value to its closing quote (a `\`
 * escapes one character), a number to its last digit.
 */
function readInlineJson(text: string, out: Field[], from: number, to: number): void {
  for (let i = text.indexOf('":', from); i >= 0 && i < to; i = text.indexOf('":', i + 2)) {
    structureWork.steps++;
    let ks = i;
    while (ks > from && i - ks <= MAX_NAME && isNameCode(text.charCodeAt(ks - 1))) ks--;
    if (ks === i || i - ks > MAX_NAME || ks <= from || text.charCodeAt(ks - 1) !== 34) continue;
    const c0 = text.charCodeAt(ks);
    if (!isLetter(c0) && c0 !== 95) continue;
    let vs = i + 2;
    while (vs < to && isBlank(text.charCodeAt(vs))) vs++;
    const q = text.charCodeAt(vs);
    let ve: number;
    if (q === 34) {
      vs++;
      ve = vs;
      while (ve < to && ve - vs <= MAX_VALUE) {
        const c = text.charCodeAt(ve);
        if (c === 92) ve += 2;
        else if (c === 34 || c === 10) break;
        else ve++;
      }
      if (ve >= to || text.charCodeAt(ve) !== 34) {
        i = Math.max(i, ve - 2);
        continue;
      }
    } else if (isDigit(q) || (q === 45 && isDigit(text.charCodeAt(vs + 1)))) {
      ve = vs + 1;
      while (ve < to && (isDigit(text.charCodeAt(ve)) || text.charCodeAt(ve) === 46)) ve++;
    } else continue;
    if (ve > vs) out.push({ start: vs, end: ve, name: text.slice(ks, i), layout: 'line', certain: true });
    i = Math.max(i, ve - 2);
  }
}

// ---------------------------------------------------------------- directory names and content lines

/**
 * `CN=value`: a common name, as X.500 names write it — an LDAP DN (`cn=Ann Lee,ou=people,dc=example`,
 * RFC 4514), a certificate subject (`/CN=…/O=…`) — and as iCalendar writes its `CN` parameter
 * (`ORGANIZER;CN=Ann Lee:mailto:…`, RFC 5545 §3.2.2). The value runs to the next `,` (not escaped by `\`), `;`,
 * `:`, `/`, quote or line end; a quoted parameter value to its quote. Found by indexOf of `=` after `cn`.
 */
function readCommonNames(text: string, out: Field[], from: number, to: number): void {
  for (let i = text.indexOf('=', from); i >= 0 && i < to; i = text.indexOf('=', i + 1)) {
    structureWork.steps++;
    const c1 = text.charCodeAt(i - 1) | 32;
    const c2 = text.charCodeAt(i - 2) | 32;
    if (c1 !== 110 || c2 !== 99 || i - 2 < from) continue;
    const b = i - 3 >= from ? text.charCodeAt(i - 3) : 10;
    // after a line start, a blank, a quote, `,` `;` `/` (not `…scn=`, `cn==`)
    if (!(b === 10 || b === 32 || b === 9 || b === 34 || b === 39 || b === 44 || b === 59 || b === 47)) continue;
    let vs = i + 1;
    let ve: number;
    if (text.charCodeAt(vs) === 34) {
      vs++;
      ve = vs;
      while (ve < to && ve - vs <= 256 && text.charCodeAt(ve) !== 34 && text.charCodeAt(ve) !== 10) ve++;
      if (text.charCodeAt(ve) !== 34) {
        // no closing quote: what was read holds no other common name's start worth reading again
        i = ve;
        continue;
      }
    } else {
      ve = vs;
      while (ve < to && ve - vs <= 256) {
        const c = text.charCodeAt(ve);
        if (c === 92) {
          ve += 2;
          continue;
        }
        if (c === 44 || c === 59 || c === 58 || c === 47 || c === 34 || c === 39 || c === 10 || c === 13) break;
        ve++;
      }
    }
    if (ve > vs && ve - vs <= 256) out.push({ start: vs, end: ve, name: 'cn', layout: 'line', certain: true });
    i = ve;
  }
}

/** The components of a structured value, named as a JSON key would name them (RFC 6350 §6.2.2, §6.3.1). */
const COMPONENTS: Record<string, readonly string[]> = {
  N: ['family_name', 'given_name', 'additional_names', 'honorific_prefix', 'honorific_suffix'],
  ADR: ['po_box', 'extended_address', 'street_address', 'locality', 'region', 'postal_code', 'country'],
};

/**
 * The properties that describe a person or where they are (RFC 6350 §6.2–6.4, §6.6.3; RFC 5545 §3.8.1.7, §3.8.4.2);
 * an object's own identifiers (`UID`, `PRODID`) and times are not read.
 */
const PERSONAL_PROPERTIES = new Set([
  'FN',
  'N',
  'NICKNAME',
  'BDAY',
  'TEL',
  'EMAIL',
  'ADR',
  'ORG',
  'TITLE',
  'NOTE',
  'IMPP',
  'LOCATION',
  'CONTACT',
]);

/**
 * Content lines of vCards (RFC 6350) and iCalendar objects (RFC 5545) — `NAME;PARAM=v:value` — in a text that
 * holds a `BEGIN:V…` line: each value named by its property (`FN`, `TEL`, `EMAIL`, `NOTE`, `LOCATION`), and the
 * components of `N` and `ADR` by what they are (`family_name`, `street_address`). A folded line's continuation
 * (a line that starts with a blank) is not read: its value is the previous line's.
 */
function readContentLines(text: string, out: Field[], from: number, to: number): void {
  for (let ls = from; ls < to;) {
    structureWork.steps++;
    let le = text.indexOf('\n', ls);
    if (le < 0 || le > to) le = to;
    let e = le;
    if (e > ls && text.charCodeAt(e - 1) === 13) e--;
    contentLine(text, ls, e, out);
    ls = le + 1;
  }
}

function contentLine(text: string, ls: number, e: number, out: Field[]): void {
  let q = ls;
  // the property name: letters, digits, `-`, up to 64, upper case in what the specifications write
  while (q < e && q - ls <= MAX_NAME) {
    const c = text.charCodeAt(q);
    if ((c >= 65 && c <= 90) || isDigit(c) || c === 45) q++;
    else break;
  }
  if (q === ls || q - ls > MAX_NAME || !(text.charCodeAt(ls) >= 65 && text.charCodeAt(ls) <= 90)) return;
  const name = text.slice(ls, q);
  if (!PERSONAL_PROPERTIES.has(name)) return;
  // parameters, to the `:` outside quotes
  let quoted = false;
  while (q < e) {
    const c = text.charCodeAt(q);
    if (c === 34) quoted = !quoted;
    else if (c === 58 && !quoted) break;
    else if (c !== 59 && q === ls) return;
    q++;
  }
  if (q >= e || (text.charCodeAt(ls + name.length) !== 58 && text.charCodeAt(ls + name.length) !== 59)) return;
  const vs = q + 1;
  if (vs >= e || e - vs > MAX_VALUE) return;
  const parts = COMPONENTS[name];
  if (parts === undefined) {
    out.push({ start: vs, end: e, name, layout: 'line', certain: true });
    return;
  }
  // components split at `;` (not escaped by `\`)
  let cs = vs;
  let k = 0;
  for (let i = vs; i <= e; i++) {
    const c = i < e ? text.charCodeAt(i) : 59;
    if (c === 92) {
      i++;
      continue;
    }
    if (c !== 59) continue;
    if (i > cs && k < parts.length) out.push({ start: cs, end: i, name: parts[k]!, layout: 'line', certain: true });
    k++;
    cs = i + 1;
  }
}

/** The first position of the character `code` in text[s, e), or -1: a search that never reads past `e`. */
function findIn(text: string, code: number, s: number, e: number): number {
  for (let i = s; i < e; i++) if (text.charCodeAt(i) === code) return i;
  return -1;
}

/** The next position ≥ `from` of `ch` in text before `to`, or `to`. */
function nextOf(text: string, ch: string, from: number, to: number): number {
  const i = text.indexOf(ch, from);
  return i < 0 || i > to ? to : i;
}

/**
 * The table being read (a candidate header until confirmed), across the lines of one readLines call.
 * Module state, so that the line loop stays small: it only finds lines and their separators, and hands a
 * line to tableLine, keyValueLine or readCommand when it may hold what they read. (As one function with
 * every branch, the loop was compiled again each time a rare branch first ran, on every chunk.)
 */
let table: Table | null = null;

function readLines(text: string, out: Field[], from: number, to: number): void {
  // the next separator of each kind: one indexOf each moves forward through the whole text
  let pipe = nextOf(text, '|', from, to);
  let boxPipe = nextOf(text, '\u2502', from, to);
  let comma = nextOf(text, ',', from, to);
  let tab = nextOf(text, '\t', from, to);
  let flag = nextFlag(text, from, to);
  let colon = nextOf(text, ':', from, to);
  let equals = nextOf(text, '=', from, to);
  let lines = 0;
  table = null;
  for (let ls = from; ls < to;) {
    lines++;
    let le = text.indexOf('\n', ls);
    if (le < 0 || le > to) le = to;
    let e = le;
    if (e > ls && text.charCodeAt(e - 1) === 13) e--;
    let p = ls;
    while (p < e && isBlank(text.charCodeAt(p))) p++;
    if (pipe < ls) pipe = nextOf(text, '|', ls, to);
    if (boxPipe < ls) boxPipe = nextOf(text, '\u2502', ls, to);
    if (comma < ls) comma = nextOf(text, ',', ls, to);
    if (tab < ls) tab = nextOf(text, '\t', ls, to);
    // the line's separator: a table's own first, then `|`, `│`, a tab, a comma
    let sep = 0;
    let first = to;
    if (pipe < e) {
      sep = PIPE;
      first = pipe;
    } else if (boxPipe < e) {
      sep = BOX_PIPE;
      first = boxPipe;
    } else if (tab < e && tab >= p) {
      sep = TAB;
      first = tab;
    } else if (comma < e) {
      sep = COMMA;
      first = comma;
    }
    // (set by tableLine: a cast, since the compiler does not see calls change it)
    const open = table as Table | null;
    if (open !== null && open.sep !== sep) {
      const at = open.sep === PIPE ? pipe : open.sep === BOX_PIPE ? boxPipe : open.sep === COMMA ? comma : tab;
      if (at < e) {
        sep = open.sep;
        first = at;
      }
    }
    let done = false;
    const c = text.charCodeAt(p);
    if (open !== null || sep !== 0 || c === 67 || c === 45) done = tableLine(text, p, e, sep, first, out);
    if (!done) {
      // a `key: value` or `key=value` line holds a `:` or `=` (most lines and JSON strings hold neither)
      if (colon < p) colon = nextOf(text, ':', p, to);
      if (equals < p) equals = nextOf(text, '=', p, to);
      // within a name's length of the line's start, a `:` with a blank or the line's end after it (not
      // `https://`, `10:30`), and right before it (past blanks and a quote) the end of a name (not `+=`)
      const reach = Math.min(e, p + MAX_NAME + 12);
      const op = colon < equals ? colon : equals;
      const before = out.length;
      if (op < reach) keyValueLine(text, p, e, op, op === colon, out);
      // logfmt pairs after a log line's prefix (`2025-… INFO signup name="Ann Lee" user=alee`); a command
      // line's are its own
      if (out.length === before && equals < e) {
        if (flag < ls) flag = nextFlag(text, ls, to);
        if (flag >= e) inlinePairs(text, p, equals, e, out);
      }
    }
    if (flag < ls) flag = nextFlag(text, ls, to);
    if (flag < e) readCommand(text, ls, e, out);
    ls = le + 1;
  }
  table = null;
  structureWork.steps += lines;
}

/**
 * Reads line [p, e) as a table's row, rule or end, or as a header or a COPY head; `sep` is its separator
 * (0: none) and `first` where it first stands. True when the line was one of those.
 */
function tableLine(text: string, p: number, e: number, sep: number, first: number, out: Field[]): boolean {
  if (p === e) {
    table = null;
    return true;
  }
  if (table !== null && table.record === true) {
    if (sep === PIPE && recordLine(text, p, e, first, out)) return true;
    table = null;
  }
  if (table !== null) {
    if ((table.sep === PIPE || table.sep === BOX_PIPE) && isRule(text, p, e)) {
      table.confirmed = true;
      return true;
    }
    if (sep === table.sep) {
      const cells = cellBuffer;
      const n = splitRow(text, p, e, sep, cells);
      if (n === table.names.length) {
        table.confirmed = true;
        for (let c = 0; c < n; c++) {
          const cs = cells[2 * c]!;
          const ce = cells[2 * c + 1]!;
          if (ce > cs) out.push({ start: cs, end: ce, name: table.names[c]!, layout: 'table', certain: true });
        }
        return true;
      }
    } else if (table.sep === TAB && table.confirmed && text.startsWith('\\.', p)) {
      table = null; // the end of a COPY block
      return true;
    }
    table = null;
  }
  if (sep !== 0) {
    // a header's first cell is a name, so its separator comes within a name's length; and the line ends
    // with a name, a quote or a pipe (not `{`, `;`, `.`: code and prose)
    let z = e - 1;
    while (z > p && isBlank(text.charCodeAt(z))) z--;
    const last = text.charCodeAt(z);
    const ends = isLetter(last) || isDigit(last) || last === 95 || last === 41 || last === 34 || last === sep;
    if (ends && first - p <= MAX_NAME + 2 && e - p <= 4096) table = headerOf(text, p, e, sep);
    if (table !== null) return true;
  }
  if (text.startsWith('-[ RECORD ', p)) {
    table = { sep: PIPE, names: [], confirmed: true, record: true };
    return true;
  }
  table = copyHeader(text, p, e);
  return table !== null;
}

/** A line `name | value` of a psql expanded record, its first `|` at `pipe`: the value named by the name. */
function recordLine(text: string, p: number, e: number, pipe: number, out: Field[]): boolean {
  let ne = pipe;
  while (ne > p && isBlank(text.charCodeAt(ne - 1))) ne--;
  if (!nameLike(text, p, ne) || findIn(text, 32, p, ne) >= 0) return false;
  let vs = pipe + 1;
  while (vs < e && isBlank(text.charCodeAt(vs))) vs++;
  let ve = e;
  while (ve > vs && isBlank(text.charCodeAt(ve - 1))) ve--;
  if (ve > vs && ve - vs <= MAX_VALUE)
    out.push({ start: vs, end: ve, name: text.slice(p, ne), layout: 'record', certain: true });
  return true;
}

/** Reads line [p, e) as `key: value` / `key=value` when the name's end stands right before the operator at `op`. */
function keyValueLine(text: string, p: number, e: number, op: number, isColon: boolean, out: Field[]): void {
  if (isColon && op + 1 < e && !isBlank(text.charCodeAt(op + 1))) return;
  let b = op - 1;
  while (b > p && isBlank(text.charCodeAt(b))) b--;
  let before = text.charCodeAt(b);
  if ((before === 34 || before === 39) && b > p) before = text.charCodeAt(b - 1);
  if (isNameCode(before)) readKeyValues(text, p, e, out);
}

/**
 * A header line: 2 to MAX_COLUMNS cells that are all names. Read cell by cell, and given up at the first
 * character no name holds: a line of prose with a comma is read no further than its first words.
 */
function headerOf(text: string, p: number, e: number, sep: number): Table | null {
  // blanks around cells: a space, and a tab unless tabs separate the cells
  const pad = (c: number): boolean => c === 32 || (c === 9 && sep !== TAB);
  const pipe = sep === PIPE || sep === BOX_PIPE;
  let i = p;
  let end = e;
  while (end > i && pad(text.charCodeAt(end - 1))) end--;
  if (pipe) {
    if (text.charCodeAt(i) === sep) i++;
    if (end > i && text.charCodeAt(end - 1) === sep) end--;
  }
  const cells = cellBuffer;
  let n = 0;
  for (;;) {
    structureWork.steps++;
    while (i < end && pad(text.charCodeAt(i))) i++;
    const quote = !pipe && text.charCodeAt(i) === 34;
    if (quote) i++;
    const cs = i;
    while (i < end && i - cs <= MAX_NAME) {
      const c = text.charCodeAt(i);
      if (isNameCode(c) || c === 32 || c === 40 || c === 41 || c === 35) i++;
      else break;
    }
    let ce = i;
    while (ce > cs && pad(text.charCodeAt(ce - 1))) ce--;
    if (quote) {
      if (text.charCodeAt(i) !== 34) return null;
      i++;
    }
    while (i < end && pad(text.charCodeAt(i))) i++;
    if (!nameLike(text, cs, ce) || n >= MAX_COLUMNS) return null;
    cells[2 * n] = cs;
    cells[2 * n + 1] = ce;
    n++;
    if (i >= end) break;
    if (text.charCodeAt(i) !== sep) return null;
    i++;
  }
  if (n < 2) return null;
  const names: string[] = [];
  for (let c = 0; c < n; c++) names.push(keyName(text, cells[2 * c]!, cells[2 * c + 1]!));
  return { sep, names, confirmed: false };
}

/** `COPY [schema.]table (col, …) FROM stdin;` (pg_dump): the tab-separated rows that follow, named by the columns. */
const COPY_HEAD = /COPY [^\s(]{1,128} \(([^)\n]{1,4096})\) FROM stdin;/y;

function copyHeader(text: string, p: number, e: number): Table | null {
  if (text.charCodeAt(p) !== 67 || !text.startsWith('COPY ', p)) return null;
  COPY_HEAD.lastIndex = p;
  const m = COPY_HEAD.exec(text);
  if (m === null || COPY_HEAD.lastIndex > e) return null;
  const names = m[1]!.split(',').map((s) => s.trim().replace(/^"|"$/g, ''));
  return names.length >= 1 && names.length <= MAX_COLUMNS ? { sep: TAB, names, confirmed: true } : null;
}

// ---------------------------------------------------------------- key: value lines

/**
 * `key: value`, `key = value`, `key=value k2=v2` at the start of a line
 * (after indentation, a YAML list dash or `export `), in [p, e).
 */
function readKeyValues(text: string, p: number, e: number, out: Field[]): void {
  if (text.charCodeAt(p) === 45 && text.charCodeAt(p + 1) === 32) p += 2;
  // an SQL comment's header line (`-- Host: db.acme.pl    Database: crm`, as mysqldump writes one)
  else if (text.charCodeAt(p) === 45 && text.charCodeAt(p + 1) === 45 && text.charCodeAt(p + 2) === 32) p += 3;
  else if (text.startsWith('export ', p)) p += 7;
  let first = true;
  // a `key: value` pair whose value ended at a wide gap before another `Key: ` (readValue): `:` may follow a name
  let colonNext = false;
  while (p < e) {
    structureWork.steps++;
    // name, maybe quoted
    let q = p;
    const quote = text.charCodeAt(q);
    const quoted = quote === 34 || quote === 39;
    if (quoted) q++;
    const ns = q;
    const c0 = text.charCodeAt(ns);
    if (!isLetter(c0) && c0 !== 95) return;
    let words = 1;
    while (q < e && q - ns <= MAX_NAME) {
      const c = text.charCodeAt(q);
      if (isNameCode(c)) q++;
      else if (c === 32 && first && !quoted && words < 4 && isNameCode(text.charCodeAt(q + 1))) {
        // `First Name: …`; only before a `:`, checked below
        words++;
        q++;
      } else break;
    }
    const ne = q;
    if (ne - ns > MAX_NAME) return;
    if (quoted) {
      if (text.charCodeAt(q) !== quote) return;
      q++;
    }
    let blanks = 0;
    while (q < e && blanks < 8 && isBlank(text.charCodeAt(q))) {
      q++;
      blanks++;
    }
    const op = text.charCodeAt(q);
    let vs: number;
    let restOfLine: boolean;
    if (op === 58) {
      // `:` then a blank or the end (not `::`, `://`, `10:30`, `C:\`)
      const after = text.charCodeAt(q + 1);
      if (!(first || colonNext) || blanks > 0 || !(q + 1 >= e || isBlank(after))) return;
      vs = q + 1;
      restOfLine = true;
    } else if (op === 61) {
      // `=`, not `==`; `key = value` (INI, TOML) takes the rest of the line, `k=v` one word; `=>` (a Ruby,
      // PHP or Perl hash's pair: `"key" => value`) is one separator
      if (text.charCodeAt(q + 1) === 61 || words > 1) return;
      vs = text.charCodeAt(q + 1) === 62 ? q + 2 : q + 1;
      restOfLine = blanks > 0 && first;
    } else return;
    if (words > 1 && op !== 58) return;
    while (vs < e && isBlank(text.charCodeAt(vs))) vs++;
    const name = keyName(text, ns, ne);
    const next = readValue(text, name, vs, e, restOfLine, out);
    if (next < 0) return;
    colonNext = restOfLine && op === 58;
    first = false;
    p = next;
    while (p < e && isBlank(text.charCodeAt(p))) p++;
  }
}

/**
 * Reads the value of `name` from `vs` and reports it; returns where a next
 * `k=v` pair may start, or -1 when the line is done.
 */
function readValue(text: string, name: string, vs: number, e: number, restOfLine: boolean, out: Field[]): number {
  if (vs >= e) return -1;
  // a YAML standard tag (`!!binary`, `!!str`) then a blank: the tag says the value's type and is not part of it
  if (restOfLine && text.charCodeAt(vs) === 33 && text.charCodeAt(vs + 1) === 33) {
    let t = vs + 2;
    while (t < e && t - vs <= 16 && isLetter(text.charCodeAt(t))) t++;
    if (t > vs + 2 && t < e && isBlank(text.charCodeAt(t))) {
      while (t < e && isBlank(text.charCodeAt(t))) t++;
      if (t < e) vs = t;
    }
  }
  const q = text.charCodeAt(vs);
  if (q === 34 || q === 39 || q === 96) {
    // a quoted value: to its closing quote (a backslash escapes one character in double quotes); after a name
    // that takes the rest of the line, a tuple of quoted strings (`NAME = 'a', "b"`, as Python writes one): each
    // is a value of the name (one followed by `:` or `=` is the next pair's name: `"a": "x", "b": "y"`)
    let qs = vs;
    let qc = q;
    for (let first = true; ; first = false) {
      structureWork.steps++;
      let i = qs + 1;
      while (i < e && text.charCodeAt(i) !== qc) i += text.charCodeAt(i) === 92 && qc === 34 ? 2 : 1;
      if (i >= e) return -1;
      const after = i + 1;
      let c = after;
      while (c < e && isBlank(text.charCodeAt(c))) c++;
      const next = text.charCodeAt(c);
      if (!first && (next === 58 || next === 61)) return -1;
      if (i - qs - 1 <= MAX_VALUE) out.push({ start: qs + 1, end: i, name, layout: 'line', certain: true });
      if (!restOfLine) return after < e && isBlank(text.charCodeAt(after)) ? after : -1;
      if (next !== 44) return -1;
      c++;
      while (c < e && isBlank(text.charCodeAt(c))) c++;
      qc = text.charCodeAt(c);
      if (qc !== 34 && qc !== 39) return -1;
      qs = c;
    }
  }
  if (restOfLine) {
    let ve = e;
    let next = -1;
    // a YAML / TOML comment: ` #` after the value; a gap of three blanks or more before another `Key: ` (a header
    // line of several pairs: `Host: db.acme.pl    Database: crm`)
    for (let i = vs; i + 1 < e; i++) {
      const c = text.charCodeAt(i);
      if (!isBlank(c)) continue;
      if (text.charCodeAt(i + 1) === 35) {
        ve = i;
        break;
      }
      if (isBlank(text.charCodeAt(i + 1)) && isBlank(text.charCodeAt(i + 2))) {
        let j = i + 3;
        while (j < e && isBlank(text.charCodeAt(j))) j++;
        const k = j;
        while (j < e && j - k <= MAX_NAME && isNameCode(text.charCodeAt(j))) j++;
        if (j > k && isLetter(text.charCodeAt(k)) && text.charCodeAt(j) === 58 && isBlank(text.charCodeAt(j + 1))) {
          ve = i;
          next = k;
          break;
        }
      }
    }
    while (ve > vs && isBlank(text.charCodeAt(ve - 1))) ve--;
    // a trailing `,` of a JSON-like or YAML flow line
    if (ve > vs && text.charCodeAt(ve - 1) === 44) ve--;
    if (ve > vs && ve - vs <= MAX_VALUE) out.push({ start: vs, end: ve, name, layout: 'line', certain: false });
    return next;
  }
  let ve = vs;
  while (ve < e && !isBlank(text.charCodeAt(ve))) ve++;
  if (ve - vs <= MAX_VALUE) out.push({ start: vs, end: ve, name, layout: 'line', certain: true });
  return ve < e ? ve : -1;
}

/**
 * `name=value` pairs inside line [p, e), from its first `=` at `q`: a name that follows a blank, then one word
 * or one quoted string, as logfmt writes them (brandur.org/logfmt) after a log line's time and level.
 */
function inlinePairs(text: string, p: number, q: number, e: number, out: Field[]): void {
  while (q >= 0 && q < e) {
    structureWork.steps++;
    let ns = q;
    while (ns > p && q - ns <= MAX_NAME && isNameCode(text.charCodeAt(ns - 1))) ns--;
    let next = q + 1;
    const c0 = text.charCodeAt(ns);
    if (
      ns < q &&
      q - ns <= MAX_NAME &&
      (ns === p || isBlank(text.charCodeAt(ns - 1))) &&
      (isLetter(c0) || c0 === 95) &&
      text.charCodeAt(q + 1) !== 61
    ) {
      next = readValue(text, keyName(text, ns, q), text.charCodeAt(q + 1) === 62 ? q + 2 : q + 1, e, false, out);
      if (next < 0) return;
    }
    q = findIn(text, 61, next, e);
  }
}

// ---------------------------------------------------------------- command lines

/**
 * The next flag position ≥ from: a `-` after a blank, a quote or a line start, then a letter or `-`. Found
 * from each `-` (a one-character search is many times faster than one for ` -`).
 */
function nextFlag(text: string, from: number, to: number): number {
  for (let i = text.indexOf('-', from); i >= 0 && i < to; i = text.indexOf('-', i + 1)) {
    const b = i === 0 ? 10 : text.charCodeAt(i - 1);
    if (!(b === 32 || b === 9 || b === 10 || b === 34 || b === 39)) continue;
    const c = text.charCodeAt(i + 1);
    if (isLetter(c) || (c === 45 && isLetter(text.charCodeAt(i + 2)))) return i;
  }
  return to;
}

/**
 * Short flags that take a value, by command (public manuals: curl(1),
 * mysql(1), psql(1), sshpass(1), ssh(1), docker-login(1), redis-cli,
 * mongosh, httpie, ab(8), sqlcmd). The value is named like the long option.
 * `glued`: the value may follow the letter with no blank (`-pSECRET`).
 */
interface Short {
  readonly name: string;
  readonly glued?: boolean;
  /** Only a glued value counts: alone, the flag asks for it (`mysql -p` prompts). */
  readonly gluedOnly?: boolean;
}
const CURL: Record<string, Short> = {
  u: { name: 'user' },
  U: { name: 'proxy-user' },
  H: { name: 'header' },
  b: { name: 'cookie' },
  e: { name: 'referer' },
  E: { name: 'cert' },
};
const MYSQL: Record<string, Short> = {
  u: { name: 'user', glued: true },
  p: { name: 'password', glued: true, gluedOnly: true },
  h: { name: 'host', glued: true },
};
const MONGO: Record<string, Short> = { u: { name: 'username' }, p: { name: 'password' } };
/** OpenLDAP's clients, ldapsearch(1) and the others: `-D binddn`, `-w passwd`, `-H ldapuri`, `-h host`. */
const LDAP: Record<string, Short> = {
  D: { name: 'binddn' },
  w: { name: 'password' },
  H: { name: 'uri' },
  h: { name: 'host' },
};
/** HTTPie and xh: `-a user:password`. Their request items (`Name:value`, `field=value`) are read apart. */
const HTTPIE: Record<string, Short> = { a: { name: 'auth' } };
const SHORT_FLAGS: Record<string, Record<string, Short>> = {
  curl: CURL,
  mysql: MYSQL,
  mariadb: MYSQL,
  mysqldump: MYSQL,
  mysqladmin: MYSQL,
  mysqlimport: MYSQL,
  psql: { U: { name: 'username' }, h: { name: 'host' }, d: { name: 'dbname' } },
  pg_dump: { U: { name: 'username' }, h: { name: 'host' } },
  pg_restore: { U: { name: 'username' }, h: { name: 'host' } },
  sshpass: { p: { name: 'password' } },
  sudo: { u: { name: 'user' }, g: { name: 'group' } },
  ssh: { l: { name: 'login' } },
  docker: { u: { name: 'username' }, p: { name: 'password' } },
  podman: { u: { name: 'username' }, p: { name: 'password' } },
  'redis-cli': { a: { name: 'password' }, h: { name: 'host' } },
  mongo: MONGO,
  mongosh: MONGO,
  mongodump: MONGO,
  mongorestore: MONGO,
  mongoexport: MONGO,
  mongoimport: MONGO,
  sqlcmd: { U: { name: 'user' }, P: { name: 'password' }, S: { name: 'server' } },
  http: HTTPIE,
  https: HTTPIE,
  xh: HTTPIE,
  xhs: HTTPIE,
  ldapsearch: LDAP,
  ldapmodify: LDAP,
  ldapadd: LDAP,
  ldapdelete: LDAP,
  ldapwhoami: LDAP,
  ldapcompare: LDAP,
  ldapmodrdn: LDAP,
  ldapexop: LDAP,
  // ldappasswd(1): `-a oldPasswd`, `-s newPasswd`
  ldappasswd: { ...LDAP, a: { name: 'old-password' }, s: { name: 'new-password' } },
  ab: { A: { name: 'auth' }, H: { name: 'header' }, C: { name: 'cookie' } },
  wget: {},
};
/** Commands that run the command after their own options (`sudo mysql …`, `sshpass -p X ssh …`). */
const WRAPPERS = new Set([
  'sudo',
  'env',
  'time',
  'nohup',
  'exec',
  'command',
  'doas',
  'watch',
  'xargs',
  'timeout',
  'nice',
  'sshpass',
  'proxychains',
  'torsocks',
]);
/** Options whose value is `user:password` (curl `-u`, httpie `-a`, ab `-A`). */
const USER_PASSWORD = new Set(['user', 'proxy-user', 'auth']);
/** Options whose value is an HTTP header `Name: value`. */
const HEADER_OPTIONS = new Set(['header', 'H', 'proxy-header']);

interface Word {
  /** The word's range, quotes included. */
  s: number;
  e: number;
  /** The value's range: inside the quotes of a wholly quoted word. */
  vs: number;
  ve: number;
}

/** Reads the shell word at `i` (after blanks) in [i, e) into `w`; false at the line's end. */
function readWord(text: string, i: number, e: number, w: Word): boolean {
  while (i < e && isBlank(text.charCodeAt(i))) i++;
  if (i >= e) return false;
  w.s = i;
  const q = text.charCodeAt(i);
  if (q === 34 || q === 39) {
    let j = i + 1;
    while (j < e && text.charCodeAt(j) !== q) j += text.charCodeAt(j) === 92 && q === 34 ? 2 : 1;
    w.vs = i + 1;
    w.ve = Math.min(j, e);
    j = Math.min(j + 1, e);
    if (j < e && !isBlank(text.charCodeAt(j))) {
      // quotes in the middle of a word: the whole word
      while (j < e && !isBlank(text.charCodeAt(j))) j++;
      w.vs = i;
      w.ve = j;
    }
    w.e = j;
    return true;
  }
  let j = i;
  while (j < e && !isBlank(text.charCodeAt(j))) {
    const c = text.charCodeAt(j);
    if (c === 34 || c === 39) {
      // `--password="a b"`: a quoted part runs to its close
      const k = findIn(text, c, j + 1, e);
      j = k < 0 ? e : k + 1;
    } else j++;
  }
  w.s = i;
  w.e = j;
  w.vs = i;
  w.ve = j;
  return true;
}

/** The range inside quotes of [s, e) when it is wholly quoted, else itself. */
function unquote(text: string, s: number, e: number, at: Int32Array): void {
  const q = text.charCodeAt(s);
  if (e - s >= 2 && (q === 34 || q === 39) && text.charCodeAt(e - 1) === q) {
    at[0] = s + 1;
    at[1] = e - 1;
  } else {
    at[0] = s;
    at[1] = e;
  }
}
const span = new Int32Array(2);

/** Reports the value [vs, ve) of option `name` (a header's or a user:password's parts on their own). */
function reportOption(text: string, name: string, vs: number, ve: number, out: Field[]): void {
  if (ve <= vs || ve - vs > MAX_VALUE) return;
  if (HEADER_OPTIONS.has(name)) {
    // `Name: value`
    let c = vs;
    while (c < ve && isNameCode(text.charCodeAt(c))) c++;
    if (c === vs || text.charCodeAt(c) !== 58) return;
    let v = c + 1;
    while (v < ve && isBlank(text.charCodeAt(v))) v++;
    if (v < ve) out.push({ start: v, end: ve, name: text.slice(vs, c), layout: 'flag', certain: true });
    return;
  }
  if (USER_PASSWORD.has(name)) {
    const colon = findIn(text, 58, vs, ve);
    if (colon >= 0) {
      // each part may be quoted on its own: `-u jdoe:'p&ss'`
      unquote(text, vs, colon, span);
      if (span[1]! > span[0]!)
        out.push({ start: span[0]!, end: span[1]!, name: 'user', layout: 'flag', certain: true });
      unquote(text, colon + 1, ve, span);
      if (span[1]! > span[0]!)
        out.push({ start: span[0]!, end: span[1]!, name: 'password', layout: 'flag', certain: true });
      return;
    }
    out.push({ start: vs, end: ve, name: 'user', layout: 'flag', certain: true });
    return;
  }
  out.push({ start: vs, end: ve, name, layout: 'flag', certain: true });
}

const word: Word = { s: 0, e: 0, vs: 0, ve: 0 };

/** Reads the command line [ls, e): the options and their values, and `NAME=value` words before a command. */
function readCommand(text: string, ls: number, e: number, out: Field[]): void {
  let shorts: Record<string, Short> | undefined;
  let expectCommand = true;
  let items = false; // HTTPie's request items follow
  let dest = false; // an ssh-like command: its `user@host` words follow
  let i = ls;
  const w = word;
  while (readWord(text, i, e, w)) {
    structureWork.steps++;
    if (i > ls && text.charCodeAt(i - 1) === 59) {
      // the word before ended with `;`: a new command
      expectCommand = true;
      shorts = undefined;
      items = false;
      dest = false;
    }
    i = w.e;
    const c0 = text.charCodeAt(w.s);
    // a command separator: `|`, `||`, `&&`, `;`, `(`; a word ending in `;` ends its command too
    if (
      c0 === PIPE ||
      c0 === 38 ||
      c0 === 59 ||
      c0 === 40 ||
      c0 === 96 ||
      (c0 === 36 && text.charCodeAt(w.s + 1) === 40)
    ) {
      expectCommand = true;
      shorts = undefined;
      items = false;
      dest = false;
      continue;
    }
    // a wholly quoted option is an option too (`'-pS3cret'`, `"--password=x y"`): read inside the quotes
    let fs = w.s;
    let fe = w.e;
    if (w.vs === w.s + 1 && text.charCodeAt(w.vs) === 45) {
      fs = w.vs;
      fe = w.ve;
    }
    if (text.charCodeAt(fs) === 45 && fe - fs >= 2) {
      readOption(text, fs, fe, e, shorts, out);
      i = optionEnd;
      continue;
    }
    if (expectCommand && isPrompt(text, w.s, w.e)) continue;
    if (items) {
      requestItem(text, w.vs, w.ve, out);
      continue;
    }
    if (dest) {
      destination(text, w.vs, w.ve, out);
      continue;
    }
    if (expectCommand) {
      // `NAME=value` before the command (one at the line's start was read as a key=value line)
      const eq = findIn(text, 61, w.s, w.e);
      if (eq > w.s && isLetter(c0)) {
        if (w.s > ls) {
          let k = w.s;
          while (k < eq && isNameCode(text.charCodeAt(k))) k++;
          if (k === eq) {
            unquote(text, eq + 1, w.e, span);
            if (span[1]! > span[0]!)
              out.push({ start: span[0]!, end: span[1]!, name: text.slice(w.s, eq), layout: 'flag', certain: true });
          }
        }
        continue;
      }
      if (isDigit(c0)) continue; // `timeout 10 …`
      let cmd = text.slice(w.vs, Math.min(w.ve, w.vs + 64));
      const slash = cmd.lastIndexOf('/');
      if (slash >= 0) cmd = cmd.slice(slash + 1);
      shorts = SHORT_FLAGS[cmd];
      items = shorts === HTTPIE;
      dest = SSH_LIKE.has(cmd);
      // a wrapper's options are its own; the next word that is no option is the command it runs
      if (!WRAPPERS.has(cmd)) expectCommand = false;
    }
  }
}

/** Commands whose operands are `[user@]host[:path]` (ssh(1), scp(1), sftp(1), rsync(1), ssh-copy-id(1)). */
const SSH_LIKE = new Set(['ssh', 'scp', 'sftp', 'rsync', 'ssh-copy-id', 'mosh', 'autossh']);

/** An ssh destination `user@host[:path]` or `ssh://user@host[:port]`: the user and the host, named so. */
function destination(text: string, s: number, e: number, out: Field[]): void {
  if (text.startsWith('ssh://', s)) s += 6;
  const at = findIn(text, 64, s, e);
  if (at <= s) return;
  for (let i = s; i < at; i++) if (!isNameCode(text.charCodeAt(i))) return;
  let he = at + 1;
  while (he < e && isNameCode(text.charCodeAt(he)) && text.charCodeAt(he) !== 47) he++;
  out.push({ start: s, end: at, name: 'user', layout: 'flag', certain: true });
  if (he > at + 1) out.push({ start: at + 1, end: he, name: 'host', layout: 'flag', certain: true });
}

/** Where the option read last by readOption ended (its value's word included). */
let optionEnd = 0;

/**
 * Reads the option word [s, e0) of a command whose short flags are `shorts`, and its value: glued to it
 * (`--name=value`, `-pVALUE`) or the next word of the line [.., e). Sets optionEnd.
 */
function readOption(
  text: string,
  s: number,
  e0: number,
  e: number,
  shorts: Record<string, Short> | undefined,
  out: Field[],
): void {
  // the word's end: past a closing quote when the option was read inside one
  optionEnd = e0 < e && (text.charCodeAt(e0) === 34 || text.charCodeAt(e0) === 39) ? e0 + 1 : e0;
  const len = e0 - s;
  const c1 = text.charCodeAt(s + 1);
  let name: string;
  let glued = -1; // start of a value written in the same word
  if (c1 === 45) {
    // `--name`, `--name=value`
    const eq = findIn(text, 61, s, e0);
    const ne = eq >= 0 ? eq : e0;
    if (ne - s - 2 > MAX_NAME || !isLetter(text.charCodeAt(s + 2))) return;
    name = text.slice(s + 2, ne);
    if (ne < e0) glued = ne + 1;
  } else {
    if (!isLetter(c1)) return;
    const letter = text[s + 1]!;
    const short = shorts?.[letter];
    if (short !== undefined) {
      name = short.name;
      if (len > 2) {
        if (!short.glued) return;
        glued = s + 2;
      } else if (short.gluedOnly) return;
    } else if (len >= 5) {
      // `-password X`, `-storepass X`: a long option written with one dash (a cluster of short letters
      // is shorter, or a known command's)
      const eq = findIn(text, 61, s, e0);
      const ne = eq >= 0 ? eq : e0;
      if (ne - s - 1 > MAX_NAME) return;
      name = text.slice(s + 1, ne);
      if (ne < e0) glued = ne + 1;
    } else {
      // a cluster of short flags (`-iu user:pass`): its last letter may take the next word
      const last = shorts?.[text[e0 - 1]!];
      if (last === undefined || len > 4) return;
      name = last.name;
    }
  }
  if (glued >= 0) {
    unquote(text, glued, e0, span);
    reportOption(text, name, span[0]!, span[1]!, out);
    return;
  }
  // the value is the next word, unless it is an option itself
  const w = word;
  if (!readWord(text, optionEnd, e, w)) return;
  const v0 = text.charCodeAt(w.s);
  if (v0 === 45 || v0 === PIPE || v0 === 38 || v0 === 59) return;
  optionEnd = w.e;
  reportOption(text, name, w.vs, w.ve, out);
}

/**
 * A shell prompt's word before the command: `$`, `#`, `%`, `>`, `❯`, `+` (a `set -x` trace), or a prompt
 * that ends with one (`user@host:~$`, `[me@box ~]#`, `PS C:\>`), or the `[user@host` that opens one.
 */
function isPrompt(text: string, s: number, e: number): boolean {
  if (e - s > 64 || findIn(text, 61, s, e) >= 0) return false;
  const last = text.charCodeAt(e - 1);
  if (last === 36 || last === 35 || last === 37 || last === 62 || last === 0x276f || last === 0x279c) return true;
  if (text.charCodeAt(s) === 91 && findIn(text, 64, s, e) > 0) return true;
  for (let i = s; i < e; i++) if (text.charCodeAt(i) !== 43) return false;
  return true; // `+`, `++`
}

/**
 * An HTTPie / xh request item (httpie.io/docs/cli/request-items): `Header:value`, `field=value`,
 * `field:=json`, `param==value`; each value named by its name. (The URL, `https://…`, `:3000/x`, and the
 * method are no items.)
 */
function requestItem(text: string, s: number, e: number, out: Field[]): void {
  let k = s;
  while (k < e && isNameCode(text.charCodeAt(k)) && k - s <= MAX_NAME) k++;
  if (k === s || k >= e || !isLetter(text.charCodeAt(s))) return;
  const c = text.charCodeAt(k);
  let v: number;
  if (c === 58) {
    const d = text.charCodeAt(k + 1);
    if (d === 47 || isDigit(d)) return; // a URL, `host:8080`
    v = d === 61 ? k + 2 : k + 1;
  } else if (c === 61) v = text.charCodeAt(k + 1) === 61 ? k + 2 : k + 1;
  else return;
  unquote(text, v, e, span);
  if (span[1]! > span[0]!)
    out.push({ start: span[0]!, end: span[1]!, name: text.slice(s, k), layout: 'flag', certain: true });
}

// ---------------------------------------------------------------- SQL

/** The keyword an SQL insert's tuples follow, in any letter case (SQL keywords are case-insensitive). */
const VALUES_WORD = /values/gi;
/** `CREATE TABLE` in any letter case and spacing. */
const CREATE_TABLE = /create\s+table/gi;

/** `INSERT INTO name (` read backwards from the `(` of the column list. */
const INSERT_HEAD = /insert\s+(?:ignore\s+)?into\s+[^\s(]{1,128}\s*$/i;

/**
 * `INSERT INTO t (c1, c2) VALUES (v1, v2), (…)`: found from each `VALUES`
 * (in any letter case), read back to its column list (never past the statement
 * before), then forward through its tuples.
 */
function readSql(text: string, out: Field[], from: number, to: number): void {
  let floor = from;
  let tables: Map<string, string[]> | null = null;
  for (;;) {
    VALUES_WORD.lastIndex = floor;
    const hit = VALUES_WORD.exec(text);
    const v = hit === null ? to : hit.index;
    if (v >= to) return;
    structureWork.steps++;
    let names = columnsBefore(text, Math.max(floor, v - 4096), v);
    if (names === null) {
      // `INSERT INTO t VALUES …` names no columns: the text's `CREATE TABLE t (…)` does (read once, when needed)
      const t = bareInsertTable(text, Math.max(floor, v - 256), v);
      if (t !== null) {
        tables ??= createdTables(text, from, to);
        names = tables.get(t) ?? null;
      }
    }
    floor = v + 6;
    if (names !== null) floor = Math.max(floor, readTuples(text, v + 6, to, names, out));
  }
}

/**
 * `INSERT INTO t VALUES (…)` with no column list — what mysqldump writes by default (without
 * `--complete-insert`), SQLite's `.dump` and `pg_dump --inserts` too: the table's name, read back from `v`.
 */
const INSERT_BARE = /insert\s+(?:ignore\s+)?into\s+([^\s(]{1,128})\s*$/i;

function bareInsertTable(text: string, floor: number, v: number): string | null {
  const m = INSERT_BARE.exec(text.slice(floor, v));
  return m === null ? null : tableKey(m[1]!);
}

/** A table's name as a key: its last dotted part, unquoted, lower case (`public."Users"`, `` `users` ``). */
function tableKey(raw: string): string {
  const dot = raw.lastIndexOf('.');
  return (dot >= 0 ? raw.slice(dot + 1) : raw).replace(/^[`"[]|[`"\]]$/g, '').toLowerCase();
}

const CREATE_HEAD = /\s+(?:if\s+not\s+exists\s+)?([^\s(]{1,128})\s*\(/iy;
/** Table elements that define no column (MySQL, PostgreSQL and SQLite CREATE TABLE grammars). */
const NOT_COLUMN = /^(?:primary|key|unique|constraint|index|foreign|check|fulltext|spatial|exclude|like)$/i;

/**
 * The column names of each `CREATE TABLE t (…)` in text[from, to), by table key. Each statement's
 * definitions are read once, and the next one is searched for after them: linear in the text.
 */
function createdTables(text: string, from: number, to: number): Map<string, string[]> {
  const map = new Map<string, string[]>();
  let i = from;
  for (;;) {
    CREATE_TABLE.lastIndex = i;
    const head = CREATE_TABLE.exec(text);
    if (head === null || head.index >= to) return map;
    structureWork.steps++;
    i = head.index + head[0].length;
    CREATE_HEAD.lastIndex = i;
    const m = CREATE_HEAD.exec(text);
    if (m === null || CREATE_HEAD.lastIndex > to) continue;
    const names: string[] = [];
    i = columnDefs(text, CREATE_HEAD.lastIndex, Math.min(to, CREATE_HEAD.lastIndex + 65536), names);
    if (names.length > 0 && names.length <= 256) map.set(tableKey(m[1]!), names);
  }
}

/**
 * Reads the definitions of a CREATE TABLE from `s` (after its `(`) to the `)` that closes them, pushing each
 * column's name into `names` (constraints skipped; `decimal(10,2)`, quoted defaults and comments read past).
 * Returns where it stopped; `names` is emptied when no `)` closes them before `e`.
 */
function columnDefs(text: string, s: number, e: number, names: string[]): number {
  let depth = 0;
  let item = s;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 39 || c === 34 || c === 96) {
      const q = findIn(text, c, i + 1, e);
      if (q < 0) break;
      i = q;
    } else if (c === 40) depth++;
    else if (c === 41 && depth > 0) depth--;
    else if ((c === 44 || c === 41) && depth === 0) {
      structureWork.steps++;
      columnName(text, item, i, names);
      if (c === 41) return i + 1;
      item = i + 1;
    }
  }
  names.length = 0;
  return e;
}

/** The column name that the table element [s, e) defines, if it defines one. */
function columnName(text: string, s: number, e: number, names: string[]): void {
  while (s < e && /\s/.test(text[s]!)) s++;
  const q = text.charCodeAt(s);
  let ns = s;
  let ne: number;
  if (q === 96 || q === 34 || q === 91) {
    ns = s + 1;
    ne = findIn(text, q === 91 ? 93 : q, ns, e);
    if (ne < 0) return;
  } else {
    ne = ns;
    while (ne < e && isNameCode(text.charCodeAt(ne))) ne++;
    if (NOT_COLUMN.test(text.slice(ns, ne))) return;
  }
  if (nameLike(text, ns, ne)) names.push(text.slice(ns, ne));
}

/** The column names of `INSERT INTO t (…)` ending right before `v`, reading no further back than `floor`. */
function columnsBefore(text: string, floor: number, v: number): string[] | null {
  let i = v;
  while (i > floor && /\s/.test(text[i - 1]!)) i--;
  if (text.charCodeAt(i - 1) !== 41) return null;
  const close = i - 1;
  // the `(` of the column list, read back no further than `floor` (lastIndexOf would read to the text's start)
  let open = close - 1;
  while (open >= floor && text.charCodeAt(open) !== 40 && text.charCodeAt(open) !== 41) open--;
  structureWork.steps += (close - open) >> 6;
  if (open < floor || text.charCodeAt(open) !== 40) return null;
  const head = text.slice(Math.max(floor, open - 200), open);
  if (!INSERT_HEAD.test(head)) return null;
  const names = text
    .slice(open + 1, close)
    .split(',')
    .map((s) => s.trim().replace(/^[`"[]|[`"\]]$/g, ''));
  if (names.length === 0 || names.length > 256 || names.some((n) => !nameLike(n, 0, n.length))) return null;
  return names;
}

/**
 * Reads `(…), (…)` from `i`; reports each literal with its column name.
 * Returns how far it read (an unterminated string reads to the end).
 */
function readTuples(text: string, i: number, to: number, names: readonly string[], out: Field[]): number {
  for (;;) {
    while (i < to && /\s/.test(text[i]!)) i++;
    if (text.charCodeAt(i) !== 40) return i;
    i++;
    for (let col = 0; ; col++) {
      structureWork.steps++;
      while (i < to && isBlank(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(i);
      let vs: number;
      let ve: number;
      if (c === 39) {
        // a string literal: `''` and `\'` stand for a quote
        vs = i + 1;
        let j = vs;
        for (;;) {
          j = text.indexOf("'", j);
          if (j < 0 || j >= to) return to;
          if (text.charCodeAt(j + 1) === 39) j += 2;
          else if (text.charCodeAt(j - 1) === 92 && text.charCodeAt(j - 2) !== 92) j++;
          else break;
        }
        ve = j;
        i = j + 1;
      } else {
        // a number, NULL, a call: to the next `,` or `)` at depth 0
        vs = i;
        let depth = 0;
        while (i < to) {
          const d = text.charCodeAt(i);
          if (d === 40) depth++;
          else if (d === 41) {
            if (depth === 0) break;
            depth--;
          } else if ((d === 44 && depth === 0) || d === 10) break;
          i++;
        }
        ve = i;
        while (ve > vs && isBlank(text.charCodeAt(ve - 1))) ve--;
        if (c === 78 || c === 110 || c === 40) ve = vs; // NULL, a call: nothing to name
      }
      const name = names[col];
      if (name !== undefined && ve > vs && ve - vs <= MAX_VALUE)
        out.push({ start: vs, end: ve, name, layout: 'sql', certain: true });
      while (i < to && isBlank(text.charCodeAt(i))) i++;
      const d = text.charCodeAt(i);
      if (d === 44) {
        i++;
        continue;
      }
      if (d !== 41) return i;
      i++;
      break;
    }
    while (i < to && /\s/.test(text[i]!)) i++;
    if (text.charCodeAt(i) !== 44) return i;
    i++;
  }
}

// ---------------------------------------------------------------- per chunk

/** The fields of the corpus read last (the detectors of pass one read one chunk in turn); a run cache. */
let lastCorpus: string | null = null;
let lastFields: Field[] = [];
runCache({
  get size() {
    return lastCorpus === null ? 0 : 1;
  },
  clear() {
    lastCorpus = null;
    lastFields = [];
  },
});

/** The fields of a chunk's text in corpus order; read once per chunk, shared by the detectors. */
export function textFields(chunk: Chunk): readonly Field[] {
  const corpus = chunk.corpus;
  if (corpus === lastCorpus) return lastFields;
  const out: Field[] = [];
  readStructure(corpus, out);
  out.sort((a, b) => a.start - b.start);
  lastCorpus = corpus;
  lastFields = out;
  return out;
}

/** How far (fields, characters) a text record is looked through for a sibling. */
const RECORD_FIELDS = 12;
const RECORD_SPAN = 1500;

/**
 * Whether text[a, b) stays inside one record: a table row is one line; a block of `key: value` lines (an INI
 * section, a psql expanded record, a YAML mapping, a header block, a logfmt line) ends at a blank line or at a
 * section or record head (`[owner]`, `-[ RECORD 2 ]`, mysql's `*** 2. row ***`), and an object of JSON
 * written inside text at its braces.
 */
function sameRecord(corpus: string, a: number, b: number, row: boolean): boolean {
  if (b - a > RECORD_SPAN) return false;
  // JSON written inside text: a record is one object (`{"name": …, "email": …}`), its nested ones apart
  if (!row) for (let i = a; i < b; i++) if (corpus.charCodeAt(i) === 123 || corpus.charCodeAt(i) === 125) return false;
  for (let i = corpus.indexOf('\n', a); i >= 0 && i < b; i = corpus.indexOf('\n', i + 1)) {
    if (row) return false;
    let j = i + 1;
    while (j < b && (corpus.charCodeAt(j) === 32 || corpus.charCodeAt(j) === 9 || corpus.charCodeAt(j) === 13)) j++;
    const c = corpus.charCodeAt(j);
    if (c === 10 || c === 91 || c === 42 || (c === 45 && corpus.charCodeAt(j + 1) === 91)) return false;
  }
  return true;
}

/**
 * Whether the record of field `k` of `fields` (textFields' list) holds another field whose name passes `test`:
 * the record is the field's table row, or its block of `key: value` lines (sameRecord), read at most
 * RECORD_FIELDS fields either way. A record names what its fields are, as a JSON object does.
 */
export function recordHas(
  corpus: string,
  fields: readonly Field[],
  k: number,
  test: (name: string) => boolean,
): boolean {
  const f = fields[k]!;
  const row = f.layout === 'table';
  for (let j = k - 1; j >= 0 && k - j <= RECORD_FIELDS; j--) {
    const o = fields[j]!;
    if (!sameRecord(corpus, o.end, f.start, row)) break;
    if (test(o.name)) return true;
  }
  for (let j = k + 1; j < fields.length && j - k <= RECORD_FIELDS; j++) {
    const o = fields[j]!;
    if (!sameRecord(corpus, f.end, o.start, row)) break;
    if (test(o.name)) return true;
  }
  return false;
}

/** The field of the chunk's text holding the corpus offset, or null. */
export function fieldAt(chunk: Chunk, offset: number): Field | null {
  const fields = textFields(chunk);
  let lo = 0;
  let hi = fields.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fields[mid]!.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  // fields do not nest, except a header's value inside a flag's word: the nearest start before wins
  for (let k = lo - 1; k >= 0 && k >= lo - 4; k--) {
    const f = fields[k]!;
    if (f.start <= offset && offset < f.end) return f;
  }
  return null;
}

// ---------------------------------------------------------------- e-mail signatures

/** A value of a signature block: one line's text, after its quote markers and its label (`Mobil: `). */
export interface SignatureValue {
  readonly start: number;
  readonly end: number;
}

/** Lines read after a signature's delimiter, at most. */
const SIGNATURE_LINES = 8;
/** A line's label in any script: up to 16 characters, no digit, then `:` and a blank (`κινητό: `, `tel. kom.: `). */
const SIGNATURE_LABEL = /^[^\d:：\n]{1,16}[:：][ \t]+/u;

/** The end of the quote markers (`> `, `>> `) of the line at `p`. */
function afterQuotes(text: string, p: number, e: number): number {
  while (p < e && (text.charCodeAt(p) === 62 || text.charCodeAt(p) === 32)) p++;
  return p;
}

/**
 * The lines of the e-mail signatures in `text`: each a contact record, as a vCard is one (name, company, phone,
 * address, site), whose lines are its values. A signature starts after its delimiter line `-- ` (RFC 3676 §4.3;
 * `--` alone when a word follows it, not an SQL comment's `--`), in a quoted reply too (`> -- `), and runs to a
 * blank line, a line of the message's headers (`From `, `On … wrote:`) or SIGNATURE_LINES lines. Found by
 * indexOf of `--`: a text without one costs one search.
 */
export function readSignatures(text: string, out: SignatureValue[]): void {
  for (let d = text.indexOf('--'); d >= 0; d = text.indexOf('--', d + 2)) {
    // the delimiter ends its line (a flag's `--name`, `git checkout -- f` do not): checked before reading back
    let q = d + 2;
    const spaced = text.charCodeAt(q) === 32;
    if (spaced) q++;
    if (text.charCodeAt(q) === 13) q++;
    if (text.charCodeAt(q) !== 10) continue;
    const ls = text.lastIndexOf('\n', d - 1) + 1;
    if (afterQuotes(text, ls, d) !== d) continue;
    let p = q + 1;
    if (!spaced) {
      // `--` alone: after a blank line and before a capitalised word (a name), not among SQL comments
      const first = afterQuotes(text, p, Math.min(text.length, p + 8));
      if (!/\p{Lu}/u.test(text[first] ?? '') || ls < 2) continue;
      let k = afterQuotes(text, text.lastIndexOf('\n', ls - 2) + 1, ls - 1);
      if (text.charCodeAt(k) === 13) k++;
      if (k !== ls - 1) continue;
    }
    for (let n = 0; n < SIGNATURE_LINES && p < text.length; n++) {
      let e = text.indexOf('\n', p);
      if (e < 0) e = text.length;
      let ve = e;
      if (ve > p && text.charCodeAt(ve - 1) === 13) ve--;
      let vs = afterQuotes(text, p, ve);
      while (ve > vs && (text.charCodeAt(ve - 1) === 32 || text.charCodeAt(ve - 1) === 9)) ve--;
      if (vs === ve || ve - vs > 160 || text.startsWith('From ', vs) || /^On .* wrote:$/.test(text.slice(vs, ve)))
        break;
      const label = SIGNATURE_LABEL.exec(text.slice(vs, Math.min(ve, vs + 24)));
      if (label) vs += label[0].length;
      if (ve > vs) out.push({ start: vs, end: ve });
      p = e + 1;
    }
    d = p - 2;
  }
}

let sigCorpus: string | null = null;
let sigValues: SignatureValue[] = [];
runCache({
  get size() {
    return sigCorpus === null ? 0 : 1;
  },
  clear() {
    sigCorpus = null;
    sigValues = [];
  },
});

/** The values of the chunk's e-mail signatures (readSignatures), in corpus order; read once per chunk. */
export function signatureValues(chunk: Chunk): readonly SignatureValue[] {
  const corpus = chunk.corpus;
  if (corpus === sigCorpus) return sigValues;
  const out: SignatureValue[] = [];
  readSignatures(corpus, out);
  sigCorpus = corpus;
  sigValues = out;
  return out;
}

/** The signature value that starts at `offset`, or null. */
export function signatureValueAt(chunk: Chunk, offset: number): SignatureValue | null {
  const values = signatureValues(chunk);
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  const v = values[lo];
  return v !== undefined && v.start === offset ? v : null;
}
