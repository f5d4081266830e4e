import fc from 'fast-check';
import { twin, UnsupportedContentError, formatOf } from '../../pseudonymiser';
import {
  walkJson,
  decodeJsonString,
  MAX_INTERNED_PATHS,
  MAX_NESTING,
  NestingGauge,
  PathNode,
} from '../../pseudonymiser/format/json';

const KEY = '11'.repeat(32);
const SECRET = 'Zx9!qLw2rT7#mVb4';
const run = (s: string, format: 'json' | 'jsonl' | 'text') =>
  twin(Buffer.from(s, 'utf8'), { key: KEY, format }).output.toString('utf8');

interface Tok {
  start: number;
  end: number;
  isKey: boolean;
}
function tokens(s: string): Tok[] {
  const out: Tok[] = [];
  expect(walkJson(s, 0, s.length, (start, end, isKey) => out.push({ start, end, isKey }))).toBe(true);
  return out;
}

describe('JSON is twinned in place', () => {
  it('keeps whitespace, key order, escapes, number spelling and 64-bit integers', () => {
    const input =
      '{\r\n\t"b" :1.0E+2 ,"a":[ 18446744073709551615, -0.0, true,null ],\n "caf\\u00e9\\/x":"\\ud83d\\ude02 \\u00e9",' +
      ` "password" : "${SECRET}" }\n`;
    const out = run(input, 'json');
    expect(out).not.toContain(SECRET);
    const pw = JSON.parse(out).password as string;
    expect(out).toBe(input.replace(SECRET, pw));
  });

  it('replaces inside an escaped string without touching its other escapes', () => {
    const input = `{"password":"${SECRET}","note":"line\\none \\u00e9 ${SECRET}\\t\\"q\\""}`;
    const out = run(input, 'json');
    const pw = JSON.parse(out).password as string;
    expect(out).toBe(input.split(SECRET).join(pw));
  });

  it("writes replacements in the string's own escaping at every level (ensure_ascii, \\/)", () => {
    // the stand-in keeps the quote, backslash, slash and é of the original: each must be escaped per level
    const tricky = 'Ab3"dE5\\fG7/hI9\u00e9xY';
    const inner = JSON.stringify({ password: tricky });
    const ascii = (t: string) =>
      t.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
    const outer = ascii(JSON.stringify({ arguments: JSON.stringify(inner) })).replace(/\//g, '\\/');
    const out = run(outer, 'json');
    expect(out).not.toContain('Ab3');
    expect(/[^\x00-\x7f]/.test(out)).toBe(false);
    const decoded = JSON.parse(JSON.parse(JSON.parse(out).arguments));
    expect(decoded.password).toHaveLength(tricky.length);
    expect(decoded.password).not.toBe(tricky);
    expect(decoded.password[3]).toBe('"');
    expect(decoded.password[7]).toBe('\\');
    expect(decoded.password[11]).toBe('/');
    expect(decoded.password[15]).toBe('\u00e9');
  });

  it('twins object keys that are data', () => {
    const input = `{"password":"${SECRET}","seen":{"${SECRET}":1}}`;
    const out = run(input, 'json');
    expect(out).not.toContain(SECRET);
    const o = JSON.parse(out);
    expect(Object.keys(o.seen)).toEqual([o.password]);
  });

  it('treats invalid JSON as text and keeps a leading BOM', () => {
    // twinned as text: the password assignment is still found, every other byte stays
    const broken = `{"password": "${SECRET}", oops}`;
    const out = run(broken, 'json');
    expect(out).not.toContain(SECRET);
    expect(out).toHaveLength(broken.length);
    expect(out.replace(/"password": "[^"]*"/, '')).toBe(broken.replace(/"password": "[^"]*"/, ''));
    const bom = `\ufeff{"password":"${SECRET}"}`;
    const outBom = run(bom, 'json');
    expect(outBom.startsWith('\ufeff{"password":"')).toBe(true);
    expect(outBom).not.toContain(SECRET);
  });

  it('handles nesting up to MAX_NESTING without overflowing the stack, and a JSON text deeper in a string as text', () => {
    const deep = '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING);
    expect(run(deep, 'json')).toBe(deep);
    const inString = JSON.stringify({ text: '['.repeat(200000) + ']'.repeat(200000) });
    expect(run(inString, 'json')).toBe(inString);
  });
});

describe('JSON Lines', () => {
  it('keeps line count, CRLF, blank and broken lines', () => {
    const lines = [
      `{"password":"${SECRET}"}`,
      '',
      'not json at all',
      '42',
      `{"msg":"the pw is ${SECRET}"}`,
      '{"truncated": "x',
    ];
    const input = lines.join('\r\n') + '\r\n';
    const out = run(input, 'jsonl');
    expect(out.split('\r\n')).toHaveLength(lines.length + 1);
    expect(out).not.toContain(SECRET);
    const pw = JSON.parse(out.split('\r\n')[0]!).password as string;
    expect(out).toBe(input.split(SECRET).join(pw));
  });
});

describe('input that is not text', () => {
  it('refuses NUL bytes and invalid UTF-8 with a typed error', () => {
    expect(() => twin(Buffer.from([0x7b, 0x00, 0x7d]), { key: KEY, format: 'json' })).toThrow(UnsupportedContentError);
    expect(() => twin(Buffer.from([0xc3, 0x28]), { key: KEY, format: 'text' })).toThrow(UnsupportedContentError);
    try {
      twin(Buffer.from([0xff]), { key: KEY, format: 'text' });
    } catch (e) {
      expect((e as UnsupportedContentError).code).toBe('unsupported_content');
    }
  });

  it('refuses JSON nested deeper than MAX_NESTING as unsupported content, stating the limit', () => {
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    for (const format of ['json', 'jsonl'] as const) {
      let err: unknown;
      try {
        twin(Buffer.from(deep(MAX_NESTING + 1) + '\n'), { key: KEY, format });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UnsupportedContentError);
      expect((err as Error).message).toContain(`deeper than ${MAX_NESTING} levels`);
    }
    // at the limit it is twinned as it was; objects count as arrays do
    const atLimit =
      '{"a":'.repeat(MAX_NESTING - 1) + '["Bearer sk_live_51Habcdefghijklmnopqrstuv"]' + '}'.repeat(MAX_NESTING - 1);
    const out = twin(Buffer.from(atLimit), { key: KEY, format: 'json' }).output.toString('utf8');
    expect(out.length).toBe(atLimit.length);
    expect(out).not.toContain('sk_live_51Habcdefghijklmnopqrstuv');
    // a deep JSON Lines line is refused; shallow lines around it do not hide it
    expect(() =>
      twin(Buffer.from('{"a":1}\n' + deep(MAX_NESTING + 1) + '\n{"b":2}\n'), { key: KEY, format: 'jsonl' }),
    ).toThrow(UnsupportedContentError);
    // text is not read as JSON: brackets there are characters
    expect(twin(Buffer.from(deep(MAX_NESTING * 2)), { key: KEY, format: 'text' }).output.toString()).toBe(
      deep(MAX_NESTING * 2),
    );
  });

  it('measures nesting outside strings only, in pieces, and per line for JSON Lines', () => {
    const g = new NestingGauge(false);
    expect(g.feed(Buffer.from('{"a":"[[[[\\\\"'), 3)).toBe(true);
    expect(g.feed(Buffer.from(',"b":[[1]]'), 3)).toBe(true);
    expect(g.deepest).toBe(3);
    expect(g.feed(Buffer.from(',"c":[[['), 3)).toBe(false);
    // an escaped quote does not end the string
    const q = new NestingGauge(false);
    expect(q.feed(Buffer.from('["\\"[[[[[", 1]'), 1)).toBe(true);
    // each line of JSON Lines counts from zero, even after a line that was not JSON
    const l = new NestingGauge(true);
    expect(l.feed(Buffer.from('[[\n"[[\n[['), 2)).toBe(true);
    expect(l.feed(Buffer.from('[\n'), 2)).toBe(false);
  });

  it('walkJson reads a JSON text deeper than MAX_NESTING as not JSON (a string holding it stays a string)', () => {
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    expect(walkJson(deep(MAX_NESTING), 0, 2 * MAX_NESTING)).toBe(true);
    expect(walkJson(deep(MAX_NESTING + 1), 0, 2 * MAX_NESTING + 2)).toBe(false);
  });

  it('gives a deep key path its keys whole, held with the node or made afresh', () => {
    let node = new PathNode('', null);
    const want: string[] = [];
    for (let d = 1; d <= MAX_NESTING; d++) {
      const key = d % 3 === 0 ? '*' : `k${d}`;
      node = node.child(key);
      want.push(key);
      expect(node.depth).toBe(d);
      if (d === 5 || d === 33 || d === MAX_NESTING) {
        expect(node.keys()).toEqual(want);
        expect(node.keys()).toEqual(want);
      }
    }
    expect(node.lastKey()).toBe(want.filter((k) => k !== '*').pop());
  });

  it('interns at most MAX_INTERNED_PATHS key paths in one tree; a path past them works, made afresh', () => {
    // a document of many short distinct keys (data as keys) would otherwise keep a node for each
    const root = new PathNode('', null);
    for (let o = 0; root.interned < MAX_INTERNED_PATHS; o++) {
      const obj = root.child(`o${o}`);
      for (let k = 0; k < 1000 && root.interned < MAX_INTERNED_PATHS; k++) obj.child(`k${k}`);
    }
    expect(root.interned).toBe(MAX_INTERNED_PATHS);
    const o0 = root.child('o0');
    expect(root.child('o0')).toBe(o0);
    expect(o0.child('k1')).toBe(o0.child('k1'));
    const fresh = root.child('past');
    expect(root.child('past')).not.toBe(fresh);
    expect(fresh.child('k').keys()).toEqual(['past', 'k']);
    expect(o0.child('new').keys()).toEqual(['o0', 'new']);
    expect(root.interned).toBe(MAX_INTERNED_PATHS);
  });

  it('picks the format from the extension', () => {
    expect(formatOf('a.JSON')).toBe('json');
    expect(formatOf('a.jsonl')).toBe('jsonl');
    expect(formatOf('a.ndjson')).toBe('jsonl');
    expect(formatOf('a.log')).toBe('text');
  });
});

// ---------------------------------------------------------------------------
// Property: for arbitrary JSON values written in arbitrary layouts, the twin
// parses to the same tree, every byte outside string tokens is identical,
// every string token whose content did not change is byte-identical, and
// the planted secrets are gone.

type J = null | boolean | number | string | J[] | { [k: string]: J };

interface Layout {
  indent: string;
  colon: string;
  comma: string;
  asciiOnly: boolean;
  slash: boolean;
}

function writeString(s: string, l: Layout): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '/' && l.slash) out += '\\/';
    else if (c < 0x20) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (c >= 0x80 && l.asciiOnly) {
      for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
    } else out += ch;
  }
  return out + '"';
}

