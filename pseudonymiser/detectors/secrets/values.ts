/**
 * Judging values found next to a name: is `hunter2` under `password` a
 * secret, is `4096` under `MAX_TOKENS`? Shared by the key-path detector
 * (context.ts) and the text assignment detector.
 */
import { shannonEntropy } from '../entropy';
import { NAMED_RULES, type NamedRule } from './rules';
import { RunMemo } from '../../memo';

export const PLACEHOLDER =
  /^(?:\*+|x+|X+|\.+|-+|_+|null|nil|none|undefined|true|false|redacted|\[redacted\]|<[^>]*>|\$\{[^}]*\}|\$\(.*\)|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%|%\([a-z_]+\)s|%s|\{\{[^}]*\}\}|\{[A-Za-z_]+\}|changeme|change_me|password|passwd|secret|token|your[-_ ].*|(?:my|the)[-_]?(?:password|secret|token|api[-_]?key)|n\/a|todo|tbd|example|dummy|test|placeholder|\.\.\.|…)$/i;

/** Template syntax: the value is filled in elsewhere. */
export const TEMPLATE = /^(?:\$\{|\$\(|\{\{|\{%|<%|%\(|\$[A-Za-z_]\w*$)/;

/** Linking ids and other values that are never secrets whatever their key says. */
export const KEEP_VALUE =
  /^(?:toolu_|call_|chatcmpl-|msg_|req_|resp_|fc_|rs_|fp_|run_|span_|trace_|evt_|batch_|file-|org-|proj_|asst_|thread_|srvtoolu_|sha256:|sha512:|sha1:|md5:)/;

/**
 * Names that say outright that their value is a credential (`API_KEY`, `client_secret`, `accessKey`,
 * `private_key`), unlike a bare `key`, `*_key` or `token`, which also name map keys, cache entries or counts.
 */
const EXPLICIT_SECRET_NAME = /(?:secret|api_?key|access_?key|private_?key|credential|passphrase)/;

/** explicitSecretName per name as written (names repeat). */
const explicitNames = new RunMemo<boolean>(4096);

/** Whether a name (any case or style) says outright that its value is a credential: EXPLICIT_SECRET_NAME. */
export function explicitSecretName(name: string): boolean {
  let v = explicitNames.get(name);
  if (v === undefined) v = explicitNames.set(name, EXPLICIT_SECRET_NAME.test(normaliseName(name).replace(/-/g, '_')));
  return v;
}

/**
 * Whether a value under a secret-named key looks like a secret rather than a label or number. `explicit`: the
 * name says credential outright (explicitSecretName), so a word of 8 or more letters and digits, however low
 * its entropy (`spring2024`, `acme4pass`), is one: a person chose it as the credential.
 */
export function looksSecret(value: string, kind: 'secret' | 'password', explicit = false): boolean {
  if (value.length === 0 || value.length > 8192 || PLACEHOLDER.test(value) || KEEP_VALUE.test(value)) return false;
  if (TEMPLATE.test(value)) return false;
  if (kind === 'password') {
    if (/\s/.test(value.trim())) return value.length >= 12;
    return value.length >= 3;
  }
  if (/\s/.test(value)) return false;
  if (value.length < 8) return false;
  if (/^\d+$/.test(value) && value.length < 16) return false;
  if (explicit && /^[A-Za-z0-9_-]+$/.test(value) && /\d/.test(value) && /[A-Za-z]/.test(value)) return true;
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(value)) return false;
  if (/^[a-z]+:\/\//i.test(value) && !/[?&](?:token|key|sig|secret|access_token|api_key)=/i.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value)) return false; // a path
  if (value.length >= 20 && /\d/.test(value) && /[A-Za-z]/.test(value)) return true;
  return shannonEntropy(value) >= 3.0;
}

/**
 * For text, where a name followed by `:` may be prose ("the token: it ..."):
 * the value must also look machine-made — letters with digits or symbols, or
 * long and high in entropy.
 */
export function looksMachineMade(value: string, kind: 'secret' | 'password'): boolean {
  const digit = /\d/.test(value);
  const letter = /[A-Za-z]/.test(value);
  const symbol = /[^A-Za-z0-9\s]/.test(value);
  const mixedCase = /[a-z]/.test(value) && /[A-Z]/.test(value);
  if (kind === 'password') return digit || symbol || mixedCase || value.length >= 12;
  if (digit && letter) return true;
  if (symbol && letter && value.length >= 16) return true;
  return value.length >= 20 && mixedCase && shannonEntropy(value) >= 3.5;
}

/** Lower-case, `_`-separated form of a key name (`SecretAccessKey` → `secret_access_key`). */
export function normaliseName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The named rule that recognises this (name, value) pair, or null. */
export function namedRuleFor(name: string, value: string): NamedRule | null {
  let rules = rulesByName.get(name);
  if (rules === undefined) {
    const n = normaliseName(name);
    rules = rulesByName.set(
      name,
      NAMED_RULES.filter((r) => r.name.test(n)),
    );
  }
  for (const r of rules) if (r.value.test(value)) return r;
  return null;
}

/** Named rules whose name pattern matches, per name as written (names repeat). */
const rulesByName = new RunMemo<NamedRule[]>(4096);

/** Value text worth replacing wherever it occurs (long and specific enough), rather than only in place. */
export function globalWorthy(value: string): boolean {
  return value.length >= 8;
}
