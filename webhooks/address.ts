/**
 * Where a webhook may be sent. A URL is checked at creation and again before
 * every attempt: https only, no credentials, at most 2048 characters, the
 * host spelled canonically (no decimal, octal, hex, short or percent-encoded
 * numeric forms), no internal or metadata host names, and every address the
 * host resolves to public. The delivery then connects to one of exactly the
 * addresses checked here (see deliver.ts), so a name that resolves
 * differently a moment later (DNS rebinding) gains nothing.
 *
 * Ranges: the IANA IPv4 and IPv6 special-purpose address registries
 * (RFC 6890 and its updates), RFC 1918, RFC 6598 (CGNAT), RFC 4193 (ULA),
 * RFC 5737 / RFC 3849 / RFC 9637 (documentation), RFC 2544 / RFC 5180
 * (benchmarking), RFC 6052 / RFC 8215 (NAT64), RFC 3056 (6to4), RFC 4380
 * (Teredo). IPv6 is allowed only inside 2000::/3 (global unicast); IPv4 is
 * allowed unless refused below. The IPv4-mapped form is unmapped and judged
 * as IPv4; NAT64, 6to4, Teredo and IPv4-compatible forms are refused whole,
 * whatever IPv4 address they embed (as an egress proxy such as
 * stripe/smokescreen does), because the network may route them to it.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export const MAX_URL_LENGTH = 2048;

export interface AddressPolicy {
  /** `--webhook-allow-loopback`: lets 127.0.0.0/8, ::1 (and the names `localhost`, `*.localhost`) through; nothing else. */
  allowLoopback: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address (A and AAAA); the default goes through the system resolver. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Why an address is refused; null for a public address. */
export type RangeName =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link_local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'metadata'
  | 'unique_local'
  | 'site_local'
  | 'ipv4_compatible'
  | 'ipv4_translated'
  | 'nat64'
  | '6to4'
  | 'teredo'
  | 'discard'
  | 'not_global_unicast'
  | 'zone_id'
  | 'not_an_address';

interface Cidr {
  bytes: number[];
  bits: number;
  name: RangeName;
}

function v4(text: string, bits: number, name: RangeName): Cidr {
  return { bytes: text.split('.').map(Number), bits, name };
}

function v6(text: string, bits: number, name: RangeName): Cidr {
  const bytes = parseIPv6(text);
  if (!bytes) throw new Error(`bad range ${text}`);
  return { bytes, bits, name };
}

/** Cloud metadata services reached on addresses of their own (most also fall in a refused range). */
const METADATA_V4 = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle (v2)
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
  '168.63.129.16', // Azure WireServer: a public address, refused by name of service
]);
const METADATA_V6 = ['fd00:ec2::254', 'fd00:ec2::23'].map((t) => (parseIPv6(t) ?? []).join('.'));

/** Refused IPv4 ranges, most specific first where they overlap. */
const V4_RANGES: Cidr[] = [
  v4('255.255.255.255', 32, 'broadcast'),
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'cgnat'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link_local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, 'reserved'), // former 6to4 relay anycast
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

/** Refused IPv6 ranges, checked in order (the IPv4-mapped range is handled before these). */
const V6_RANGES: Cidr[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('::ffff:0:0:0', 96, 'ipv4_translated'),
  v6('::', 96, 'ipv4_compatible'),
  v6('64:ff9b::', 96, 'nat64'),
  v6('64:ff9b:1::', 48, 'nat64'),
  v6('100::', 64, 'discard'),
  v6('2001::', 32, 'teredo'),
  v6('2001:2::', 48, 'benchmarking'),
  v6('2001::', 23, 'reserved'), // IETF protocol assignments (ORCHID and others)
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
  v6('2002::', 16, '6to4'),
  v6('5f00::', 16, 'reserved'), // SRv6 SIDs
  v6('fc00::', 7, 'unique_local'),
  v6('fe80::', 10, 'link_local'),
  v6('fec0::', 10, 'site_local'),
  v6('ff00::', 8, 'multicast'),
];

const GLOBAL_UNICAST_V6 = v6('2000::', 3, 'not_global_unicast');

