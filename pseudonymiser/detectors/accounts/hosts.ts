/**
 * Host names of private organisations in URLs and connection strings:
 * `https://portal.acme-robotics.io/x`, `postgres://svc:pw@db.acme-robotics.io:5432/prod`,
 * `Server=sql01.contoso-corp.com;…`, `"host": "db.acme-robotics.io"`.
 *
 * The registrable domain (`acme-robotics.io`) is reported as a `domain`,
 * like the domain of a private e-mail address: one stand-in replaces it in
 * every host and address of the trace (`db.acme-robotics.io` →
 * `db.<stand-in>`), and the resolution phase links it to the organisation
 * of the same name. So a bare mention `build.acme-robotics.io` is replaced
 * too once the domain is known from anywhere in the trace.
 *
 * Kept: public domains (lists.ts and the simple-icons brands), reserved and
 * test names, localhost and other single labels, IP addresses, `*.local`,
 * `*.internal`; code-host URLs are left to the profile rules
 * (identity.ts). Under a cloud or SaaS provider (`acme-data.s3.amazonaws.com`,
 * `acme-prod.azurewebsites.net`, `acme.atlassian.net`) only the customer's
 * label is replaced; the provider part stays.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import {
  PUBLIC_ORGS,
  cloudSuffixOf,
  internalDomain,
  isPublicDomain,
  isReservedDomain,
  plausibleTld,
  publicOrgLabel,
  publicSuffixOf,
  realTld,
  registrableDomain,
} from './lists';
import { isPlainWord } from '../people/score';
import { lastKey, normKey } from './util';
import { own } from '../../strings';
import { RunMemo } from '../../memo';
import { textFields } from '../structure';

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

const isHostChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46;
const isSchemeChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 45 || c === 46;
/** What ends a URL's authority part: `/ ? #`, white space, quotes, brackets, backslash, NUL. */
const endsAuthority = (c: number): boolean =>
  c === 47 ||
  c === 63 ||
  c === 35 ||
  c <= 32 ||
  c === 34 ||
  c === 39 ||
  c === 96 ||
  c === 60 ||
  c === 62 ||
  c === 92 ||
  c === 41 ||
  c === 93 ||
  c === 125;

/** Keys of `key=value` connection strings whose value is a host (lower case). */
const KV_KEYS = new Set(['server', 'host', 'data source']);

/** Whether a connection-string key that names a host (any letter case) ends right before the `=` at `eq`. */
function kvHostKeyBefore(corpus: string, eq: number): boolean {
  let e = eq;
  if (e > 0 && corpus.charCodeAt(e - 1) === 32) e--;
  let k = e;
  while (k > 0 && e - k < 11) {
    const c = corpus.charCodeAt(k - 1);
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c === 32 && e - k === 6)) k--;
    else break;
  }
  // KV_KEYS are 4, 6 and 11 characters long
  if (e - k !== 4 && e - k !== 6 && e - k !== 11) return false;
  const before = k > 0 ? corpus.charCodeAt(k - 1) : 32;
  if (isSchemeChar(before) || before === 95) return false;
  return KV_KEYS.has(corpus.slice(k, e).toLowerCase());
}

/** JSON keys whose value is a host name (normalised, see normKey). */
const HOST_KEY =
  /^(?:.*_)?(?:host|hostname|host_name|server|server_name|servername|endpoint|fqdn|domain|domain_name|db_host|database_host|smtp_host|redis_host)$/;
const HOST_VALUE = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})(?::\d{1,5})?$/;

const hostKeys = new RunMemo<boolean>(10_000);

function isHostKey(key: string): boolean {
  let v = hostKeys.get(key);
  if (v === undefined) v = hostKeys.set(key, HOST_KEY.test(normKey(key)));
  return v;
}

/**
 * Labels right before an internal suffix that name a service or a device kind, not an organisation
 * (`cache.internal`, `printer.local`, `db.lan`): kept, as plain words are.
 */
