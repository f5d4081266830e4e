/**
 * Key-path evidence: a JSON field whose name says password, secret, token or
 * key holds a secret, whatever its shape — with checks so that
 * `"max_tokens": "4096"`, `"key": "Enter"` or a linking id stay. Header
 * objects are read as headers: `authorization` loses its scheme word,
 * `cookie` / `set-cookie` are split into their values.
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind } from '../types';
import { AUTH_SCHEME, cookieValues } from './secrets/http';
import { looksSecret, namedRuleFor, normaliseName, globalWorthy } from './secrets/values';
import { isJsonSegment } from './secrets/rules';
import { own } from '../strings';
import { runMap } from '../memo';

const PASSWORD_KEY = /^(?:.*[^a-z])?(?:pass(?:word|wd|phrase|code)?|pwd|pin)(?:[^a-z].*)?$/;
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

function report(sink: FindingSink, kind: Kind, value: string, start: number): void {
  const end = start + value.length;
  if (globalWorthy(value)) sink.add({ kind, surface: value });
  else sink.add({ kind, surface: value, at: { start, end } });
}

function jwtOr(kind: Kind, value: string): Kind {
  const dot = value.indexOf('.');
  return value.startsWith('eyJ') && dot > 0 && isJsonSegment(value.slice(0, dot)) ? 'jwt' : kind;
}

export const contextDetector: Detector = {
  name: 'context',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    for (const seg of chunk.segments) {
      if (seg.isKey || seg.path.length === 0) continue;
      const last =
        seg.path[seg.path.length - 1] === '*' ? seg.path[seg.path.length - 2] : seg.path[seg.path.length - 1];
      if (last === undefined) continue;
      const kind = kindOfKey(last);
      if (kind === null) continue;
      const lower = last.toLowerCase();
      if (lower === 'cookie' || lower === 'set-cookie' || lower === 'cookies') {
        const text = chunk.corpus.slice(seg.start, seg.end);
        for (const p of cookieValues(text, 0, lower === 'set-cookie')) {
          const v = text.slice(p.start, p.end);
          if (looksSecret(v, 'secret')) report(sink, 'secret', v, seg.start + p.start);
        }
        continue;
      }
      let start = seg.start;
      let value = chunk.corpus.slice(seg.start, seg.end);
      const scheme = AUTH_SCHEME.exec(value);
      if (scheme) {
        start += scheme[0].length;
        value = value.slice(scheme[0].length);
      }
      const trimmed = value.trim();
      if (trimmed.length === 0) continue;
      if (lower === 'key' && ATTRIBUTE_NAME.test(trimmed)) continue;
      start += value.indexOf(trimmed);
      if (namedRuleFor(last, trimmed) === null && !looksSecret(trimmed, kind === 'password' ? 'password' : 'secret'))
        continue;
      report(sink, jwtOr(kind, trimmed), trimmed, start);
    }
  },
};