function inCidr(bytes: number[], cidr: Cidr): boolean {
  if (bytes.length !== cidr.bytes.length) return false;
  let bits = cidr.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((cidr.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The four bytes of a canonical dotted-quad IPv4 address, or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

/** The sixteen bytes of an IPv6 address (with `::` and an optional dotted IPv4 tail), or null. */
export function parseIPv6(input: string): number[] | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  if (text.includes('%') || text.length > 45) return null;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const quad = parseIPv4(text.slice(lastColon + 1));
    if (!quad) return null;
    tail = quad;
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const words = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const w of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(w)) return null;
      out.push(parseInt(w, 16));
    }
    return out;
  };
  const head = words(halves[0] ?? '');
  const rest = halves.length === 2 ? words(halves[1] ?? '') : [];
  if (!head || !rest) return null;
  const tailWords = tail.length === 4 ? 2 : 0;
  const total = head.length + rest.length + tailWords;
  if (halves.length === 1 ? total !== 8 : total > 7) return null;
  const zeros = new Array<number>(8 - total).fill(0);
  const all = [...head, ...zeros, ...rest];
  const bytes: number[] = [];
  for (const w of all) bytes.push(w >> 8, w & 0xff);
  return [...bytes, ...tail];
}

function classifyV4(bytes: number[]): RangeName | null {
  if (METADATA_V4.has(bytes.join('.'))) return 'metadata';
  for (const r of V4_RANGES) if (inCidr(bytes, r)) return r.name;
  return null;
}

function classifyV6(bytes: number[]): RangeName | null {
  if (METADATA_V6.includes(bytes.join('.'))) return 'metadata';
  // ::ffff:a.b.c.d reaches a.b.c.d: judge the IPv4 address.
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return classifyV4(bytes.slice(12));
  }
  for (const r of V6_RANGES) if (inCidr(bytes, r)) return r.name;
  if (!inCidr(bytes, GLOBAL_UNICAST_V6)) return 'not_global_unicast';
  return null;
}

/**
 * The refused range an address (canonical IPv4 dotted quad or any IPv6
 * text) falls in, or null when it is public. Anything that is not a plain
 * address (including an IPv6 zone id) is refused.
 */
export function classifyAddress(address: string): RangeName | null {
  if (address.includes('%')) return 'zone_id';
  const family = isIP(address);
  if (family === 4) {
    const bytes = parseIPv4(address);
    return bytes ? classifyV4(bytes) : 'not_an_address';
  }
  if (family === 6) {
    const bytes = parseIPv6(address);
    return bytes ? classifyV6(bytes) : 'not_an_address';
  }
  return 'not_an_address';
}

function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return (parseIPv4(address) ?? [])[0] === 127;
  const bytes = family === 6 ? parseIPv6(address) : null;
  if (!bytes) return false;
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes[12] === 127;
  return bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1;
}

/** Null when the address may receive webhooks under the policy, else the refused range. */
export function refusedAddress(address: string, policy: AddressPolicy): RangeName | null {
  const range = classifyAddress(address);
  if (range === 'loopback' && policy.allowLoopback && isLoopback(address)) return null;
  return range;
}

/** Names that lead inside a network (or to a metadata service), whatever they resolve to. */
const INTERNAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.localdomain',
  '.internal',
  '.intranet',
  '.private',
  '.corp',
  '.home',
  '.lan',
  '.home.arpa',
  '.in-addr.arpa',
  '.ip6.arpa',
];
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

export type NameRefusal = 'metadata_name' | 'internal_name' | 'single_label_name' | 'loopback_name';

/** Why a host name (lower case, not an address) is refused, or null. */
export function refusedName(hostname: string, policy: AddressPolicy): NameRefusal | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_NAMES.has(name)) return 'metadata_name';
  if (name === 'localhost' || name.endsWith('.localhost')) return policy.allowLoopback ? null : 'loopback_name';
  if (!name.includes('.')) return 'single_label_name';
  for (const suffix of INTERNAL_SUFFIXES) if (name.endsWith(suffix)) return 'internal_name';
  return null;
}

export type UrlRefusal =
  | 'too_long'
  | 'not_a_url'
  | 'not_https'
  | 'credentials'
  | 'host_not_canonical'
  | 'numeric_host_spelling'
  | 'no_addresses'
  | 'unresolvable'
  | NameRefusal
  | RangeName;

export interface CheckedUrl {
  url: URL;
  /** The host name as it goes into SNI and `Host` (no brackets, no trailing dot); an IP literal for literal hosts. */
  hostname: string;
  port: number;
  /** Every address the host resolved to; all were checked. */
  addresses: ResolvedAddress[];
}

export type UrlCheck = { ok: true; checked: CheckedUrl } | { ok: false; reason: UrlRefusal; detail: string };

