/**
 * Key-path evidence: a JSON field whose name says password, secret, token or
 * key holds a secret, whatever its shape — with checks so that
 * `"max_tokens": "4096"`, `"key": "Enter"` or a linking id stay. Header
 * objects are read as headers: `authorization` loses its scheme word,
 * `cookie` / `set-cookie` are split into their values.
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind } from '../types';
import { AUTH_SCHEME, cookieValues } from './secrets/http';
import {
  explicitSecretName,
  looksSecret,
  looksMachineMade,
  namedRuleFor,
  normaliseName,
  globalWorthy,
  PLACEHOLDER,
} from './secrets/values';
import { textFields } from './structure';
import { reportBasic } from './secrets/basic';
import { isJsonSegment } from './secrets/rules';
import { own } from '../strings';
import { runMap } from '../memo';

const PASSWORD_KEY =
  /^(?:.*[^a-z])?(?:pass(?:word|wd|phrase|code)?|pwd|pin)(?:[^a-z].*)?$|^[a-z]{1,12}(?:password|passwd|pwd)$/;
const SECRET_KEY =
  /(?:secret|token|apikey|api_key|api-key|accesskey|access_key|privatekey|private_key|clientsecret|credential|authorization|^auth$|auth_?key|cookie|sessionkey|session_key|^key$|_key$|-key$|signing_?key|webhook_?secret|dsn$|^sig$|salt$|passphrase)/;
/** Names that contain a secret word but hold no secret. */
const NOT_SECRET_KEY =
  /(?:tokens?_?(?:count|usage|limit|type|ids?|budget|estimate|index|len|length|number|num|position|logprobs?|details)|(?:max|min|input|output|total|prompt|completion|cached|reasoning|cache_read_input|cache_creation_input|audio|text|image|accepted_prediction|rejected_prediction)_?tokens|^tokens$|tokenizer|tokeni[sz]ed|key_?(?:path|name|id|type|s|file|size|length|alias|format|prefix|hint|usage|spec|fingerprint|version|vault|ring|count|code)$|^keys$|sort_?key|primary_?key|foreign_?key|partition_?key|row_?key|shard_?key|routing_?key|lookup_?key|dedup(?:e|lication)?_?key|keyboard|keyword|hotkey|monkey|turkey|donkey|key_?count|signature|encrypted_content|cache_?key|idempotency|redacted|public_?key|publishable_?key|pub_?key|secret_?(?:name|ref|id|arn|path|version)$|token_?(?:url|uri|endpoint)$|password_?(?:policy|length|hint|reset|changed|expir\w*|url|field|required|min\w*|max\w*)$|has_?(?:password|secret|token)|(?:password|secret|token)_?(?:set|exists|present|enabled)$|pass(?:ed|es|ing|ive|enger|port|age)|compass|bypass|pin(?:g|ned|s)?_|pinned)/;

/**
 * The value of a field named just `key` that is a dotted name (`service.name`, `gen_ai.usage.input_tokens`,
 * `my.span.attr`): an attribute's name, as OpenTelemetry writes `{"key": …, "value": {…}}`, not a secret.
 */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_]{0,40}(?:[.-][a-z0-9_]{1,40}){1,8}$/;

const keyCache = runMap<string, Kind | null>();

/** The kind a value under this key is, or null when the key says nothing. */
export function kindOfKey(key: string): Kind | null {
  let k = keyCache.get(key);
  if (k !== undefined) return k;
  const n = normaliseName(key);
  if (NOT_SECRET_KEY.test(n)) k = null;
  else if (PASSWORD_KEY.test(n)) k = 'password';
  else if (SECRET_KEY.test(n)) k = 'secret';
  else k = null;
  if (keyCache.size < 10000) keyCache.set(own(key), k);
  return k;
}

export { looksSecret } from './secrets/values';

/**
 * Reports `value` found at `start`: everywhere when specific enough, else here only; `here`: here too (a
 * value that text structure delimits may be glued to its flag, `-pSECRET`, on no token boundary for the
 * search of pass two).
 */
function report(sink: FindingSink, kind: Kind, value: string, start: number, here = false): void {
  const end = start + value.length;
  if (globalWorthy(value)) sink.add({ kind, surface: value });
  if (here || !globalWorthy(value)) sink.add({ kind, surface: value, at: { start, end } });
}

function jwtOr(kind: Kind, value: string): Kind {
  const dot = value.indexOf('.');
  return value.startsWith('eyJ') && dot > 0 && isJsonSegment(value.slice(0, dot)) ? 'jwt' : kind;
}

/** A name that says cookie: `cookie`, `cookies`, `set-cookie`, `http.request.header.cookie`. */
const COOKIE_NAME = /(?:^|[^a-z])(?:set[-_.]?)?cookies?$/;