const SERVICE_LABELS = new Set(
  `db database cache redis memcached postgres postgresql pg mysql mariadb mongo mongodb kafka rabbitmq nats zookeeper
  etcd consul vault elastic elasticsearch opensearch kibana grafana prometheus loki jaeger api app apps web www mail
  smtp imap ldap dc ad dns ntp proxy gateway gw vpn nas printer router switch ap k8s kube svc cluster node nodes host
  hosts server servers srv local localhost internal corp lan intra home service services metadata registry git
  gitlab jenkins ci build runner runners minio s3 storage files backup monitor monitoring`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * The private domain of a host under an internal suffix (lists.ts `internalDomain`): `db.brightwave.internal` →
 * `brightwave.internal`, so that one stand-in label replaces `brightwave` in `brightwave.io` and
 * `brightwave.internal` alike (resolution keys a domain's stand-in on its label). Null for a label that names a
 * service (`cache.internal`) or is a plain word (`printer.local`).
 */
export function internalHostDomain(host: string): string | null {
  const reg = internalDomain(host);
  if (reg === null) return null;
  const label = reg.slice(0, reg.indexOf('.')).toLowerCase();
  if (label.length < 2 || !LABEL.test(label) || /^\d+$/.test(label)) return null;
  if (SERVICE_LABELS.has(label) || isPlainWord(label) || PUBLIC_ORGS.has(label)) return null;
  return reg;
}

/**
 * The private registrable domain of `host`, or null when it has none (public, reserved, not a host name).
 * `named`: the text says it is a host (a URL's authority, a connection string's host): any delegated top-level
 * domain counts then, file-extension look-alikes (`.pl`, `.sh`) too.
 */
export function hostDomainPlain(host: string, named = false): string | null {
  const low = host.toLowerCase();
  const labels = low.split('.');
  if (labels.length < 2 || labels.some((l) => !LABEL.test(l))) return null;
  const internal = internalDomain(low);
  if (internal !== null) return internalHostDomain(low) === null ? null : host.slice(host.length - internal.length);
  const tld = labels[labels.length - 1]!;
  // IPv4 addresses, file names, versions
  if (/^\d+$/.test(tld) || !(plausibleTld(tld) || (named && realTld(tld)))) return null;
  if (isReservedDomain(low)) return null; // localhost, example.com, *.test
  const cloud = cloudSuffixOf(low);
  if (cloud === null && isPublicDomain(low)) return null;
  const reg = registrableDomain(host);
  const suffix = publicSuffixOf(reg);
  const label = reg.slice(0, reg.length - suffix.length - 1).toLowerCase();
  // (a public organisation's label: isPublicDomain said so already, but for a cloud provider's suffix)
  if (label.length < 2 || publicOrgLabel(label)) return null;
  // government, education and treaty bodies are public
  if (/^(?:gov|edu|mil|int)$/.test(tld) || /\.(?:gov|edu|ac|mil)\.[a-z]{2}$/.test(low)) return null;
  return reg;
}

const hostDomains = [new RunMemo<string | null>(10_000), new RunMemo<string | null>(10_000)] as const;

/** hostDomainPlain, memoised: a trace names the same hosts again and again. */
export function hostDomain(host: string, named = false): string | null {
  const memo = hostDomains[named ? 1 : 0];
  let v = memo.get(host);
  if (v === undefined) {
    v = hostDomainPlain(host, named);
    v = memo.set(host, v === null ? null : own(v));
  }
  return v;
}

/** Reports the private registrable domain of `host`, if it has one (`named`: see hostDomainPlain). */
export function reportHost(host: string, sink: FindingSink, named = false): void {
  const reg = hostDomain(host, named);
  if (reg !== null) sink.add({ kind: 'domain', surface: reg, canonical: reg.toLowerCase(), caseInsensitive: true });
}

/** Reads the host name starting at `start` and reports it. */
function hostAt(corpus: string, start: number, sink: FindingSink): void {
  let e = start;
  while (e < corpus.length && e - start < 253 && isHostChar(corpus.charCodeAt(e))) e++;
  while (e > start && (corpus.charCodeAt(e - 1) === 46 || corpus.charCodeAt(e - 1) === 45)) e--;
  if (e > start) reportHost(corpus.slice(start, e), sink, true);
}

/** The internal suffixes as written after a host's last label (lower case; `.home.arpa` is found by its `.arpa`). */
const INTERNAL_ENDINGS = ['.internal', '.corp', '.lan', '.local', '.intra', '.arpa'];

/**
 * Host names under an internal suffix anywhere in text (`ssh deploy@db.brightwave.internal`, `nas.smith.home.arpa`):
 * found from the suffix (indexOf), the host read backwards. Outside a URL or a host field a host needs two labels
 * before the suffix, or a hyphen in its one label (`janes-macbook.local`): `this.local` and `self.internal` are code.
 */
function scanInternalHosts(corpus: string, sink: FindingSink): void {
  for (const ending of INTERNAL_ENDINGS) {
    for (let i = corpus.indexOf(ending); i >= 0; i = corpus.indexOf(ending, i + ending.length)) {
      const e = i + ending.length;
      const next = e < corpus.length ? corpus.charCodeAt(e) : 32;
      if (isHostChar(next) && next !== 46) continue; // `.localStorage`, `.language`
      if (next === 46 && e + 1 < corpus.length && isHostChar(corpus.charCodeAt(e + 1))) continue; // `.local.x`
      let s = i;
      while (s > 0 && i - s < 253 && isHostChar(corpus.charCodeAt(s - 1))) s--;
      while (s < i && (corpus.charCodeAt(s) === 46 || corpus.charCodeAt(s) === 45)) s++;
      if (s >= i) continue;
      const head = corpus.slice(s, i);
      if (head.indexOf('.') < 0 && head.indexOf('-') < 0) continue;
      reportHost(corpus.slice(s, e), sink);
    }
  }
}

/** Further first labels that name a service or a role of a host (`crm.`, `staging.`, `sso.`). */
const ROLE_LABELS = new Set(
  `crm erp staging stage stg prod dev test qa uat intranet portal sso auth login id idp wiki jira confluence
  docs status admin dashboard console vpn2 remote rdp citrix owa exchange autodiscover webmail sftp ftp files
  share sharepoint nexus artifactory harbor sonar sentry airflow superset metabase redash tableau bi analytics`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/**
 * Host names that their first label says are hosts (`nas.zephyrine.fr`, `registry.brightwave.io`,
 * `vpn.acme.ai`, `crm.example-org.de`, `k8s-api.acme.de`) anywhere in text: in prose, after `Host:` in a dump's header, as a
 * command's operand. A service or role label, then at least two more labels; public, reserved and test
 * domains stay (hostDomain). Found from each `.`, the label read backwards.
 */
function scanServiceHosts(corpus: string, sink: FindingSink): void {
  const shapes = labelShapes();
  for (let d = corpus.indexOf('.'); d >= 0; d = corpus.indexOf('.', d + 1)) {
    // the label's last word, read backwards by table (most `.` of a text are read here, and the CLI's V8 inlines no
    // call); no listed label has its length, first and last character: no copy (labels are ASCII letters and digits)
    let w = d;
    for (let c = corpus.charCodeAt(w - 1); w > 0 && d - w <= 16 && c < 128 && (HOST_CLASS[c]! & LABEL_CODE) !== 0;) {
      w--;
      c = corpus.charCodeAt(w - 1);
    }
    if (d - w < 2 || d - w > 16) continue;
    if (shapes[((d - w) << 14) | ((corpus.charCodeAt(w) | 0x20) << 7) | (corpus.charCodeAt(d - 1) | 0x20)] === 0)
      continue;
    let s = w;
    while (s > 0 && d - s <= 24 && (isLabelCode(corpus.charCodeAt(s - 1)) || corpus.charCodeAt(s - 1) === 45)) s--;
    if (d - s > 24) continue;
    if (s > 0 && isHostChar(corpus.charCodeAt(s - 1))) continue;
    const label = corpus.slice(s, d).toLowerCase();
    // a label of such words joined by hyphens names one too (`k8s-api.`, `mail-gw.`, `prod-db.`)
    if (!label.split('-').every((w) => SERVICE_LABELS.has(w) || ROLE_LABELS.has(w))) continue;
    let e = d + 1;
    while (e < corpus.length && e - s < 253 && isHostChar(corpus.charCodeAt(e))) e++;
    while (e > d && (corpus.charCodeAt(e - 1) === 46 || corpus.charCodeAt(e - 1) === 45)) e--;
    const host = corpus.slice(s, e);
    // the label and two more: `nas.acme.fr`, not `app.config` or `db.sql`
    const labels = host.split('.');
    // a service label, then a label that is no word, then a country code that is also a file extension
    // (`registry.ratra.pl`, `git.acme.sh`): the first label says host, as a URL would (`test.helpers.pl` is a file)
    if (labels.length >= 3) reportHost(host, sink, !isPlainWord(labels[labels.length - 2]!.toLowerCase()));
    d = Math.max(d, e - 1);
  }
}
const isLabelCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** Bits of HOST_CLASS, for ASCII code units: isLabelCode, isHostChar. */
const LABEL_CODE = 1;
const HOST_CHAR = 2;
const HOST_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) HOST_CLASS[c] = (isLabelCode(c) ? LABEL_CODE : 0) | (isHostChar(c) ? HOST_CHAR : 0);

let labelShapeTable: Uint8Array | null = null;

/**
 * 1 at `(length << 14) | ((a | 0x20) << 7) | (b | 0x20)` for the length, first character a and last character b of
 * each label of SERVICE_LABELS and ROLE_LABELS (letters and digits: `| 0x20` lowers a capital and keeps a digit).
 */
function labelShapes(): Uint8Array {
  if (labelShapeTable === null) {
    const t = new Uint8Array(17 << 14);
    for (const l of [...SERVICE_LABELS, ...ROLE_LABELS]) {
      if (!/^[a-z0-9]{2,16}$/.test(l)) throw new Error(`hosts.ts: label ${l} is not 2 to 16 letters and digits`);
      t[(l.length << 14) | ((l.charCodeAt(0) | 0x20) << 7) | (l.charCodeAt(l.length - 1) | 0x20)] = 1;
    }
    labelShapeTable = t;
  }
  return labelShapeTable;
}

export const hostDetector: Detector = {
  name: 'accounts.hosts',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    const n = corpus.length;

    // scheme://[user[:password]@]host[:port]
    for (let i = corpus.indexOf('://'); i >= 0; i = corpus.indexOf('://', i + 3)) {
      let s = i;
      while (s > 0 && i - s < 24 && isSchemeChar(corpus.charCodeAt(s - 1))) s--;
      const c0 = corpus.charCodeAt(s);
      if (i - s < 2 || !((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122))) continue;
      let h = i + 3;
      let e = h;
      let at = -1;
      while (e < n && e - h < 512 && !endsAuthority(corpus.charCodeAt(e))) {
        if (corpus.charCodeAt(e) === 64) at = e;
        e++;
      }
      if (at >= 0) h = at + 1; // after the user info
      if (corpus.charCodeAt(h) === 91) continue; // [IPv6]
      hostAt(corpus, h, sink);
    }

    // Server=…; Host=… (ADO.NET, libpq key/value strings): found through `=`, the key read backwards
    for (let i = corpus.indexOf('='); i >= 0; i = corpus.indexOf('=', i + 1)) {
      if (!kvHostKeyBefore(corpus, i)) continue;
      let h = i + 1;
      while (h < n && corpus.charCodeAt(h) === 32) h++;
      if (corpus.startsWith('tcp:', h)) h += 4;
      hostAt(corpus, h, sink);
    }

    // JSON fields named host, hostname, server, endpoint, …
    for (const seg of chunk.segments) {
      if (seg.isKey || seg.path.length === 0 || seg.end - seg.start > 260) continue;
      if (!isHostKey(lastKey(seg.path))) continue;
      const value = corpus.slice(seg.start, seg.end).trim();
      if (!HOST_VALUE.test(value)) continue;
      const colon = value.indexOf(':');
      reportHost(colon < 0 ? value : value.slice(0, colon), sink, true);
    }
    // and values that text names so (`Host:` headers, `host=` lines, `-h` flags, host columns: structure.ts)
    for (const f of textFields(chunk)) {
      if (f.end - f.start > 260 || !isHostKey(f.name)) continue;
      const value = corpus.slice(f.start, f.end);
      if (!HOST_VALUE.test(value)) continue;
      const colon = value.indexOf(':');
      reportHost(colon < 0 ? value : value.slice(0, colon), sink, true);
    }

    scanInternalHosts(corpus, sink);
    if (corpus.indexOf('.') >= 0) scanServiceHosts(corpus, sink);
  },
};