/** Plain-language sentences for the refusals (they name the rule, never echo the URL). */
const REASONS: Partial<Record<UrlRefusal, string>> = {
  too_long: `the URL is longer than ${MAX_URL_LENGTH} characters`,
  not_a_url: 'it is not a valid absolute URL',
  not_https: 'the scheme must be https',
  credentials: 'the URL may not carry a user name or password',
  host_not_canonical: 'the host must be written plainly (no percent-encoding, spaces, controls or backslashes)',
  numeric_host_spelling: 'an IPv4 host must be written as four decimal numbers (no decimal, octal, hex or short forms)',
  no_addresses: 'the host resolves to no address',
  unresolvable: 'the host name does not resolve',
  metadata_name: 'the host is a cloud metadata service',
  internal_name: 'the host name is an internal name',
  single_label_name: 'the host name has a single label',
  loopback_name: 'the host is a loopback name',
};

export function describeRefusal(reason: UrlRefusal): string {
  return REASONS[reason] ?? `the host resolves to a refused address (${reason.replace(/_/g, ' ')})`;
}

function refuse(reason: UrlRefusal): UrlCheck {
  return { ok: false, reason, detail: describeRefusal(reason) };
}

/** The host exactly as written in the URL text, lower case, without port, brackets kept; null if not found. */
function rawHost(input: string): string | null {
  const m = /^https:\/\/([^/?#]*)/i.exec(input);
  if (!m) return null;
  let authority = m[1] ?? '';
  const at = authority.lastIndexOf('@');
  if (at >= 0) authority = authority.slice(at + 1);
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    return end < 0 ? null : authority.slice(0, end + 1).toLowerCase();
  }
  const colon = authority.lastIndexOf(':');
  return (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase();
}

/** The checks that need no resolver: syntax, scheme, credentials, spelling, names, literal addresses. */
export function checkUrlSyntax(
  input: string,
  policy: AddressPolicy,
): { ok: true; url: URL; hostname: string; port: number; literal: 4 | 6 | 0 } | { ok: false; reason: UrlRefusal } {
  if (input.length > MAX_URL_LENGTH) return { ok: false, reason: 'too_long' };
  // Whitespace, controls and backslashes are silently rewritten by URL parsers: refuse them outright.
  if (/[\s\x00-\x1f\x7f\\]/.test(input)) return { ok: false, reason: 'host_not_canonical' };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not_a_url' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not_https' };
  if (url.username !== '' || url.password !== '' || input.slice(0, input.indexOf(url.host)).includes('@')) {
    return { ok: false, reason: 'credentials' };
  }
  const raw = rawHost(input);
  if (raw === null || raw.includes('%')) return { ok: false, reason: 'host_not_canonical' };
  let hostname = url.hostname;
  const port = url.port === '' ? 443 : Number(url.port);
  if (hostname.startsWith('[')) {
    hostname = hostname.slice(1, -1);
    const range = refusedAddress(hostname, policy);
    if (range) return { ok: false, reason: range };
    return { ok: true, url, hostname, port, literal: 6 };
  }
  if (isIP(hostname) === 4) {
    // The WHATWG parser turns 2130706433, 0x7f.1, 0177.0.0.1 and 127.1 into 127.0.0.1: only the plain form passes.
    if (raw.replace(/\.$/, '') !== hostname) return { ok: false, reason: 'numeric_host_spelling' };
    const range = refusedAddress(hostname, policy);
    if (range) return { ok: false, reason: range };
    return { ok: true, url, hostname, port, literal: 4 };
  }
  hostname = hostname.replace(/\.$/, '');
  if (hostname === '' || hostname.includes('..')) return { ok: false, reason: 'not_a_url' };
  const name = refusedName(hostname, policy);
  if (name) return { ok: false, reason: name };
  return { ok: true, url, hostname, port, literal: 0 };
}

/**
 * The whole check: syntax, then resolution of a host name, then every
 * resolved address. Refuses when any address is refused.
 */
export async function checkWebhookUrl(
  input: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<UrlCheck> {
  const syntax = checkUrlSyntax(input, policy);
  if (!syntax.ok) return refuse(syntax.reason);
  const { url, hostname, port, literal } = syntax;
  if (literal !== 0) {
    return { ok: true, checked: { url, hostname, port, addresses: [{ address: hostname, family: literal }] } };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    return refuse('unresolvable');
  }
  if (addresses.length === 0) return refuse('no_addresses');
  for (const a of addresses) {
    const range = refusedAddress(a.address, policy);
    if (range) return refuse(range);
  }
  return { ok: true, checked: { url, hostname, port, addresses } };
}
