/** Pieces of HTTP credentials: cookie headers and authorization values. */

export interface Piece {
  /** Offset of the value inside the parsed text. */
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

/** Cookie attributes of `Set-Cookie` that hold no secret. */
const COOKIE_ATTRIBUTES =
  /^(?:path|domain|expires|max-age|samesite|secure|httponly|priority|partitioned|version|comment)$/i;

/**
 * The values of a `Cookie:` (all pairs) or `Set-Cookie:` (first pair only)
 * header value, starting at `from`. Bounded to 8 KiB.
 */
export function cookieValues(text: string, from: number, setCookie: boolean): Piece[] {
  const out: Piece[] = [];
  const limit = Math.min(text.length, from + 8192);
  let i = from;
  while (i < limit) {
    while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
    const ns = i;
    while (i < limit && !/[=;\s"'\\,]/.test(text[i]!)) i++;
    if (i >= limit || text[i] !== '=' || i === ns) break;
    const name = text.slice(ns, i);
    i++;
    let vs = i;
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      vs = ++i;
    }
    while (i < limit && !/[;\s"'\\]/.test(text[i]!) && !(quoted && text[i] === '"')) i++;
    if (!COOKIE_ATTRIBUTES.test(name) && i > vs) out.push({ start: vs, end: i, name });
    if (quoted && text[i] === '"') i++;
    if (setCookie || text[i] !== ';') break;
    i++;
  }
  return out;
}

/** Authorization schemes whose credential follows a space. */
export const AUTH_SCHEME = /^(?:bearer|basic|token|bot|ssws|apikey|api-key|jwt|oauth|key|genieKey|dsn)\s+/i;