/** Cookie values worth replacing: not a flag, a small number or a plain word (`theme=dark`, `lang=en`). */
function cookieSecret(v: string): boolean {
  if (v.length < 6 || PLACEHOLDER.test(v)) return false;
  return looksSecret(v, 'secret') || looksMachineMade(v, 'secret') || (/\d/.test(v) && /[A-Za-z]/.test(v));
}

/**
 * Judges the value corpus[start, end) named `name` — a JSON value under its key, or a value that text
 * structure names (structure.ts; `certain` false: the rest of a `key: value` line, which may be prose).
 */
function judge(
  chunk: Chunk,
  sink: FindingSink,
  name: string,
  start: number,
  end: number,
  certain: boolean,
  json: boolean,
): void {
  const kind = kindOfKey(name);
  if (kind === null) return;
  const lower = name.toLowerCase();
  if (COOKIE_NAME.test(lower)) {
    const text = chunk.corpus.slice(start, end);
    const pieces = cookieValues(text, 0, /set[-_.]?cookie/.test(lower));
    for (const p of pieces) {
      const v = text.slice(p.start, p.end);
      if (cookieSecret(v)) report(sink, 'secret', v, start + p.start, !json);
    }
    if (pieces.length > 0) return;
    // a bare value (`"session_cookie": "…"`): the value itself
  }
  let value = chunk.corpus.slice(start, end);
  const scheme = AUTH_SCHEME.exec(value);
  if (scheme) {
    if (
      /^basic\s/i.test(scheme[0]) &&
      reportBasic(sink, value.slice(scheme[0].length).trim(), start + scheme[0].length)
    )
      return;
    start += scheme[0].length;
    value = value.slice(scheme[0].length);
  }
  const trimmed = value.trim();
  if (trimmed.length === 0) return;
  if (lower === 'key' && ATTRIBUTE_NAME.test(trimmed)) return;
  start += value.indexOf(trimmed);
  const vkind = kind === 'password' ? 'password' : 'secret';
  if (namedRuleFor(name, trimmed) === null) {
    if (!looksSecret(trimmed, vkind, explicitSecretName(name))) return;
    // the rest of a `key: value` line may be prose: one machine-made word only
    if (!certain && (/\s/.test(trimmed) || !looksMachineMade(trimmed, vkind))) return;
    if (!json && vkind === 'password' && /\s/.test(trimmed) && trimmed.length > 64) return;
  }
  report(sink, jwtOr(kind, trimmed), trimmed, start, !json);
}

/** Whether two key paths have the same parent (the same keys but the last). */
function sameParent(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = a.length - 2; k >= 0; k--) if (a[k] !== b[k]) return false;
  return true;
}

/** A `{"name", "value"}` pair in an array named so: cookies (HAR `cookies`, and the like). */
const COOKIE_ARRAY = /(?:^|[^a-z])cookies?$/i;

export const contextDetector: Detector = {
  name: 'context',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    // an attribute `{"key": NAME, "value": {"stringValue": …}}` (OpenTelemetry) is named by its key's value
    let attribute: string | null = null;
    let attributeAt = -1;
    // a pair `{"name": NAME, "value": …}` (HAR headers, cookies, query strings and form params; form fields):
    // its value is named by its name
    let pair: string | null = null;
    let pairPath: readonly string[] = [];
    const segs = chunk.segments;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      if (seg.isKey || seg.path.length === 0) continue;
      const last =
        seg.path[seg.path.length - 1] === '*' ? seg.path[seg.path.length - 2] : seg.path[seg.path.length - 1];
      if (last === undefined) continue;
      if (last === 'key' && seg.end - seg.start <= 128) {
        attribute = chunk.corpus.slice(seg.start, seg.end);
        attributeAt = i;
      } else if (attribute !== null && i - attributeAt <= 4 && (last === 'value' || last.endsWith('Value'))) {
        judge(chunk, sink, attribute, seg.start, seg.end, true, true);
        attribute = null;
        continue;
      }
      if (last === 'name' && seg.end - seg.start <= 128) {
        pair = chunk.corpus.slice(seg.start, seg.end);
        pairPath = seg.path;
      } else if (pair !== null && last === 'value' && sameParent(seg.path, pairPath)) {
        const array = seg.path.length >= 3 ? seg.path[seg.path.length - 3]! : '';
        if (seg.path[seg.path.length - 2] === '*' && COOKIE_ARRAY.test(array)) {
          // a cookie's value, named by the cookie's own name (`_app_session`, `PHPSESSID`)
          const v = chunk.corpus.slice(seg.start, seg.end);
          if (cookieSecret(v)) report(sink, 'secret', v, seg.start);
        } else judge(chunk, sink, pair, seg.start, seg.end, true, true);
        pair = null;
        continue;
      }
      judge(chunk, sink, last, seg.start, seg.end, true, true);
    }
    for (const f of textFields(chunk)) judge(chunk, sink, f.name, f.start, f.end, f.certain, false);
  },
};
