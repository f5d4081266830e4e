/**
 * Validators of the layouts corpus' formats, written from each format's
 * public specification. Each returns null when the text is valid, else the
 * first problem. They check what the specification requires (MUSTs) and what
 * a reader of the format depends on (same number of fields per row, quotes
 * closed), not what the generator happens to write (column alignment, line
 * widths), so that a twin with longer or shorter stand-ins stays valid while a
 * stand-in that breaks the format (an unescaped separator, a lost quote) does
 * not. The same validator checks the generated trace and its twin.
 */

export type Check = (text: string) => string | null;

const lines = (text: string): string[] => text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');

// ---------------------------------------------------------------- CSV, TSV (RFC 4180, IANA text/tab-separated-values)

/** RFC 4180 records (quoted fields may hold separators, quotes doubled, line breaks); null on a syntax error. */
export function parseCsv(text: string, sep = ','): string[][] | string {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let started = false;
  const endField = (): void => {
    row.push(field);
    field = '';
    quoted = false;
    started = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        const n = text[i];
        if (n !== undefined && n !== sep && n !== '\r' && n !== '\n') return `character after a closing quote at ${i}`;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      if (started || field.length > 0) return `quote inside an unquoted field at ${i}`;
      quoted = true;
      started = true;
      i++;
      continue;
    }
    if (c === sep) {
      endField();
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endField();
      rows.push(row);
      row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    started = true;
    i++;
  }
  if (quoted) return 'unterminated quoted field';
  if (field.length > 0 || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}

export const checkCsv =
  (sep: string): Check =>
  (text) => {
    const rows = parseCsv(text, sep);
    if (typeof rows === 'string') return rows;
    if (rows.length < 2) return 'no data rows';
    const n = rows[0]!.length;
    const bad = rows.findIndex((r) => r.length !== n);
    return bad >= 0 ? `row ${bad + 1} has ${rows[bad]!.length} fields, the header ${n}` : null;
  };

export const checkTsv: Check = (text) => {
  const ls = lines(text);
  const n = ls[0]!.split('\t').length;
  const bad = ls.findIndex((l) => l.split('\t').length !== n);
  return bad >= 0 ? `line ${bad + 1} has ${ls[bad]!.split('\t').length} fields, the header ${n}` : null;
};

// ---------------------------------------------------------------- text tables

/** Cells of a pipe row, `\|` being an escaped pipe (GFM tables). */
const pipeCells = (l: string): number => {
  let n = 0;
  for (let i = 0; i < l.length; i++) if (l[i] === '|' && l[i - 1] !== '\\') n++;
  return n;
};

/** GitHub-flavoured markdown tables: a header row, a delimiter row, body rows with as many cells. */
export const checkMarkdown: Check = (text) => {
  const ls = lines(text);
  let tables = 0;
  for (let i = 0; i < ls.length; i++) {
    if (!/^\s*\|/.test(ls[i]!) || !/^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(ls[i + 1] ?? '')) continue;
    tables++;
    const n = pipeCells(ls[i]!);
    if (pipeCells(ls[i + 1]!) !== n) return `table at line ${i + 1}: delimiter row differs from the header`;
    for (let j = i + 2; j < ls.length && /^\s*\|/.test(ls[j]!); j++)
      if (pipeCells(ls[j]!) !== n) return `table at line ${i + 1}: row ${j + 1} has another number of cells`;
  }
  return tables > 0 ? null : 'no table';
};

/**
 * psql aligned output (PostgreSQL docs, psql `\pset format aligned`): header, a rule of `-` and `+`, rows with as
 * many `|`, and `(N rows)` equal to the rows counted; expanded records `-[ RECORD n ]-…` of `name | value` lines.
 */
export const checkPsql: Check = (text) => {
  const ls = lines(text);
  let tables = 0;
  for (let i = 1; i < ls.length; i++) {
    if (/^-\[ RECORD \d+ \]/.test(ls[i]!)) {
      tables++;
      for (let j = i + 1; j < ls.length && ls[j]!.trim() !== '' && !/^-\[ RECORD/.test(ls[j]!); j++)
        if (!ls[j]!.includes('|')) return `record at line ${i + 1}: line ${j + 1} has no separator`;
      continue;
    }
    if (!/^-+(\+-+)*$/.test(ls[i]!)) continue;
    tables++;
    const n = pipeCells(ls[i - 1]!);
    if ((ls[i]!.match(/\+/g) ?? []).length !== n) return `table at line ${i}: rule and header differ`;
    let rows = 0;
    let j = i + 1;
    for (; j < ls.length && !/^\(\d+ rows?\)$/.test(ls[j]!); j++) {
      if (pipeCells(ls[j]!) !== n) return `table at line ${i}: row ${j + 1} has another number of columns`;
      rows++;
    }
    const m = /^\((\d+) rows?\)$/.exec(ls[j] ?? '');
    if (!m) return `table at line ${i}: no row count`;
    if (Number(m[1]) !== rows) return `table at line ${i}: ${rows} rows, footer says ${m[1]}`;
  }
  return tables > 0 ? null : 'no table';
};

/** mysql client tables: `+---+` rules, `| a | b |` rows, `N rows in set`; `\G` vertical records. */
export const checkMysql: Check = (text) => {
  const ls = lines(text);
  let tables = 0;
  for (let i = 0; i < ls.length; i++) {
    if (/^\*+ \d+\. row \*+$/.test(ls[i]!)) {
      tables++;
      continue;
    }
    if (!/^\+(-+\+)+$/.test(ls[i]!) || (i > 0 && /^\+(-+\+)+$|^\|/.test(ls[i - 1]!))) continue;
    tables++;
    const n = (ls[i]!.match(/\+/g) ?? []).length;
    let rules = 1;
    let rows = 0;
    let j = i + 1;
    for (; j < ls.length && (/^\|/.test(ls[j]!) || /^\+(-+\+)+$/.test(ls[j]!)); j++) {
      if (/^\+/.test(ls[j]!)) {
        rules++;
        if ((ls[j]!.match(/\+/g) ?? []).length !== n) return `table at line ${i + 1}: rules differ`;
      } else {
        if (pipeCells(ls[j]!) !== n) return `table at line ${i + 1}: row ${j + 1} has another number of columns`;
        if (rules >= 2) rows++;
      }
    }
    if (rules !== 3) return `table at line ${i + 1}: ${rules} rules`;
    const m = /^(\d+) rows? in set/.exec(ls[j] ?? '');
    if (!m || Number(m[1]) !== rows) return `table at line ${i + 1}: ${rows} rows, footer ${ls[j] ?? 'missing'}`;
  }
  return tables > 0 ? null : 'no table';
};

/** sqlite3 `.mode box` (┌─┬─┐ │ ├─┼─┤ └─┴─┘) and `.mode list` (`|` separated, header on). */
export const checkSqlite: Check = (text) => {
  const ls = lines(text);
  let tables = 0;
  for (let i = 0; i < ls.length; i++) {
    if (ls[i]!.startsWith('┌')) {
      tables++;
      const n = (ls[i]!.match(/[┌┬┐]/g) ?? []).length;
      let j = i + 1;
      for (; j < ls.length && !ls[j]!.startsWith('└'); j++) {
        const k = ls[j]!.startsWith('├') ? (ls[j]!.match(/[├┼┤]/g) ?? []).length : (ls[j]!.match(/│/g) ?? []).length;
        if (k !== n) return `box at line ${i + 1}: line ${j + 1} has another number of columns`;
      }
      if (j === ls.length) return `box at line ${i + 1}: not closed`;
    }
    if (ls[i] === '.mode list') {
      tables++;
      const n = pipeCells(ls[i + 1] ?? '');
      for (let j = i + 1; j < ls.length && ls[j] !== '' && !ls[j]!.startsWith('sqlite>'); j++)
        if (pipeCells(ls[j]!) !== n) return `list at line ${i + 1}: line ${j + 1} has another number of fields`;
    }
  }
  return tables > 0 ? null : 'no table';
};

// ---------------------------------------------------------------- SQL dumps

/** Splits a VALUES tuple list: returns the number of values of each tuple, or an error. */
function sqlTuples(s: string, backslash: boolean): number[] | string {
  const out: number[] = [];
  let i = 0;
  const ws = (): void => {
    while (/\s/.test(s[i] ?? '')) i++;
  };
  for (;;) {
    ws();
    if (s[i] !== '(') return `expected ( at ${i}`;
    i++;
    let n = 0;
    for (;;) {
      ws();
      if (s[i] === "'") {
        i++;
        for (;;) {
          if (i >= s.length) return 'unterminated string';
          if (backslash && s[i] === '\\') {
            i += 2;
            continue;
          }
          if (s[i] === "'") {
            if (s[i + 1] === "'") {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
      } else {
        const m = /^(NULL|true|false|-?\d+(\.\d+)?|'[^']*'::[a-z]+)/i.exec(s.slice(i));
        if (!m) return `bad value at ${JSON.stringify(s.slice(i, i + 20))}`;
        i += m[0].length;
      }
      n++;
      ws();
      if (s[i] === ',') {
        i++;
        continue;
      }
      if (s[i] === ')') {
        i++;
        break;
      }
      return `expected , or ) at ${JSON.stringify(s.slice(i, i + 20))}`;
    }
    out.push(n);
    ws();
    if (s[i] === ',') {
      i++;
      continue;
    }
    if (s[i] === ';' && i === s.length - 1) return out;
    return `expected , or ; after a tuple at ${JSON.stringify(s.slice(i, i + 20))}`;
  }
}

/**
 * pg_dump plain format (COPY … FROM stdin; tab-separated rows up to `\.`, or --inserts) and mysqldump (CREATE TABLE,
 * extended INSERT … VALUES (…),(…); with backslash escapes): every row has as many values as the table has columns.
 */
export const checkSqlDump: Check = (text) => {
  const ls = lines(text);
  const mysql = /^-- MySQL dump/.test(ls[0] ?? '');
  const columns = new Map<string, number>();
  let statements = 0;
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!;
    const create = /^CREATE TABLE ([\w.`"]+) \($/.exec(l);
    if (create) {
      let n = 0;
      let j = i + 1;
      for (; j < ls.length && !/^\)/.test(ls[j]!); j++)
        if (/^\s+[`"]?\w+[`"]? /.test(ls[j]!) && !/^\s+(PRIMARY|UNIQUE|KEY|CONSTRAINT)\b/.test(ls[j]!)) n++;
      if (j === ls.length) return `CREATE TABLE at line ${i + 1} not closed`;
      columns.set(create[1]!.replace(/[`"]/g, ''), n);
      continue;
    }
    const copy = /^COPY ([\w.]+) \(([^)]*)\) FROM stdin;$/.exec(l);
    if (copy) {
      statements++;
      const n = copy[2]!.split(',').length;
      let j = i + 1;
      for (; j < ls.length && ls[j] !== '\\.'; j++)
        if (ls[j]!.split('\t').length !== n) return `COPY at line ${i + 1}: row ${j + 1} has another number of fields`;
      if (j === ls.length) return `COPY at line ${i + 1}: no \\. terminator`;
      i = j;
      continue;
    }
    const ins = /^INSERT INTO ([\w.`"]+)(?: \(([^)]*)\))? VALUES (.*)$/.exec(l);
    if (ins) {
      statements++;
      const table = ins[1]!.replace(/[`"]/g, '');
      const n = ins[2] !== undefined ? ins[2].split(',').length : columns.get(table);
      if (n === undefined) return `INSERT at line ${i + 1}: unknown table ${table}`;
      const t = sqlTuples(ins[3]!, mysql);
      if (typeof t === 'string') return `INSERT at line ${i + 1}: ${t}`;
      if (t.some((k) => k !== n)) return `INSERT at line ${i + 1}: a row has another number of values than ${n}`;
    }
  }
  return statements > 0 ? null : 'no COPY or INSERT';
};

// ---------------------------------------------------------------- configuration files

/** dotenv files: `KEY=value` lines, values unquoted without spaces or #, or closed single / double quotes. */
export const checkEnv: Check = (text) => {
  const ls = lines(text);
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!;
    if (l.trim() === '' || l.startsWith('#')) continue;
    const m = /^(?:export )?[A-Za-z_][A-Za-z0-9_]*=(.*)$/.exec(l);
    if (!m) return `line ${i + 1}: not KEY=value`;
    const v = m[1]!;
    if (/^'[^']*'$/.test(v) || /^"(?:[^"\\]|\\.)*"$/.test(v)) continue;
    if (/^['"]/.test(v) || /[\s#'"$`\\]/.test(v))
      return `line ${i + 1}: unquoted value holds a character that needs quotes`;
  }
  return null;
};

/** INI files: `[section]`, `key = value` or `key: value`, `;` / `#` comments; no value before the first section. */
export const checkIni: Check = (text) => {
  const ls = lines(text);
  let section = false;
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!.trim();
    if (l === '' || /^[;#]/.test(l)) continue;
    if (/^\[[^\]]+\]$/.test(l)) {
      section = true;
      continue;
    }
    if (!/^[A-Za-z0-9_.\- ]+\s*[=:]/.test(l)) return `line ${i + 1}: not key = value`;
    if (!section) return `line ${i + 1}: key before any section`;
  }
  return section ? null : 'no section';
};

/** TOML (v1.0.0) subset the generator writes: tables, bare keys, basic / literal strings, integers, booleans, string arrays. */
export const checkToml: Check = (text) => {
  const ls = lines(text);
  const str = String.raw`(?:"(?:[^"\\\u0000-\u001f]|\\[btnfr"\\]|\\u[0-9A-Fa-f]{4})*"|'[^'\n]*')`;
  const value = new RegExp(String.raw`^(?:${str}|-?\d+|true|false|\[\s*(?:${str}\s*(?:,\s*${str}\s*)*)?\])$`);
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!.trim();
    if (l === '' || l.startsWith('#')) continue;
    if (/^\[\[?[A-Za-z0-9_.\-"]+\]\]?$/.test(l)) continue;
    const m = /^([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\s*=\s*(.*?)\s*(?:#[^"']*)?$/.exec(l);
    if (!m || !value.test(m[2]!)) return `line ${i + 1}: not key = value`;
  }
  return null;
};

/**
 * YAML 1.2 block subset the generator writes: `key: scalar`, `key:` opening a block, `- item`, comments; a plain
 * scalar must not start with an indicator nor hold `: ` or ` #`; quoted scalars closed (single quotes doubled,
 * double-quote escapes valid); indentation by the block structure.
 */
export const checkYaml: Check = (text) => {
  const ls = lines(text);
  const plainOk = (v: string): boolean =>
    !/^[-?:,[\]{}#&*!|>'"%@`]/.test(v) && !/: |:$| #/.test(v) && !/^\s|\s$/.test(v);
  const scalarOk = (v: string): boolean => {
    if (v === '') return true;
    if (v.startsWith("'")) return /^'(?:[^']|'')*'(?:\s+#.*)?$/.test(v);
    if (v.startsWith('"'))
      return /^"(?:[^"\\]|\\[0abtnvfre "/\\NL_P]|\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4})*"(?:\s+#.*)?$/.test(v);
    if (v === '|' || v === '>' || v === '|-') return true;
    return plainOk(v.replace(/\s+#.*$/, ''));
  };
  let block = false;
  let blockIndent = 0;
  for (let i = 0; i < ls.length; i++) {
    const raw = ls[i]!;
    if (raw.trim() === '' || raw.trim().startsWith('#') || raw === '---') continue;
    const indent = /^ */.exec(raw)![0].length;
    if (block && indent > blockIndent) continue;
    block = false;
    const l = raw.slice(indent);
    const item = /^- (.*)$/.exec(l);
    const body = item ? item[1]! : l;
    const kv = /^([A-Za-z0-9_.\-/]+|"[^"]*"):(?: (.*))?$/.exec(body);
    if (kv) {
      const v = kv[2] ?? '';
      if (!scalarOk(v)) return `line ${i + 1}: value is not a valid scalar`;
      if (v === '|' || v === '>' || v === '|-') {
        block = true;
        blockIndent = indent;
      }
      continue;
    }
    if (item && scalarOk(body)) continue;
    return `line ${i + 1}: not key: value`;
  }
  return null;
};

// ---------------------------------------------------------------- e-mail, calendar, contacts

const MSG_ID = /^<[^<>@\s]+@[^<>@\s]+>$/;

/**
 * RFC 5322 messages (one .eml, or an mbox of several, RFC 4155): header fields `Name: value` (folded lines start
 * with white space), From and Date present, Message-ID / In-Reply-To / References msg-id syntax, lines of at most
 * 998 characters, CRLF throughout when the message uses it.
 */
export const checkEmail: Check = (text) => {
  const crlf = text.includes('\r\n');
  if (crlf && /(^|[^\r])\n/.test(text)) return 'bare LF in a CRLF message';
  const ls = lines(text);
  const messages: string[][] = [];
  let cur: string[] = [];
  for (const l of ls) {
    if (/^From \S+ /.test(l) && !crlf) {
      if (cur.length) messages.push(cur);
      cur = [];
      continue;
    }
    cur.push(l);
  }
  if (cur.length) messages.push(cur);
  for (const [k, m] of messages.entries()) {
    const fields = new Map<string, string>();
    let last = '';
    let i = 0;
    for (; i < m.length && m[i] !== ''; i++) {
      const l = m[i]!;
      if (l.length > 998) return `message ${k + 1}: line longer than 998`;
      if (/^[ \t]/.test(l)) {
        if (!last) return `message ${k + 1}: continuation before any field`;
        fields.set(last, fields.get(last)! + l);
        continue;
      }
      const f = /^([\x21-\x39\x3b-\x7e]+):(.*)$/.exec(l);
      if (!f) return `message ${k + 1}: header line ${i + 1} is not a field`;
      last = f[1]!.toLowerCase();
      fields.set(last, f[2]!.trim());
    }
    if (i === m.length) return `message ${k + 1}: no blank line after the header`;
    for (const need of ['from', 'date']) if (!fields.has(need)) return `message ${k + 1}: no ${need} field`;
    for (const f of ['message-id', 'in-reply-to'])
      if (fields.has(f) && !MSG_ID.test(fields.get(f)!)) return `message ${k + 1}: ${f} is not a msg-id`;
    if (
      fields.has('references') &&
      !fields
        .get('references')!
        .split(/\s+/)
        .every((x) => MSG_ID.test(x))
    )
      return `message ${k + 1}: references are not msg-ids`;
    if (!/<[^<>\s]+@[^<>\s]+>|^[^<>\s]+@[^<>\s]+$/.test(fields.get('from')!))
      return `message ${k + 1}: from has no address`;
    if (m.slice(i).some((l) => l.length > 998)) return `message ${k + 1}: body line longer than 998`;
  }
  return messages.length > 0 ? null : 'no message';
};

/** Unfolds RFC 5545 / 6350 content lines (CRLF followed by one space or tab continues a line). */
function unfold(text: string): string[] | string {
  if (/(^|[^\r])\n/.test(text)) return 'bare LF (content lines end with CRLF)';
  if (!text.endsWith('\r\n')) return 'last line not ended by CRLF';
  return text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
}
const CONTENT_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;
const TEXT_PROPS = new Set(['SUMMARY', 'DESCRIPTION', 'LOCATION', 'COMMENT', 'FN', 'NOTE', 'TITLE', 'ORG']);

/** A TEXT value (RFC 5545 §3.3.11, RFC 6350 §3.4): backslash escapes only of `\\ \; \, \n`, no raw `;` (nor `,`). */
function textValueOk(v: string, commas: boolean): boolean {
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '\\') {
      if (!/[\\;,nN]/.test(v[i + 1] ?? '')) return false;
      i++;
    } else if (v[i] === ';' || (commas && v[i] === ',')) return false;
  }
  return true;
}

function checkContentLines(
  text: string,
  outer: string,
  inner: string,
  required: Record<string, readonly string[]>,
): string | null {
  const ls = unfold(text);
  if (typeof ls === 'string') return ls;
  const stack: { name: string; props: Set<string> }[] = [];
  let seen = 0;
  for (let i = 0; i < ls.length; i++) {
    const m = CONTENT_LINE.exec(ls[i]!);
    if (!m) return `content line ${i + 1} does not parse`;
    const name = m[1]!.toUpperCase();
    const value = m[3]!;
    if (name === 'BEGIN') {
      stack.push({ name: value.toUpperCase(), props: new Set() });
      continue;
    }
    if (name === 'END') {
      const top = stack.pop();
      if (!top || top.name !== value.toUpperCase()) return `END:${value} at line ${i + 1} closes nothing`;
      for (const p of required[top.name] ?? []) if (!top.props.has(p)) return `${top.name} without ${p}`;
      if (top.name === inner || top.name === outer) seen++;
      continue;
    }
    if (stack.length === 0) return `property outside ${outer} at line ${i + 1}`;
    stack[stack.length - 1]!.props.add(name);
    // N and ADR are structured (`;`-separated components); the TEXT properties must escape `;` (SUMMARY … also `,`)
    if (TEXT_PROPS.has(name) && !textValueOk(value, name !== 'ORG' && name !== 'NOTE' && name !== 'FN'))
      return `${name} at line ${i + 1} holds an unescaped separator`;
    if (name === 'ORG' && !textValueOk(value, false)) return `ORG at line ${i + 1}`;
  }
  if (stack.length > 0) return `${stack[stack.length - 1]!.name} not closed`;
  return seen > 0 ? null : `no ${inner}`;
}

/** iCalendar (RFC 5545): CRLF, VCALENDAR with VERSION and PRODID, VEVENT with UID, DTSTAMP, DTSTART. */
export const checkIcs: Check = (text) =>
  checkContentLines(text, 'VCALENDAR', 'VEVENT', {
    VCALENDAR: ['VERSION', 'PRODID'],
    VEVENT: ['UID', 'DTSTAMP', 'DTSTART'],
  });

/** vCard 4.0 (RFC 6350): CRLF, BEGIN:VCARD, VERSION and FN in every card. */
export const checkVcf: Check = (text) => checkContentLines(text, 'VCARD', 'VCARD', { VCARD: ['VERSION', 'FN'] });

// ---------------------------------------------------------------- HTTP

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** HTTP/1.1 messages (RFC 9112), as raw blocks or curl -v (`> ` / `< `): start line, `name: value` fields. */
export const checkHttp: Check = (text) => {
  const ls = lines(text);
  let messages = 0;
  let inHeader = false;
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i]!.replace(/^[<>] ?/, '');
    if (
      /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \S+ HTTP\/(1\.1|2)$/.test(l) ||
      /^HTTP\/(1\.[01]|2) \d{3}\b/.test(l)
    ) {
      messages++;
      inHeader = true;
      continue;
    }
    if (!inHeader) continue;
    if (l.trim() === '') {
      inHeader = false;
      continue;
    }
    const f = /^([^:\s]+):[ \t]*(.*)$/.exec(l);
    if (!f || !TOKEN.test(f[1]!)) return `line ${i + 1}: not a header field`;
    if (/^cookie$/i.test(f[1]!) && !/^[^=;\s]+=[^;]*(; [^=;\s]+=[^;]*)*$/.test(f[2]!))
      return `line ${i + 1}: Cookie is not name=value pairs`;
    if (/^authorization$/i.test(f[1]!) && /^Basic /i.test(f[2]!) && !basicOk(f[2]!.slice(6)))
      return `line ${i + 1}: Basic credentials are not base64 of user:password`;
  }
  return messages > 0 ? null : 'no HTTP message';
};

/** RFC 7617: base64 of `user-id ":" password`. */
export function basicOk(b64: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return false;
  return Buffer.from(b64, 'base64').toString('utf8').includes(':');
}

/**
 * HAR 1.2 (W3C Web Performance WG draft, "HTTP Archive (HAR) format"): log.version, log.creator, log.entries with
 * their required members; headers, cookies and query strings as name/value objects; postData / content text that
 * declares JSON parses.
 */
export const checkHar: Check = (text) => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const o = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!o(doc) || !o(doc.log)) return 'no log object';
  const log = doc.log;
  if (log.version !== '1.2') return 'log.version is not 1.2';
  if (!o(log.creator) || typeof log.creator.name !== 'string' || typeof log.creator.version !== 'string')
    return 'log.creator';
  if (!Array.isArray(log.entries) || log.entries.length === 0) return 'no entries';
  const nv = (a: unknown): boolean =>
    Array.isArray(a) && a.every((x) => o(x) && typeof x.name === 'string' && typeof x.value === 'string');
  const jsonText = (mime: unknown, t: unknown): boolean => {
    if (typeof t !== 'string' || typeof mime !== 'string' || !/json/.test(mime)) return true;
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  };
  for (const [k, e] of (log.entries as unknown[]).entries()) {
    if (!o(e)) return `entry ${k}`;
    if (typeof e.startedDateTime !== 'string' || Number.isNaN(Date.parse(e.startedDateTime)))
      return `entry ${k}: startedDateTime`;
    if (typeof e.time !== 'number' || !o(e.cache) || !o(e.timings)) return `entry ${k}: time, cache or timings`;
    for (const t of ['send', 'wait', 'receive'])
      if (typeof e.timings[t] !== 'number') return `entry ${k}: timings.${t}`;
    const q = e.request;
    if (!o(q) || typeof q.method !== 'string' || typeof q.url !== 'string' || typeof q.httpVersion !== 'string')
      return `entry ${k}: request`;
    try {
      new URL(q.url);
    } catch {
      return `entry ${k}: request.url is not a URL`;
    }
    if (!nv(q.cookies) || !nv(q.headers) || !nv(q.queryString)) return `entry ${k}: request name/value lists`;
    if (typeof q.headersSize !== 'number' || typeof q.bodySize !== 'number') return `entry ${k}: request sizes`;
    if (q.postData !== undefined) {
      if (!o(q.postData) || typeof q.postData.mimeType !== 'string') return `entry ${k}: postData`;
      if (!jsonText(q.postData.mimeType, q.postData.text))
        return `entry ${k}: postData.text declared JSON does not parse`;
    }
    const s = e.response;
    if (!o(s) || typeof s.status !== 'number' || typeof s.statusText !== 'string' || typeof s.httpVersion !== 'string')
      return `entry ${k}: response`;
    if (!nv(s.cookies) || !nv(s.headers)) return `entry ${k}: response name/value lists`;
    if (!o(s.content) || typeof s.content.size !== 'number' || typeof s.content.mimeType !== 'string')
      return `entry ${k}: response.content`;
    if (!jsonText(s.content.mimeType, s.content.text)) return `entry ${k}: content.text declared JSON does not parse`;
    if (typeof s.redirectURL !== 'string' || typeof s.headersSize !== 'number' || typeof s.bodySize !== 'number')
      return `entry ${k}: response redirectURL or sizes`;
    for (const h of q.headers as { name: string; value: string }[])
      if (/^authorization$/i.test(h.name) && /^Basic /.test(h.value) && !basicOk(h.value.slice(6)))
        return `entry ${k}: Basic credentials are not base64 of user:password`;
  }
  return null;
};

// ---------------------------------------------------------------- logs and command lines

/** JSON Lines: every non-empty line parses. */
export const checkJsonl: Check = (text) => {
  const ls = lines(text);
  for (let i = 0; i < ls.length; i++) {
    if (ls[i]!.trim() === '') continue;
    try {
      JSON.parse(ls[i]!);
    } catch {
      return `line ${i + 1} is not JSON`;
    }
  }
  return null;
};

/** A JSON document. */
export const checkJson: Check = (text) => {
  try {
    JSON.parse(text);
    return null;
  } catch {
    return 'not JSON';
  }
};

/**
 * Kubernetes container logs as the kubelet stores them (CRI logging format: RFC 3339 nano timestamp, stream,
 * P/F tag, content); JSON content (structured logs) must parse; klog lines (`I0102 15:04:05.123456 …] msg`) and
 * `kubectl get -o yaml` documents are checked by their own syntax.
 */
export const checkCri: Check = (text) => {
  const ls = lines(text);
  for (let i = 0; i < ls.length; i++) {
    const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,9}(?:Z|[+-]\d\d:\d\d)) (stdout|stderr) ([PF]) (.*)$/.exec(ls[i]!);
    if (!m) return `line ${i + 1} is not a CRI log line`;
    const content = m[4]!;
    if (content.startsWith('{')) {
      try {
        JSON.parse(content);
      } catch {
        return `line ${i + 1}: structured log content is not JSON`;
      }
    }
  }
  return null;
};

/** GitHub Actions job logs: every line starts with an RFC 3339 timestamp of 7 fractional digits. */
export const checkCiLog: Check = (text) => {
  const ls = lines(text);
  const bad = ls.findIndex((l) => !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z /.test(l));
  return bad >= 0 ? `line ${bad + 1} has no timestamp` : null;
};

/**
 * Shell command lines (POSIX shell quoting, XCU 2.2): quotes closed on each logical line (backslash-newline joins
 * lines), and an unquoted `&`, `;` or `|` only as an operator between words (never glued inside a word, where the
 * shell would split the word and run what follows).
 */
export const checkShell: Check = (text) => {
  const logical = text.replace(/\\\n/g, ' ').replace(/\n$/, '').split('\n');
  for (let k = 0; k < logical.length; k++) {
    const raw = logical[k]!;
    if (!/^\$ /.test(raw)) continue; // output lines are not shell
    const l = raw.slice(2);
    let q: string | null = null;
    for (let i = 0; i < l.length; i++) {
      const c = l[i]!;
      if (q === "'") {
        if (c === "'") q = null;
        continue;
      }
      if (q === '"') {
        if (c === '\\') i++;
        else if (c === '"') q = null;
        continue;
      }
      if (c === '\\') {
        i++;
        continue;
      }
      if (c === "'" || c === '"') {
        q = c;
        continue;
      }
      if (c === '#' && (i === 0 || /\s/.test(l[i - 1]!))) break;
      if (c === '&' || c === ';' || c === '|') {
        const op = /^(&&|\|\||[;&|])/.exec(l.slice(i))![0];
        const before = l[i - 1] ?? ' ';
        const after = l[i + op.length] ?? ' ';
        if (!/\s/.test(before) || !/\s/.test(after)) return `command ${k + 1}: ${op} glued inside a word`;
        i += op.length - 1;
      }
    }
    if (q) return `command ${k + 1}: unterminated ${q} quote`;
  }
  return null;
};

/** Slack export channel files (an array of message objects with type, ts) and users.json (id, name). */
export const checkSlack: Check = (text) => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (!Array.isArray(doc)) return 'not an array';
  for (const [k, m] of doc.entries()) {
    if (typeof m !== 'object' || m === null) return `item ${k}`;
    const r = m as Record<string, unknown>;
    if ('type' in r) {
      if (r.type !== 'message' || typeof r.ts !== 'string' || !/^\d+\.\d{6}$/.test(r.ts))
        return `message ${k}: type or ts`;
    } else if (typeof r.id !== 'string' || typeof r.name !== 'string') return `user ${k}: id or name`;
  }
  return null;
};