function write(v: J, l: Layout, depth: number): string {
  const nl = l.indent ? '\n' + l.indent.repeat(depth + 1) : '';
  const end = l.indent ? '\n' + l.indent.repeat(depth) : '';
  if (v === null || typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toExponential();
  if (typeof v === 'string') return writeString(v, l);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[' + v.map((x) => nl + write(x, l, depth + 1)).join(l.comma) + end + ']';
  }
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  return '{' + keys.map((k) => nl + writeString(k, l) + l.colon + write(v[k]!, l, depth + 1)).join(l.comma) + end + '}';
}

function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v !== null && typeof v === 'object') return Object.entries(v).map(([k, x]) => [typeof k, shape(x)]);
  return typeof v;
}

const layoutArb = fc.record({
  indent: fc.constantFrom('', '  ', '\t', '    '),
  colon: fc.constantFrom(':', ': ', ' : '),
  comma: fc.constantFrom(',', ', ', ' ,'),
  asciiOnly: fc.boolean(),
  slash: fc.boolean(),
});

const valueArb: fc.Arbitrary<J> = fc.letrec<{ v: J }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.string({ unit: 'binary' }),
    fc.array(tie('v'), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 8 }), tie('v'), { maxKeys: 5 }),
  ),
})).v;

describe('property: byte-preserving twins', () => {
  it('same tree, same bytes outside replaced strings, planted secrets gone', () => {
    fc.assert(
      fc.property(valueArb, layoutArb, fc.boolean(), (value, layout, nested) => {
        const planted = { password: SECRET, data: value, note: `key ${SECRET} here` };
        const doc = nested ? { wrapper: JSON.stringify(planted) } : planted;
        const input = write(doc as J, layout, 0);
        const out = run(input, 'json');
        expect(out).not.toContain(SECRET);
        expect(shape(JSON.parse(out))).toEqual(shape(JSON.parse(input)));
        const a = tokens(input);
        const b = tokens(out);
        expect(b).toHaveLength(a.length);
        let pa = 0;
        let pb = 0;
        for (let i = 0; i < a.length; i++) {
          expect(out.slice(pb, b[i]!.start)).toBe(input.slice(pa, a[i]!.start));
          const da = decodeJsonString(input, a[i]!.start + 1, a[i]!.end - 1).text;
          const db = decodeJsonString(out, b[i]!.start + 1, b[i]!.end - 1).text;
          if (da === db) expect(out.slice(b[i]!.start, b[i]!.end)).toBe(input.slice(a[i]!.start, a[i]!.end));
          pa = a[i]!.end;
          pb = b[i]!.end;
        }
        expect(out.slice(pb)).toBe(input.slice(pa));
      }),
      { numRuns: 300 },
    );
  });
});
