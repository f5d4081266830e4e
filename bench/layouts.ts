/**
 * The layouts corpus: trace kinds a platform produces besides agent JSON —
 * HAR files, Kubernetes and CI logs, SQL dumps, database client tables,
 * CSV / TSV / markdown exports, configuration files, e-mail, calendar and
 * contact files, command lines, HTTP header blocks, chat and ticket exports,
 * webhook payloads and MCP logs — written from each format's public
 * documentation (cited at each maker) and not from the detectors' code, so
 * that the evaluation measures layouts nobody tuned the detectors for.
 *
 * Every planted value is labelled with its kind, a variety (country,
 * provider, name origin) and the layout it sits in (`csv cell`, `curl -u`,
 * `Set-Cookie`, `prose`…); keep values (Message-ID, iCalendar UID, trace and
 * request ids, public links and companies, column names, keys, flags) are
 * labelled with their class. Each trace carries the validator of its format
 * (bench/layout-checks.ts), applied to the trace and to its twin. About a third
 * of the text layouts travel inside a JSON string of an agent's tool result,
 * as agents log them.
 *
 * Deterministic from the seed.
 */
import type { Format, Kind } from '../pseudonymiser/types';
import {
  checkCiLog,
  checkCri,
  checkCsv,
  checkEmail,
  checkEnv,
  checkHar,
  checkHttp,
  checkIcs,
  checkIni,
  checkJson,
  checkJsonl,
  checkMarkdown,
  checkMysql,
  checkPsql,
  checkShell,
  checkSlack,
  checkSqlDump,
  checkSqlite,
  checkToml,
  checkTsv,
  checkVcf,
  checkYaml,
  type Check,
} from './layout-checks';
import {
  HOST_LABELS,
  INTERNAL_SUFFIXES,
  NATIONAL_IDS,
  PHONE_COUNTRIES,
  makeAccountNumber,
  makeAddress2,
  makeAdvertisingId,
  makeAndroidId,
  makeCookie,
  makeImei2,
  makeName,
  makeNumericId,
  makePassword2,
  makePhone2,
  makePrefixedId,
  makeProviderId,
  makeSalesforceId,
  makeSlackTeamId,
  makeSlackUserId,
  makeToken,
  makeWallet2,
  slug,
  type Address,
  type Cookie,
  type Name,
  type NationalIdMaker,
  type Phone,
} from './layout-values';
import { ALNUM, Rng } from './rng';

export const LAYOUT_KINDS = [
  'har',
  'k8s-cri-log',
  'kubectl-yaml',
  'docker-json-log',
  'pg-dump',
  'mysqldump',
  'psql-session',
  'mysql-session',
  'sqlite-session',
  'markdown-doc',
  'csv-export',
  'tsv-export',
  'dotenv',
  'ini-config',
  'toml-config',
  'yaml-config',
  'email-thread',
  'icalendar',
  'vcard',
  'ci-log',
  'shell-session',
  'http-headers',
  'slack-export',
  'webhook-log',
  'ticket-export',
  'mcp-log',
] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];

export const LAYOUT_KEEP_KINDS = [
  'message_id',
  'uid',
  'trace_id',
  'span_id',
  'request_id',
  'public_url',
  'public_org',
  'column_name',
  'key_name',
  'flag_name',
  'header_name',
] as const;
export type LayoutKeepKind = (typeof LAYOUT_KEEP_KINDS)[number];

/** Kinds counted as secrets in the summary; every other kind counts as an account (people and organisations included). */
export const SECRET_KINDS: ReadonlySet<Kind> = new Set<Kind>(['secret', 'password', 'jwt', 'private_key']);

export interface LayoutPlant {
  readonly kind: Kind;
  /** Variety: country, provider, name origin. */
  readonly sub: string;
  /** Where it sits: `csv cell`, `curl -u`, `Set-Cookie`, `prose`… */
  readonly layout: string;
  readonly value: string;
  readonly probes: readonly string[];
}

export interface LayoutKeep {
  readonly kind: LayoutKeepKind;
  readonly value: string;
}

export interface LayoutTrace {
  readonly id: string;
  readonly family: LayoutKind;
  readonly format: Format;
  readonly name: string;
  readonly text: string;
  readonly plants: readonly LayoutPlant[];
  readonly keeps: readonly LayoutKeep[];
  readonly confidential: readonly string[];
  readonly style: readonly string[];
  /** The format's validator, applied to the trace and to its twin (for a wrapped trace: to the text inside the JSON). */
  readonly check: Check;
}

// ---------------------------------------------------------------- the world

interface LOrg {
  readonly name: string;
  readonly stem: string;
  readonly domain: string;
}
interface LPerson {
  readonly name: Name;
  readonly country: string;
  readonly org: LOrg;
  readonly email: string;
  readonly login: string;
  readonly handle: string;
  readonly phone: Phone;
  readonly address: Address;
  readonly nid: { maker: NationalIdMaker; value: string } | null;
  readonly slackId: string;
  readonly numericId: string;
}
interface LWorld {
  readonly orgs: readonly LOrg[];
  readonly people: readonly LPerson[];
}

const ORG_STEMS: readonly [string, string, string][] = [
  ['Ratra Logistyka', 'ratra', 'pl'],
  ['Brightwave Systems', 'brightwave', 'io'],
  ['Okavango Foods', 'okavango-foods', 'co.za'],
  ['Velmont Dental', 'velmont', 'com.br'],
  ['Kirschbaum Maschinenbau', 'kirschbaum-mb', 'de'],
  ['Sable & Finch', 'sablefinch', 'co.uk'],
  ['Marrowfield Clinic', 'marrowfield', 'health'],
  ['Tidewell Partners', 'tidewell', 'ai'],
  ['Quorra Labs', 'quorra', 'dev'],
  ['Hanseatic Cargo Kontor', 'hck-cargo', 'de'],
  ['Zephyrine Media', 'zephyrine', 'fr'],
  ['Shirokane Trading', 'shirokane', 'co.jp'],
];
const LEGAL: Record<string, string> = {
  pl: 'sp. z o.o.',
  io: 'Inc.',
  'co.za': '(Pty) Ltd',
  'com.br': 'Ltda.',
  de: 'GmbH',
  'co.uk': 'Ltd',
  health: 'LLC',
  ai: 'LLP',
  dev: 'Inc.',
  fr: 'SAS',
  'co.jp': 'K.K.',
};
const FREE_MAIL = [
  'gmail.com',
  'gmx.de',
  'yandex.ru',
  'qq.com',
  'naver.com',
  'libero.it',
  'wp.pl',
  'seznam.cz',
  'uol.com.br',
  'rediffmail.com',
  'yahoo.co.jp',
  'orange.fr',
  'protonmail.com',
  'outlook.com',
];

function makeWorld(r: Rng): LWorld {
  const orgs = ORG_STEMS.map(([n, stem, tld]) => ({ name: `${n} ${LEGAL[tld]!}`, stem, domain: `${stem}.${tld}` }));
  const people: LPerson[] = [];
  const countries = PHONE_COUNTRIES.map((c) => c.cc as string);
  const idCountries = NATIONAL_IDS.map((m) => m.country);
  const seen = new Set<string>();
  // one person of every phone country and of every national id's country, then a few more
  const plan = [...countries, ...idCountries.filter((c) => !countries.includes(c))];
  for (let i = 0; i < 12; i++) plan.push(r.pick(idCountries));
  while (people.length < plan.length) {
    const country = plan[people.length]!;
    const name = makeName(r, country);
    if (seen.has(name.full)) continue;
    seen.add(name.full);
    const g = slug(name.given) || `u${r.digits(3)}`;
    const f = slug(name.family) || `x${r.digits(3)}`;
    const org = r.pick(orgs);
    const local = r.pick([
      `${g}.${f}`,
      `${g[0]!}.${f.slice(0, 2)}`,
      `${g}${f}`,
      `${f}.${g}+${r.pick(['billing', 'work'])}`,
      `${g[0]!}${f}${r.digits(2)}`,
    ]);
    const email = r.chance(0.55) ? `${local}@${org.domain}` : `${local.replace(/\+.*/, '')}@${r.pick(FREE_MAIL)}`;
    const makers = NATIONAL_IDS.filter((m) => m.country === country);
    const maker = makers.length ? r.pick(makers) : null;
    people.push({
      name,
      country,
      org,
      email,
      login: r.pick([`${g}${f}`, `${g[0]!}${f}`, `${g}.${f[0]!}`, `${f}${g[0]!}`]),
      handle: r.pick([`${g}${f}`, `${g}_${f.slice(0, 3)}`, `${g}.${f}`]),
      phone: makePhone2(
        r,
        (PHONE_COUNTRIES.find((c) => c.cc === country)?.cc ?? 'US') as Parameters<typeof makePhone2>[1],
      ),
      address: makeAddress2(r, country),
      nid: maker ? { maker, value: maker.make(r) } : null,
      slackId: makeSlackUserId(r),
      numericId: makeNumericId(r, r.pick([10, 11, 13])),
    });
  }
  return { orgs, people };
}

// ---------------------------------------------------------------- builder

const PUBLIC_LINKS = [
  'https://www.rfc-editor.org/rfc/rfc5322',
  'https://www.rfc-editor.org/rfc/rfc5545',
  'https://datatracker.ietf.org/doc/html/rfc6350',
  'https://kubernetes.io/docs/concepts/cluster-administration/logging/',
  'https://docs.github.com/en/actions/using-workflows',
  'https://docs.stripe.com/api/customers/object',
  'https://www.postgresql.org/docs/current/app-pgdump.html',
  'https://dev.mysql.com/doc/refman/8.4/en/mysqldump.html',
  'https://w3c.github.io/web-performance/specs/HAR/Overview.html',
  'https://api.slack.com/methods/users.info',
];
const PUBLIC_ORGS = [
  'Stripe',
  'GitHub',
  'Slack',
  'Google',
  'Cloudflare',
  'PostgreSQL',
  'Zendesk',
  'Shopify',
  'Mozilla',
];

class LB {
  readonly plants = new Map<string, LayoutPlant>();
  readonly keeps = new Map<string, LayoutKeep>();
  private clock: number;
  constructor(
    readonly r: Rng,
    readonly w: LWorld,
  ) {
    this.clock = Date.UTC(2025, 2, 1) + r.int(200) * 86_400_000 + r.int(86_400) * 1000;
  }

  p(kind: Kind, sub: string, layout: string, value: string, probes?: readonly string[]): string {
    const k = `${kind}\u0000${value}`;
    if (!this.plants.has(k)) this.plants.set(k, { kind, sub, layout, value, probes: [...new Set(probes ?? [value])] });
    return value;
  }
  k(kind: LayoutKeepKind, value: string): string {
    const k = `${kind}\u0000${value}`;
    if (!this.keeps.has(k)) this.keeps.set(k, { kind, value });
    return value;
  }
  people(n: number): LPerson[] {
    return this.r.shuffle(this.w.people).slice(0, n);
  }

  // ----- time

  date(): Date {
    this.clock += 1000 + this.r.int(90_000);
    return new Date(this.clock);
  }
  iso(): string {
    return this.date().toISOString();
  }

  // ----- people and accounts

  full(p: LPerson, layout: string): string {
    return this.p('person', `full name/${p.name.origin}`, layout, p.name.full);
  }
  given(p: LPerson, layout: string): string {
    return this.p('person', `given name/${p.name.origin}`, layout, p.name.given);
  }
  family(p: LPerson, layout: string): string {
    return this.p('person', `family name/${p.name.origin}`, layout, p.name.family);
  }
  /** The name in ASCII (e-mail headers, logins' display names). */
  asciiFull(p: LPerson, layout: string): string {
    const a = p.name.full.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    if (!/^[\x20-\x7e]+$/.test(a)) {
      const romanised = `${slug(p.name.given)} ${slug(p.name.family)}`.trim();
      // A name in a script with no ASCII letters (CJK, Cyrillic, …) slugs to nothing: write it in its own script
      // (RFC 6532 headers) rather than plant a blank that no reader could find or hide.
      return this.p('person', `full name/${p.name.origin}`, layout, romanised === '' ? p.name.full : romanised);
    }
    return this.p('person', `full name/${p.name.origin}`, layout, a);
  }
  email(p: LPerson, layout: string): string {
    const [local, domain] = p.email.split('@') as [string, string];
    const sub = domain === p.org.domain ? 'org domain' : 'free mail';
    if (domain === p.org.domain) this.orgDomain(p.org, layout);
    return this.p('email', local.length <= 4 ? `${sub}, short local part` : sub, layout, p.email, [
      p.email,
      `${local}@`,
    ]);
  }
  /** `j dot smith at ratra dot pl` */
  spelledEmail(p: LPerson, layout: string): string {
    const s = p.email
      .replace(/\+[^@]*/, '')
      .replace(/\./g, ' dot ')
      .replace('@', ' at ');
    return this.p('email', 'spelled out', layout, s);
  }
  orgDomain(o: LOrg, layout: string): string {
    return this.p('domain', 'org domain', layout, o.domain);
  }
  org(o: LOrg, layout: string): string {
    return this.p('organisation', 'private', layout, o.name);
  }
  /** The person's number, or (half the time) another number of the same country in a layout drawn afresh. */
  phone(p: LPerson, layout: string): string {
    const ph = this.r.chance(0.5) ? p.phone : makePhone2(this.r, p.phone.country as Parameters<typeof makePhone2>[1]);
    return this.p('phone', `${ph.country} ${ph.layout}`, layout, ph.text);
  }
  address(p: LPerson, layout: string, part: 'full' | 'street' = 'full'): string {
    const a = p.address;
    return this.p('address', `${a.country} ${a.layout}`, layout, part === 'full' ? a.full : a.street, [
      part === 'full' ? a.full : a.street,
      a.street,
    ]);
  }
  nationalId(p: LPerson, layout: string): { value: string; maker: NationalIdMaker } {
    // a person of a country without an id maker here holds another country's id (every maker gets drawn)
    if (!p.nid) return this.anyNationalId(layout);
    return { value: this.p('national_id', p.nid.maker.name, layout, p.nid.value), maker: p.nid.maker };
  }
  /** A national id of any maker (so that every country is drawn), with its words. */
  anyNationalId(layout: string): { value: string; maker: NationalIdMaker } {
    const maker = this.r.pick(NATIONAL_IDS);
    return { value: this.p('national_id', maker.name, layout, maker.make(this.r)), maker };
  }
  wallet(layout: string): string {
    const w = makeWallet2(this.r);
    return this.p('wallet', w.kind, layout, w.text);
  }
  login(p: LPerson, layout: string): string {
    return this.p('username', 'login', layout, p.login);
  }
  handle(p: LPerson, layout: string): string {
    return this.p('handle', 'chat handle', layout, p.handle);
  }
  slackId(p: LPerson, layout: string): string {
    return this.p('account_id', 'slack user id', layout, p.slackId);
  }
  userId(p: LPerson, layout: string): string {
    return this.p('account_id', `numeric user id (${p.numericId.length} digits)`, layout, p.numericId);
  }
  freshUserId(layout: string): string {
    return this.p('account_id', 'numeric user id', layout, makeNumericId(this.r, this.r.pick([7, 9, 13])));
  }
  providerId(layout: string, prefix?: string): string {
    const id = makeProviderId(this.r, prefix);
    return this.p('account_id', `${id.prefix}${id.digits ? '' : ' no digit'}`, layout, id.text);
  }
  prefixedId(layout: string): string {
    return this.p('account_id', 'prefixed id', layout, makePrefixedId(this.r).text);
  }
  crmId(layout: string): string {
    const s = makeSalesforceId(this.r);
    return this.p('account_id', `salesforce ${s.object} id`, layout, s.text);
  }
  accountNumber(layout: string): string {
    return this.p('bank_account', 'account number', layout, makeAccountNumber(this.r));
  }
  deviceId(layout: string): { key: string; value: string } {
    switch (this.r.int(3)) {
      case 0:
        return { key: 'android_id', value: this.p('device_id', 'android id', layout, makeAndroidId(this.r)) };
      case 1:
        return {
          key: 'advertising_id',
          value: this.p('device_id', 'advertising id', layout, makeAdvertisingId(this.r)),
        };
      default:
        return { key: 'imei', value: this.p('device_id', 'imei', layout, makeImei2(this.r)) };
    }
  }
  internalHost(o: LOrg, layout: string): string {
    const sfx = this.r.pick(INTERNAL_SUFFIXES);
    return this.p('domain', `internal host .${sfx}`, layout, `${this.r.pick(HOST_LABELS)}.${o.stem}.${sfx}`);
  }
  orgHost(o: LOrg, layout: string): string {
    this.orgDomain(o, layout);
    return this.p('domain', 'host under the org domain', layout, `${this.r.pick(HOST_LABELS)}.${o.domain}`);
  }
  host(o: LOrg, layout: string): string {
    return this.r.chance(0.5) ? this.internalHost(o, layout) : this.orgHost(o, layout);
  }

  // ----- secrets

  password(layout: string, exclude = ''): string {
    return this.p('password', 'printable', layout, makePassword2(this.r, exclude));
  }
  /** A password percent-encoded as URL userinfo (RFC 3986 §3.2.1). */
  urlPassword(layout: string): string {
    return this.p('password', 'printable, percent-encoded', layout, encodeURIComponent(makePassword2(this.r, '%')));
  }
  cookie(layout: string): Cookie {
    const c = makeCookie(this.r);
    this.p('secret', `cookie ${c.name}`, layout, c.value);
    return c;
  }
  /** RFC 7617 Basic credentials of a login and a printable password. */
  basic(user: string, layout: string): { b64: string; password: string } {
    const password = makePassword2(this.r, ':');
    const b64 = Buffer.from(`${user}:${password}`, 'utf8').toString('base64');
    this.p('secret', 'basic auth', layout, b64);
    return { b64, password };
  }
  token(layout: string): string {
    return this.p('secret', 'generic token', layout, makeToken(this.r));
  }

  // ----- keep values

  link(): string {
    return this.k('public_url', this.r.pick(PUBLIC_LINKS));
  }
  publicOrg(): string {
    return this.k('public_org', this.r.pick(PUBLIC_ORGS));
  }
  traceId(): string {
    return this.k('trace_id', this.r.hex(32));
  }
  spanId(): string {
    return this.k('span_id', this.r.hex(16));
  }
  requestId(): string {
    const r = this.r;
    switch (r.int(4)) {
      case 0:
        return this.k('request_id', `req_${r.chars(14, ALNUM)}`);
      case 1:
        return this.k('request_id', `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-a${r.hex(3)}-${r.hex(12)}`);
      case 2:
        return this.k('request_id', `${r.hex(16)}-${r.pick(['FRA', 'AMS', 'IAD', 'NRT'])}`);
      default:
        return this.k(
          'request_id',
          `${r.chars(4, '0123456789ABCDEF')}:${r.chars(5, '0123456789ABCDEF')}:${r.chars(7, '0123456789ABCDEF')}`,
        );
    }
  }
  traceparent(): string {
    return `00-${this.traceId()}-${this.spanId()}-01`;
  }
  messageId(): string {
    const r = this.r;
    switch (r.int(3)) {
      case 0:
        return this.k('message_id', `CA${r.chars(1, '+')}${r.chars(40, ALNUM + '_-')}@mail.gmail.com`);
      case 1:
        return this.k(
          'message_id',
          `${r.chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}${r.digits(2)}PR${r.digits(2)}MB${r.digits(4)}${r.chars(20, '0123456789ABCDEF')}@${r.chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')}PR${r.digits(2)}MB${r.digits(4)}.eurprd0${r.range(1, 9)}.prod.outlook.com`,
        );
      default:
        return this.k(
          'message_id',
          `0100019${r.hex(9)}-${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}-000000@email.amazonses.com`,
        );
    }
  }
  uid(): string {
    const r = this.r;
    switch (r.int(3)) {
      case 0:
        return this.k('uid', `${r.chars(26, 'abcdefghijklmnopqrstuv0123456789')}@google.com`);
      case 1:
        return this.k('uid', `${r.chars(32, '0123456789ABCDEF')}@zoom.us`);
      default:
        return this.k('uid', `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-b${r.hex(3)}-${r.hex(12)}`);
    }
  }
  col(name: string): string {
    return this.k('column_name', name);
  }
  key(name: string): string {
    return this.k('key_name', name);
  }
  flag(name: string): string {
    return this.k('flag_name', name);
  }
  header(name: string): string {
    return this.k('header_name', name);
  }

  // ----- prose: the classes in sentences, with the words around that name them

  prose(p: LPerson, layout = 'prose'): string {
    const r = this.r;
    const word = PHONE_COUNTRIES.find((c) => c.cc === p.phone.country)?.word ?? 'phone';
    switch (r.int(14)) {
      case 0:
        return `You can reach me on my ${word} ${this.phone(p, layout)} after 6pm.`;
      case 1:
        return `Please call ${this.phone(p, layout)} (${word}) if the courier cannot find the entrance.`;
      case 2:
        return `I moved last month, the new address is ${this.address(p, layout)}.`;
      case 3:
        return `Our account number is ${this.accountNumber(layout)} at the same bank as before.`;
      case 4: {
        const id = this.nationalId(p, layout);
        return `For the KYC check: my ${r.pick(id.maker.words)} is ${id.value}.`;
      }
      case 5:
        return `Payout wallet changed to ${this.wallet(layout)} as of today.`;
      case 6:
        return `Send the receipt to ${this.email(p, layout)} and not to the old address.`;
      case 7:
        return `my mail is ${this.spelledEmail(p, layout)}`;
      case 8:
        return `The customer ${this.providerId(layout, 'cus_')} was charged twice (${this.providerId(layout, r.pick(['ch_', 'pi_', 'in_']))}).`;
      case 9:
        return `Ticket escalated for account ${this.prefixedId(layout)}; CRM contact ${this.crmId(layout)}.`;
      case 10:
        return `I can't log in, my password is ${this.password(layout, ',.')} and it worked yesterday.`;
      case 11:
        return `${this.full(p, layout)} asked to move the delivery to ${this.address(p, layout)}.`;
      case 12:
        return `The staging box is ${this.host(p.org, layout)}, ask ${this.given(p, layout)} for access.`;
      default: {
        const id = this.anyNationalId(layout);
        return `Applicant ${id.maker.words[0]} ${id.value} verified against the register.`;
      }
    }
  }
}

// ---------------------------------------------------------------- shared helpers

interface Made {
  text: string;
  format: Format;
  ext: string;
  style: string[];
  check: Check;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';
const crlf = (ls: readonly string[]): string => ls.join('\r\n') + '\r\n';
const lf = (ls: readonly string[]): string => ls.join('\n') + '\n';

/** YAML scalar: plain where YAML 1.2 allows it, else single-quoted (quotes doubled). */
function yamlScalar(v: string): string {
  const plain =
    v !== '' &&
    !/^[-?:,[\]{}#&*!|>'"%@`\s]/.test(v) &&
    !/: |:$| #|\s$/.test(v) &&
    !/^(true|false|null|yes|no|on|off|~|[-+]?[\d.]+(e[-+]?\d+)?)$/i.test(v);
  return plain ? v : `'${v.replace(/'/g, "''")}'`;
}
/** Shell word: single-quoted unless it is all safe characters. */
const sh = (v: string): string => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(v) ? v : `'${v}'`);

/** Pads table cells to column widths (code points, as terminals count narrow text). */
const width = (s: string): number =>
  [...s].reduce(
    (n, c) => n + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60\uffe0-\uffe6]/.test(c) ? 2 : 1),
    0,
  );
const padEnd = (s: string, w: number): string => s + ' '.repeat(Math.max(0, w - width(s)));
const padStart = (s: string, w: number): string => ' '.repeat(Math.max(0, w - width(s))) + s;

interface Table {
  header: string[];
  rows: string[][];
}

/** A table of people as a tool would query it: columns named, cells planted with their layout. */
function peopleTable(b: LB, people: LPerson[], layout: string, exclude = ''): Table {
  const r = b.r;
  const shape = r.int(4);
  const header =
    shape === 0
      ? ['id', 'full_name', 'email', 'phone', 'created_at']
      : shape === 1
        ? ['customer_id', 'first_name', 'last_name', 'email', 'street', 'postcode', 'city']
        : shape === 2
          ? ['user_id', 'name', 'username', 'national_id', 'mobile']
          : ['account', 'owner', 'email', 'api_token', 'password'];
  header.forEach((h) => b.col(h));
  const rows = people.map((p, i) => {
    switch (shape) {
      case 0:
        return [
          String(i + 1),
          b.full(p, layout),
          b.email(p, layout),
          b.phone(p, layout),
          b.iso().slice(0, 19).replace('T', ' '),
        ];
      case 1:
        return [
          r.chance(0.5) ? b.providerId(layout, 'cus_') : b.prefixedId(layout),
          b.given(p, layout),
          b.family(p, layout),
          b.email(p, layout),
          b.address(p, layout, 'street'),
          p.address.postcode,
          p.address.city,
        ];
      case 2:
        return [
          b.userId(p, layout),
          b.full(p, layout),
          b.login(p, layout),
          b.nationalId(p, layout).value,
          b.phone(p, layout),
        ];
      default:
        return [
          b.prefixedId(layout),
          b.full(p, layout),
          b.email(p, layout),
          b.token(layout),
          b.password(layout, exclude),
        ];
    }
  });
  return { header, rows };
}

function psqlTable(t: Table): string[] {
  const w = t.header.map((h, i) => Math.max(width(h), ...t.rows.map((r) => width(r[i]!))));
  const head =
    ' ' + t.header.map((h, i) => padEnd(' '.repeat(Math.floor((w[i]! - width(h)) / 2)) + h, w[i]!)).join(' | ');
  const rule = w.map((n) => '-'.repeat(n + 2)).join('+');
  const rows = t.rows.map(
    (r) => ' ' + r.map((c, i) => (/^\d+$/.test(c) ? padStart(c, w[i]!) : padEnd(c, w[i]!))).join(' | '),
  );
  return [
    head.trimEnd(),
    rule,
    ...rows.map((x) => x.trimEnd()),
    `(${t.rows.length} ${t.rows.length === 1 ? 'row' : 'rows'})`,
  ];
}
function mysqlTable(t: Table): string[] {
  const w = t.header.map((h, i) => Math.max(width(h), ...t.rows.map((r) => width(r[i]!))));
  const rule = '+' + w.map((n) => '-'.repeat(n + 2)).join('+') + '+';
  const line = (r: string[]): string => '| ' + r.map((c, i) => padEnd(c, w[i]!)).join(' | ') + ' |';
  return [
    rule,
    line(t.header),
    rule,
    ...t.rows.map(line),
    rule,
    `${t.rows.length} ${t.rows.length === 1 ? 'row' : 'rows'} in set (0.00 sec)`,
  ];
}
function markdownTable(t: Table): string[] {
  return [
    `| ${t.header.join(' | ')} |`,
    `|${t.header.map(() => ' --- ').join('|')}|`,
    ...t.rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}
const csvField = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

// ---------------------------------------------------------------- trace kinds

/** HAR 1.2 (W3C Web Performance WG, "HTTP Archive (HAR) format"). */
function har(b: LB): Made {
  const r = b.r;
  const [p, q] = b.people(2) as [LPerson, LPerson];
  const host = `app.${b.orgDomain(p.org, 'HAR url host')}`;
  const entries: unknown[] = [];
  const nv = (name: string, value: string): { name: string; value: string } => ({ name, value });
  const entry = (
    method: string,
    url: string,
    headers: { name: string; value: string }[],
    cookies: { name: string; value: string }[],
    status: number,
    resHeaders: { name: string; value: string }[],
    resCookies: unknown[],
    content: { mimeType: string; text: string },
    postData?: { mimeType: string; text: string },
  ): void => {
    const u = new URL(url);
    entries.push({
      startedDateTime: b.iso(),
      time: r.range(20, 900),
      request: {
        method,
        url,
        httpVersion: 'HTTP/1.1',
        cookies,
        headers,
        queryString: [...u.searchParams].map(([n, v]) => nv(n, v)),
        ...(postData ? { postData } : {}),
        headersSize: -1,
        bodySize: postData ? postData.text.length : 0,
      },
      response: {
        status,
        statusText: status === 200 ? 'OK' : status === 201 ? 'Created' : 'Found',
        httpVersion: 'HTTP/1.1',
        cookies: resCookies,
        headers: resHeaders,
        content: { size: content.text.length, mimeType: content.mimeType, text: content.text },
        redirectURL: '',
        headersSize: -1,
        bodySize: content.text.length,
      },
      cache: {},
      timings: { send: r.range(0, 5), wait: r.range(10, 800), receive: r.range(1, 40) },
    });
  };
  // login: JSON credentials held in postData.text; the session cookie set by the response
  const pw = b.password('HAR postData JSON');
  const sess = b.cookie('HAR Set-Cookie');
  entry(
    'POST',
    `https://${host}/api/v1/session`,
    [nv(b.header('Content-Type'), 'application/json'), nv('traceparent', b.traceparent())],
    [],
    200,
    [
      nv(b.header('Set-Cookie'), `${sess.name}=${sess.value}; Path=/; HttpOnly; Secure; SameSite=Lax`),
      nv('X-Request-Id', b.requestId()),
    ],
    [{ name: sess.name, value: sess.value, path: '/', httpOnly: true, secure: true }],
    {
      mimeType: 'application/json',
      text: JSON.stringify({
        ok: true,
        user: { id: b.userId(p, 'HAR content JSON'), email: b.email(p, 'HAR content JSON') },
      }),
    },
    {
      mimeType: 'application/json',
      text: JSON.stringify({ email: b.email(p, 'HAR postData JSON'), password: pw, remember: true }),
    },
  );
  // an API call with the cookie, Basic auth, an API key header and a key in the query string
  const basic = b.basic(q.login, 'HAR Authorization Basic');
  const cus = b.providerId('HAR url path', 'cus_');
  const key = b.token('HAR query string');
  entry(
    'GET',
    `https://${host}/api/v1/customers/${cus}?expand=address&api_key=${key}`,
    [
      nv('Cookie', `${sess.name}=${sess.value}`),
      nv(b.header('Authorization'), `Basic ${basic.b64}`),
      nv(b.header('X-Api-Key'), b.token('HAR X-Api-Key header')),
      nv('traceparent', b.traceparent()),
    ],
    [nv(sess.name, sess.value)],
    200,
    [nv('Content-Type', 'application/json'), nv('X-Request-Id', b.requestId())],
    [],
    {
      mimeType: 'application/json; charset=utf-8',
      text: JSON.stringify({
        id: cus,
        object: 'customer',
        name: b.full(p, 'HAR content JSON'),
        email: b.email(p, 'HAR content JSON'),
        phone: b.phone(p, 'HAR content JSON'),
        address: {
          line1: b.address(p, 'HAR content JSON', 'street'),
          postal_code: p.address.postcode,
          city: p.address.city,
        },
        invoice_settings: { default_payment_method: b.providerId('HAR content JSON', 'pm_') },
        metadata: { crm_id: b.crmId('HAR content JSON'), docs: b.link() },
      }),
    },
  );
  if (r.chance(0.6))
    entry(
      'GET',
      `https://${host}/settings/team`,
      [nv('Cookie', `${sess.name}=${sess.value}; theme=dark`)],
      [nv(sess.name, sess.value), nv('theme', 'dark')],
      200,
      [nv('Content-Type', 'text/html; charset=utf-8')],
      [],
      {
        mimeType: 'text/html; charset=utf-8',
        text: `<table><tr><th>Name</th><th>E-mail</th></tr><tr><td>${b.full(q, 'HAR content HTML')}</td><td>${b.email(q, 'HAR content HTML')}</td></tr></table>`,
      },
    );
  return {
    text: json({ log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries } }),
    format: 'json',
    ext: 'har',
    style: ['pretty'],
    check: checkHar,
  };
}

/** Kubernetes container logs in the CRI logging format (kubelet), with structured JSON and klog lines. */
function k8sCri(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const ls: string[] = [];
  const ts = (): string => b.iso().replace(/\.(\d{3})Z$/, `.$1${r.digits(6)}Z`);
  for (const p of b.people(r.range(3, 5))) {
    const log = {
      level: r.pick(['info', 'warn', 'error']),
      ts: b.iso(),
      msg: r.pick(['login succeeded', 'payment failed', 'profile updated', 'password reset requested']),
      trace_id: b.traceId(),
      span_id: b.spanId(),
      user_email: b.email(p, 'structured log field'),
      user_id: b.userId(p, 'structured log field'),
      client: { device_id: b.deviceId('structured log field').value, ip: '10.42.0.17' },
    };
    ls.push(`${ts()} stdout F ${JSON.stringify(log)}`);
    ls.push(
      `${ts()} stderr F ${klog(b)} "Updated customer" customer="${b.providerId('klog key=value')}" email="${b.email(p, 'klog key=value')}" phone="${b.phone(p, 'klog key=value')}"`,
    );
    if (r.chance(0.5))
      ls.push(
        `${ts()} stdout F ${r.pick(['INFO', 'WARN'])} connecting to postgres://billing:${b.urlPassword('connection string in log')}@${b.host(p.org, 'connection string in log')}:5432/billing`,
      );
    if (r.chance(0.5))
      ls.push(`${ts()} stdout F ${b.iso().slice(0, 19).replace('T', ' ')} ${b.prose(p, 'log line prose')}`);
    ls.push(
      `${ts()} stdout F request done path=/v1/users/${b.userId(p, 'url path in log')} status=200 request_id=${b.requestId()}`,
    );
  }
  return { lines: ls, check: checkCri };
}
function klog(b: LB): string {
  const d = b.date();
  return `${b.r.pick(['I', 'W', 'E'])}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())} ${d.toISOString().slice(11, 19)}.${b.r.digits(6)}       1 ${b.r.pick(['handler.go', 'billing.go', 'sync.go'])}:${b.r.range(20, 400)}]`;
}

/** `kubectl get secret,configmap -o yaml` (a v1 List): Secret data base64, stringData, ConfigMap data. */
function kubectlYaml(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const p = b.people(1)[0]!;
  const pw = makePassword2(r);
  const b64 = Buffer.from(pw).toString('base64');
  b.p('secret', 'kubernetes secret data (base64)', 'Secret data', b64);
  const tok = b.token('Secret stringData');
  const ls = [
    'apiVersion: v1',
    'items:',
    '- apiVersion: v1',
    '  data:',
    `    ${b.key('DB_PASSWORD')}: ${b64}`,
    `    ${b.key('SMTP_USER')}: ${Buffer.from(p.email).toString('base64')}`,
    '  kind: Secret',
    '  metadata:',
    `    name: billing-credentials`,
    '    namespace: billing',
    '  stringData:',
    `    ${b.key('api_token')}: ${yamlScalar(tok)}`,
    `    ${b.key('admin_password')}: ${yamlScalar(b.password('Secret stringData', "'"))}`,
    '  type: Opaque',
    '- apiVersion: v1',
    '  data:',
    `    ${b.key('DATABASE_HOST')}: ${b.host(p.org, 'ConfigMap data')}`,
    `    ${b.key('SUPPORT_EMAIL')}: ${b.email(p, 'ConfigMap data')}`,
    `    ${b.key('ONCALL_PHONE')}: ${yamlScalar(b.phone(p, 'ConfigMap data'))}`,
    `    ${b.key('OWNER')}: ${yamlScalar(b.full(p, 'ConfigMap data'))}`,
    `    DOCS: ${b.link()}`,
    '  kind: ConfigMap',
    '  metadata:',
    '    name: billing-config',
    '    namespace: billing',
    'kind: List',
    'metadata:',
    '  resourceVersion: ""',
  ];
  return { lines: ls, check: checkYaml };
}

/** Docker json-file logging driver: one JSON object per line, `log` holding the line with its newline. */
function dockerJson(b: LB): Made {
  const r = b.r;
  const out: string[] = [];
  for (const p of b.people(r.range(3, 5))) {
    const lines = [
      `${b.iso()} INFO  SignupController - new signup name="${b.full(p, 'log line key="value"')}" email=${b.email(p, 'log line key=value')} phone="${b.phone(p, 'log line key="value"')}"`,
      `${b.iso()} DEBUG HttpClient - > Authorization: Basic ${b.basic(p.login, 'logged Authorization header').b64}`,
      `${b.iso()} DEBUG HttpClient - < Set-Cookie: ${(() => {
        const c = b.cookie('logged Set-Cookie header');
        return `${c.name}=${c.value}; Path=/; HttpOnly`;
      })()}`,
      `${b.iso()} WARN  Payouts - ${b.prose(p, 'log line prose')}`,
    ];
    for (const l of lines)
      out.push(JSON.stringify({ log: l + '\n', stream: r.pick(['stdout', 'stderr']), time: b.iso() }));
  }
  return { text: lf(out), format: 'jsonl', ext: 'log', style: ['json-file'], check: checkJsonl };
}

/** pg_dump plain-text output: COPY … FROM stdin (default) or INSERT statements (--inserts / --column-inserts). */
function pgDump(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(3, 6));
  const cols = ['id', 'email', 'full_name', 'phone', 'street', 'api_token', 'password_hash', 'stripe_customer'];
  cols.forEach((c) => b.col(c));
  const rows = people.map((p, i) => [
    String(i + 1),
    b.email(p, 'SQL dump row'),
    b.full(p, 'SQL dump row'),
    b.phone(p, 'SQL dump row'),
    b.address(p, 'SQL dump row', 'street'),
    b.token('SQL dump api_token column'),
    b.p('secret', 'password hash', 'SQL dump row', `$2b$12$${r.chars(53, ALNUM + './')}`),
    b.providerId('SQL dump row', 'cus_'),
  ]);
  const ls = [
    '--',
    '-- PostgreSQL database dump',
    '--',
    '',
    '-- Dumped from database version 16.3',
    '-- Dumped by pg_dump version 16.3',
    '',
    'SET statement_timeout = 0;',
    "SET client_encoding = 'UTF8';",
    'SET standard_conforming_strings = on;',
    '',
    'CREATE TABLE public.customers (',
    '    id integer NOT NULL,',
    '    email text NOT NULL,',
    '    full_name text,',
    '    phone text,',
    '    street text,',
    '    api_token text,',
    '    password_hash text,',
    '    stripe_customer text',
    ');',
    '',
  ];
  const inserts = r.chance(0.4);
  if (inserts) {
    for (const row of rows)
      ls.push(
        `INSERT INTO public.customers (${cols.join(', ')}) VALUES (${row.map((v, i) => (i === 0 ? v : `'${v.replace(/'/g, "''")}'`)).join(', ')});`,
      );
  } else {
    ls.push(`COPY public.customers (${cols.join(', ')}) FROM stdin;`);
    for (const row of rows) ls.push(row.join('\t'));
    ls.push('\\.');
  }
  ls.push('', '--', '-- PostgreSQL database dump complete', '--');
  return { lines: ls, check: checkSqlDump };
}

/** mysqldump output: CREATE TABLE, LOCK TABLES, one extended INSERT … VALUES (…),(…); with backslash escapes. */
function mysqldump(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(3, 6));
  ['user_id', 'login', 'email', 'display_name', 'mobile', 'national_id', 'wallet', 'remember_token'].forEach((c) =>
    b.col(c),
  );
  const tuples = people.map(
    (p) =>
      `(${b.userId(p, 'SQL dump row')},'${b.login(p, 'SQL dump row')}','${b.email(p, 'SQL dump row')}','${b.full(p, 'SQL dump row')}','${b.phone(p, 'SQL dump row')}','${b.nationalId(p, 'SQL dump row').value}','${b.wallet('SQL dump row')}','${b.token('SQL dump remember_token column')}')`,
  );
  const ls = [
    '-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)',
    '--',
    `-- Host: ${b.host(people[0]!.org, 'dump header Host')}    Database: crm`,
    '-- ------------------------------------------------------',
    '/*!40101 SET NAMES utf8mb4 */;',
    '',
    'DROP TABLE IF EXISTS `users`;',
    'CREATE TABLE `users` (',
    '  `user_id` bigint NOT NULL,',
    '  `login` varchar(64) NOT NULL,',
    '  `email` varchar(255) NOT NULL,',
    '  `display_name` varchar(255) DEFAULT NULL,',
    '  `mobile` varchar(32) DEFAULT NULL,',
    '  `national_id` varchar(32) DEFAULT NULL,',
    '  `wallet` varchar(64) DEFAULT NULL,',
    '  `remember_token` varchar(100) DEFAULT NULL,',
    '  PRIMARY KEY (`user_id`)',
    ') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;',
    '',
    'LOCK TABLES `users` WRITE;',
    '/*!40000 ALTER TABLE `users` DISABLE KEYS */;',
    `INSERT INTO \`users\` VALUES ${tuples.join(',')};`,
    '/*!40000 ALTER TABLE `users` ENABLE KEYS */;',
    'UNLOCK TABLES;',
    '',
    `-- Dump completed on ${b.iso().slice(0, 19).replace('T', ' ')}`,
  ];
  return { lines: ls, check: checkSqlDump };
}

/** psql sessions: aligned tables with `(N rows)` and expanded `\x` records (PostgreSQL docs, psql). */
function psqlSession(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(2, 5));
  const t = peopleTable(b, people, 'psql table cell', '|');
  const ls = [`crm=> SELECT ${t.header.join(', ')} FROM customers LIMIT ${people.length};`, ...psqlTable(t), ''];
  if (r.chance(0.6)) {
    const p = b.people(1)[0]!;
    ls.push(
      'crm=> \\x',
      'Expanded display is on.',
      `crm=> SELECT * FROM users WHERE id = ${b.userId(p, 'psql expanded record')};`,
    );
    const rec: [string, string][] = [
      [b.col('id'), p.numericId],
      [b.col('name'), b.full(p, 'psql expanded record')],
      [b.col('email'), b.email(p, 'psql expanded record')],
      [b.col('phone'), b.phone(p, 'psql expanded record')],
      [b.col('reset_token'), b.token('psql expanded record')],
    ];
    const w = Math.max(...rec.map(([k]) => k.length));
    ls.push(`-[ RECORD 1 ]${'-'.repeat(w)}`, ...rec.map(([k, v]) => `${k.padEnd(w)} | ${v}`), '');
  }
  return { lines: ls, check: checkPsql };
}

/** mysql client sessions: boxed tables and `\G` vertical output. */
function mysqlSession(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(2, 5));
  const t = peopleTable(b, people, 'mysql table cell', '|');
  const ls = [`mysql> SELECT ${t.header.join(', ')} FROM accounts;`, ...mysqlTable(t), ''];
  if (r.chance(0.6)) {
    const p = b.people(1)[0]!;
    ls.push(
      `mysql> SELECT * FROM members WHERE member_id = ${b.userId(p, 'mysql \\G record')}\\G`,
      '*************************** 1. row ***************************',
    );
    for (const [k, v] of [
      [b.col('member_id'), p.numericId],
      [b.col('display_name'), b.full(p, 'mysql \\G record')],
      [b.col('email'), b.email(p, 'mysql \\G record')],
      [b.col('address'), b.address(p, 'mysql \\G record')],
    ] as [string, string][])
      ls.push(`${k.padStart(12)}: ${v}`);
    ls.push('1 row in set (0.00 sec)', '');
  }
  return { lines: ls, check: checkMysql };
}

/** sqlite3 shell: `.mode box` and `.mode list` (sqlite.org, Command Line Shell For SQLite). */
function sqliteSession(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(2, 5));
  const t = peopleTable(b, people, 'sqlite table cell', '|');
  const ls: string[] = ['sqlite> .mode box', `sqlite> SELECT ${t.header.join(', ')} FROM people;`];
  const w = t.header.map((h, i) => Math.max(width(h), ...t.rows.map((row) => width(row[i]!))));
  ls.push('┌' + w.map((n) => '─'.repeat(n + 2)).join('┬') + '┐');
  ls.push('│ ' + t.header.map((h, i) => padEnd(h, w[i]!)).join(' │ ') + ' │');
  ls.push('├' + w.map((n) => '─'.repeat(n + 2)).join('┼') + '┤');
  for (const row of t.rows) ls.push('│ ' + row.map((c, i) => padEnd(c, w[i]!)).join(' │ ') + ' │');
  ls.push('└' + w.map((n) => '─'.repeat(n + 2)).join('┴') + '┘');
  if (r.chance(0.6)) {
    const more = b.people(2);
    ls.push(
      'sqlite> .headers on',
      'sqlite> .mode list',
      `sqlite> SELECT ${b.col('handle')}, ${b.col('email')}, ${b.col('wallet')} FROM payouts;`,
    );
    ls.push('.mode list', 'handle|email|wallet');
    for (const p of more)
      ls.push(`${b.handle(p, 'sqlite list row')}|${b.email(p, 'sqlite list row')}|${b.wallet('sqlite list row')}`);
  }
  return { lines: ls, check: checkSqlite };
}

/** A markdown document (CommonMark + GFM tables): prose and a contact table. */
function markdownDoc(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const people = b.people(r.range(2, 5));
  const t = peopleTable(b, people, 'markdown table cell', '|');
  const p = people[0]!;
  return {
    lines: [
      `# Incident ${r.range(100, 999)}: duplicate charges`,
      '',
      `Reported by ${b.full(p, 'markdown prose')} (${b.email(p, 'markdown prose')}). See ${b.link()} for the format of the mails.`,
      '',
      b.prose(p, 'markdown prose'),
      '',
      '## Affected customers',
      '',
      ...markdownTable(t),
      '',
      `Owner: @${b.handle(people[people.length - 1]!, 'markdown @mention')} · ${b.publicOrg()} ticket linked.`,
    ],
    check: checkMarkdown,
  };
}

/** RFC 4180 CSV export (CRLF, header row, fields quoted where they hold a comma or a quote). */
function csvExport(b: LB): { lines: string[]; check: Check; crlf: boolean } {
  const r = b.r;
  const people = b.people(r.range(3, 7));
  const t = peopleTable(b, people, 'csv cell');
  if (r.chance(0.5)) {
    t.header.push(b.col('notes'));
    t.rows.forEach((row, i) => row.push(b.prose(people[i]!, 'csv cell prose')));
  }
  return { lines: [t.header, ...t.rows].map((row) => row.map(csvField).join(',')), check: checkCsv(','), crlf: true };
}

/** IANA text/tab-separated-values: a header, tab-separated fields (no tab inside a field). */
function tsvExport(b: LB): { lines: string[]; check: Check } {
  const people = b.people(b.r.range(3, 7));
  const t = peopleTable(b, people, 'tsv cell');
  return { lines: [t.header, ...t.rows].map((row) => row.join('\t')), check: checkTsv };
}

/** A .env file (dotenv conventions: KEY=value, quotes where a value holds spaces or shell characters). */
function dotenv(b: LB): { lines: string[]; check: Check } {
  const p = b.people(1)[0]!;
  const pw = b.password('.env value', "'");
  return {
    lines: [
      '# billing service',
      `${b.key('APP_URL')}=https://app.${b.orgDomain(p.org, '.env value')}`,
      `${b.key('DATABASE_URL')}=postgres://billing:${b.urlPassword('.env URL userinfo')}@${b.host(p.org, '.env value')}:5432/billing`,
      `${b.key('DB_PASSWORD')}='${pw}'`,
      `${b.key('SMTP_USER')}=${b.email(p, '.env value')}`,
      `${b.key('SMTP_PASS')}='${b.password('.env value', "'")}'`,
      `${b.key('API_KEY')}=${b.token('.env value')}`,
      `${b.key('SESSION_SECRET')}=${b.token('.env value')}`,
      `${b.key('ADMIN_NAME')}="${b.full(p, '.env value')}"`,
      `${b.key('SUPPORT_PHONE')}="${b.phone(p, '.env value')}"`,
      `${b.key('STRIPE_TEST_CUSTOMER')}=${b.providerId('.env value', 'cus_')}`,
      `${b.key('LOG_LEVEL')}=info`,
    ],
    check: checkEnv,
  };
}

/** An INI file (sections, key = value; Python configparser, git config, php.ini conventions). */
function iniConfig(b: LB): { lines: string[]; check: Check } {
  const p = b.people(1)[0]!;
  return {
    lines: [
      '; generated by setup.sh',
      '[database]',
      `${b.key('host')} = ${b.host(p.org, 'INI value')}`,
      `${b.key('user')} = ${b.login(p, 'INI value')}`,
      `${b.key('password')} = ${b.password('INI value')}`,
      '',
      '[smtp]',
      `${b.key('username')} = ${b.email(p, 'INI value')}`,
      `${b.key('password')} = ${b.password('INI value')}`,
      '',
      '[owner]',
      `${b.key('name')} = ${b.full(p, 'INI value')}`,
      `${b.key('phone')} = ${b.phone(p, 'INI value')}`,
      `${b.key('account_id')} = ${b.prefixedId('INI value')}`,
      '',
      '[api]',
      `${b.key('x_api_key')} = ${b.token('INI value')}`,
      `docs = ${b.link()}`,
    ],
    check: checkIni,
  };
}

/** A TOML (v1.0.0) configuration. */
function tomlConfig(b: LB): { lines: string[]; check: Check } {
  const p = b.people(1)[0]!;
  const q = b.people(1)[0]!;
  const s = (v: string): string => JSON.stringify(v);
  return {
    lines: [
      '[server]',
      `${b.key('public_url')} = ${s(`https://${b.orgHost(p.org, 'TOML string')}`)}`,
      '',
      '[database]',
      `${b.key('host')} = ${s(b.internalHost(p.org, 'TOML string'))}`,
      `${b.key('user')} = ${s(b.login(p, 'TOML string'))}`,
      `${b.key('password')} = ${s(b.password('TOML string'))}`,
      '',
      '[notifications]',
      `${b.key('maintainers')} = [${s(b.email(p, 'TOML array'))}, ${s(b.email(q, 'TOML array'))}]`,
      `${b.key('pager_phone')} = ${s(b.phone(q, 'TOML string'))}`,
      '',
      '[payouts]',
      `${b.key('wallet')} = ${s(b.wallet('TOML string'))}`,
      `${b.key('account_number')} = ${s(b.accountNumber('TOML string'))}`,
      `${b.key('webhook_secret')} = '${b.token('TOML literal string')}'`,
    ],
    check: checkToml,
  };
}

/** A YAML application config and a docker-compose `environment:` block (YAML 1.2 block style). */
function yamlConfig(b: LB): { lines: string[]; check: Check } {
  const p = b.people(1)[0]!;
  const q = b.people(1)[0]!;
  return {
    lines: [
      'services:',
      '  api:',
      '    image: ghcr.io/example/api:1.4.2',
      '    environment:',
      `      ${b.key('POSTGRES_PASSWORD')}: ${yamlScalar(b.password('YAML value', "'"))}`,
      `      ${b.key('POSTGRES_HOST')}: ${b.host(p.org, 'YAML value')}`,
      `      ${b.key('MAIL_FROM')}: ${yamlScalar(b.email(p, 'YAML value'))}`,
      `      ${b.key('X_API_KEY')}: ${yamlScalar(b.token('YAML value'))}`,
      'owner:',
      `  ${b.key('name')}: ${yamlScalar(b.full(p, 'YAML value'))}`,
      `  ${b.key('phone')}: ${yamlScalar(b.phone(p, 'YAML value'))}`,
      `  ${b.key('address')}: ${yamlScalar(b.address(p, 'YAML value'))}`,
      'oncall:',
      `  - ${b.key('user_id')}: ${yamlScalar(b.slackId(q, 'YAML list item'))}`,
      `    ${b.key('handle')}: ${yamlScalar(b.handle(q, 'YAML list item'))}`,
      `    ${b.key('email')}: ${yamlScalar(b.email(q, 'YAML list item'))}`,
      `docs: ${b.link()}`,
    ],
    check: checkYaml,
  };
}

/** RFC 5322 messages: one reply quoting the thread (.eml, CRLF), or an mbox of the thread (RFC 4155, LF). */
function emailThread(b: LB): Made {
  const r = b.r;
  const [a, c] = b.people(2) as [LPerson, LPerson];
  const mbox = r.chance(0.5);
  const ids = mbox ? [b.messageId(), b.messageId(), b.messageId()] : [b.messageId(), b.messageId()];
  const rfcDate = (d: Date): string => d.toUTCString().replace('GMT', '+0000');
  const sig = (p: LPerson): string[] => [
    '-- ',
    b.full(p, 'e-mail signature'),
    b.org(p.org, 'e-mail signature'),
    `${PHONE_COUNTRIES.find((x) => x.cc === p.phone.country)?.word ?? 'Tel'}: ${b.phone(p, 'e-mail signature')}`,
    b.address(p, 'e-mail signature'),
  ];
  const msg = (from: LPerson, to: LPerson, k: number, body: string[]): string[] => [
    `From: ${b.asciiFull(from, 'e-mail From header')} <${b.email(from, 'e-mail From header')}>`,
    `To: "${b.asciiFull(to, 'e-mail To header')}" <${b.email(to, 'e-mail To header')}>`,
    `Subject: ${k === 0 ? '' : 'Re: '}Refund for order ${r.range(1000, 9999)}`,
    `Date: ${rfcDate(b.date())}`,
    `Message-ID: <${ids[k]!}>`,
    ...(k > 0
      ? [
          `In-Reply-To: <${ids[k - 1]!}>`,
          `References: ${ids
            .slice(0, k)
            .map((x) => `<${x}>`)
            .join(' ')}`,
        ]
      : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    ...body,
  ];
  const b1 = [
    `Hello ${b.given(c, 'e-mail salutation')},`,
    '',
    b.prose(a, 'e-mail body prose'),
    b.prose(a, 'e-mail body prose'),
    '',
    ...sig(a),
  ];
  const b2 = [
    `Hi ${b.given(a, 'e-mail salutation')},`,
    '',
    `I checked customer ${b.providerId('e-mail body prose', 'cus_')} in ${b.publicOrg()}. Spec: ${b.link()}`,
    '',
    `On ${rfcDate(b.date())}, ${b.full(a, 'e-mail quoted attribution')} <${b.email(a, 'e-mail quoted attribution')}> wrote:`,
    ...b1.map((l) => (l === '' ? '>' : `> ${l}`)),
  ];
  if (!mbox) {
    return { text: crlf(msg(c, a, 1, b2)), format: 'text', ext: 'eml', style: ['eml', 'crlf'], check: checkEmail };
  }
  const from = (p: LPerson): string =>
    `From ${p.email} ${b
      .date()
      .toUTCString()
      .replace(/^(\w+), (\d+) (\w+) (\d+) (\S+) GMT$/, '$1 $3 $2 $5 $4')}`;
  const b3 = [`Thanks, ${b.full(c, 'e-mail body prose')} — ${b.prose(c, 'e-mail body prose')}`, '', ...sig(c)];
  return {
    text: lf([from(a), ...msg(a, c, 0, b1), '', from(c), ...msg(c, a, 1, b2), '', from(a), ...msg(a, c, 2, b3)]),
    format: 'text',
    ext: 'mbox',
    style: ['mbox', 'lf'],
    check: checkEmail,
  };
}

/** Folds an RFC 5545 / 6350 content line at 75 octets, never inside one of `keep` (planted values stay whole). */
function fold(line: string, keep: readonly string[]): string {
  const spans: [number, number][] = [];
  for (const k of keep) for (let i = line.indexOf(k); i >= 0; i = line.indexOf(k, i + 1)) spans.push([i, i + k.length]);
  const out: string[] = [];
  let start = 0;
  let limit = 75;
  while (Buffer.byteLength(line.slice(start)) > limit) {
    let end = start;
    let bytes = 0;
    for (const ch of line.slice(start)) {
      const n = Buffer.byteLength(ch);
      if (bytes + n > limit) break;
      bytes += n;
      end += ch.length;
    }
    // move the fold before every labelled value it would cut (values nest: a domain inside an e-mail)
    for (let inside = spans.find(([s, e]) => s < end && end < e); inside && inside[0] > start;) {
      end = inside[0];
      inside = spans.find(([s, e]) => s < end && end < e);
    }
    out.push(line.slice(start, end));
    start = end;
    limit = 74; // a continuation line starts with one space
  }
  out.push(line.slice(start));
  return out.join('\r\n ');
}
/** Every value labelled in the trace so far (planted or kept), for folding around them. */
const labelled = (b: LB): string[] => [
  ...[...b.plants.values()].map((p) => p.value),
  ...[...b.keeps.values()].map((k) => k.value),
];
const icsText = (v: string): string =>
  v.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
const plainText = (v: string): boolean => !/[\\;,\n]/.test(v);

/** iCalendar (RFC 5545): a VEVENT with UID, ORGANIZER, ATTENDEEs, LOCATION, DESCRIPTION. */
function icalendar(b: LB): Made {
  const r = b.r;
  const people = b.people(r.range(2, 4));
  const org = people[0]!;
  const stamp = (d: Date): string =>
    d
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const start = b.date();
  const uid = b.uid();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${b.publicOrg()}//Calendar 70.9054//EN`,
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp(b.date())}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
    `SUMMARY:Contract review with ${b.full(people[1]!, 'iCalendar SUMMARY')}`,
    `ORGANIZER;CN=${b.full(org, 'iCalendar CN parameter')}:mailto:${b.email(org, 'iCalendar mailto')}`,
    ...people
      .slice(1)
      .map(
        (p) =>
          `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=${b.full(p, 'iCalendar CN parameter')}:mailto:${b.email(p, 'iCalendar mailto')}`,
      ),
  ];
  const where = people.find((p) => plainText(p.address.street));
  if (where)
    lines.push(
      `LOCATION:${icsText(b.address(where, 'iCalendar LOCATION', 'street'))} (${icsText(where.address.city)})`,
    );
  lines.push(
    `DESCRIPTION:Dial-in: ${b.phone(org, 'iCalendar DESCRIPTION')}\\nAgenda: ${icsText(b.link())}\\nCustomer: ${b.providerId('iCalendar DESCRIPTION', 'cus_')}`,
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  );
  return {
    text: crlf(lines.map((l) => fold(l, labelled(b)))),
    format: 'text',
    ext: 'ics',
    style: ['crlf', 'folded'],
    check: checkIcs,
  };
}

/** vCard 4.0 (RFC 6350): FN, N, ORG, TEL, EMAIL, ADR, NOTE, UID. */
function vcard(b: LB): Made {
  const r = b.r;
  const out: string[] = [];
  for (const p of b.people(r.range(1, 3))) {
    const n = `${p.name.family};${p.name.given};;;`;
    b.p('person', `vCard N/${p.name.origin}`, 'vCard N components', `${p.name.family};${p.name.given}`, [
      `${p.name.family};${p.name.given}`,
      p.name.family,
    ]);
    const adr = plainText(p.address.street)
      ? `;;${b.address(p, 'vCard ADR street component', 'street')};${icsText(p.address.city)};;${p.address.postcode};${p.address.country}`
      : `;;${icsText(p.address.street)};${icsText(p.address.city)};;${p.address.postcode};${p.address.country}`;
    out.push(
      'BEGIN:VCARD',
      'VERSION:4.0',
      `FN:${b.full(p, 'vCard FN')}`,
      `N:${n}`,
      `ORG:${icsText(b.org(p.org, 'vCard ORG'))}`,
      `TEL;TYPE=cell:${b.phone(p, 'vCard TEL')}`,
      `EMAIL;TYPE=work:${b.email(p, 'vCard EMAIL')}`,
      `ADR;TYPE=home:${adr}`,
      `NOTE:Account ${b.prefixedId('vCard NOTE')}\\nWallet ${b.wallet('vCard NOTE')}`,
      `UID:urn:uuid:${b.uid()}`,
      'END:VCARD',
    );
  }
  return {
    text: crlf(out.map((l) => fold(l, labelled(b)))),
    format: 'text',
    ext: 'vcf',
    style: ['crlf'],
    check: checkVcf,
  };
}

/** A GitHub Actions job log (timestamps of 7 fractional digits, ##[group] markers, secrets masked as ***). */
function ciLog(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const p = b.people(1)[0]!;
  const t = (): string => b.iso().replace(/\.(\d{3})Z$/, `.$1${r.digits(4)}Z`);
  const pw = b.password('CI command line (quoted)', "'");
  return {
    lines: [
      `${t()} ##[group]Run actions/checkout@v4`,
      `${t()} ##[endgroup]`,
      `${t()} ##[group]Run ./scripts/seed.sh`,
      `${t()} env:`,
      `${t()}   NPM_TOKEN: ***`,
      `${t()}   DEPLOY_USER: ${b.login(p, 'CI env dump')}`,
      `${t()} ##[endgroup]`,
      `${t()} + mysql -h ${b.host(p.org, 'CI command line')} -u ${b.login(p, 'CI command line')} '-p${pw}' crm < seed.sql`,
      `${t()} + git config user.email ${b.email(p, 'CI command line')}`,
      `${t()} + curl -fsS -H 'X-Api-Key: ${b.token('CI command line X-Api-Key')}' https://api.${b.orgDomain(p.org, 'CI command line')}/v1/ping`,
      `${t()} Seeded customer ${b.providerId('CI log message', 'cus_')} for ${b.full(p, 'CI log message')} <${b.email(p, 'CI log message')}>`,
      `${t()} FAIL test/billing.test.ts › refunds › keeps the IBAN`,
      `${t()}   Expected: "${b.accountNumber('CI test diff')}"`,
      `${t()}   Received: {"phone": "${b.phone(p, 'CI test diff')}", "national_id": "${b.nationalId(p, 'CI test diff').value}"}`,
      `${t()} ##[error]Process completed with exit code 1. See ${b.link()}`,
    ],
    check: checkCiLog,
  };
}

/**
 * Shell sessions with credentials on command lines, as the tools document them: curl -u / --user / -b / -H,
 * httpie -a, mysql -p<password>, PGPASSWORD=… psql, sshpass -p, wget --password, redis-cli -a, docker login -p,
 * ldapsearch -w, kubectl --from-literal, htpasswd -b.
 */
function shellSession(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const out: string[] = [];
  const picks = r.shuffle([...Array(12).keys()]).slice(0, r.range(5, 8));
  for (const k of picks) {
    const p = b.people(1)[0]!;
    let h: string | undefined;
    let u: string | undefined;
    const host = (): string => (h ??= b.host(p.org, 'command-line host'));
    const user = (): string => (u ??= b.login(p, 'command-line user'));
    switch (k) {
      case 0:
        out.push(
          `$ curl -i ${b.flag('--user')} ${sh(`${user()}:${b.password('curl --user', "'")}`)} https://${host()}/api/v2/me`,
          'HTTP/1.1 200 OK',
        );
        break;
      case 1:
        out.push(
          `$ curl -s -u ${user()}:${sh(b.password('curl -u', "'"))} https://${host()}/admin/export.csv -o export.csv`,
        );
        break;
      case 2: {
        const c = b.cookie('curl -b cookie');
        out.push(
          `$ curl ${b.flag('--cookie')} '${c.name}=${c.value}' ${b.flag('--header')} 'Authorization: Basic ${b.basic(p.login, 'curl --header Authorization: Basic').b64}' https://${host()}/v1/invoices`,
        );
        break;
      }
      case 3:
        out.push(
          `$ http -a ${user()}:${sh(b.password('httpie -a', "'"))} POST https://${host()}/v1/refunds X-Api-Key:${b.token('httpie header item')} customer=${b.providerId('httpie data item', 'cus_')}`,
        );
        break;
      case 4:
        out.push(
          `$ mysql -h ${host()} -u ${user()} -p${sh(b.password('mysql -p<password>', "'"))} crm -e 'select count(*) from users'`,
          'count(*)',
          String(r.range(10, 9000)),
        );
        break;
      case 5:
        out.push(
          `$ PGPASSWORD=${sh(b.password('PGPASSWORD=', "'"))} psql -h ${host()} -U ${user()} -d billing -c '\\dt'`,
        );
        break;
      case 6:
        out.push(
          `$ sshpass -p ${sh(b.password('sshpass -p', "'"))} ssh ${user()}@${host()} 'sudo systemctl restart api'`,
        );
        break;
      case 7:
        out.push(
          `$ wget ${b.flag('--user')}=${user()} ${b.flag('--password')}=${sh(b.password('wget --password=', "'"))} https://${host()}/backups/latest.tar.gz`,
        );
        break;
      case 8:
        out.push(`$ redis-cli -h ${host()} -a ${sh(b.password('redis-cli -a', "'"))} ping`, 'PONG');
        break;
      case 9:
        out.push(
          `$ docker login -u ${user()} -p ${sh(b.password('docker login -p', "'"))} registry.${b.orgDomain(p.org, 'command-line host')}`,
          'Login Succeeded',
        );
        break;
      case 10:
        out.push(
          `$ ldapsearch -H ldap://${host()} -D 'cn=${b.asciiFull(p, 'LDAP DN')},ou=people,dc=${p.org.stem}' -w ${sh(b.password('ldapsearch -w', "'"))} '(mail=${b.email(p, 'LDAP filter')})'`,
        );
        break;
      default:
        out.push(
          `$ kubectl create secret generic smtp ${b.flag('--from-literal')}=username=${b.email(p, 'kubectl --from-literal')} ${b.flag('--from-literal')}=password=${sh(b.password('kubectl --from-literal', "'"))}`,
          'secret/smtp created',
        );
    }
  }
  return { lines: out, check: checkShell };
}

/** HTTP/1.1 header blocks (RFC 9110/9112) as `curl -v` prints them, and raw captured requests. */
function httpHeaders(b: LB): { lines: string[]; check: Check } {
  const r = b.r;
  const [p, q] = b.people(2) as [LPerson, LPerson];
  const host = b.orgHost(p.org, 'HTTP Host header');
  const c1 = b.cookie('Cookie header');
  const c2 = b.cookie('Set-Cookie header');
  const csrf = b.token('Cookie header');
  const ls = [
    `*   Trying 203.0.113.7:443...`,
    `> POST /api/v1/orders HTTP/1.1`,
    `> Host: ${host}`,
    `> User-Agent: curl/8.5.0`,
    `> ${b.header('Authorization')}: Basic ${b.basic(p.login, 'Authorization: Basic').b64}`,
    `> ${b.header('Cookie')}: ${c1.name}=${c1.value}; csrftoken=${csrf}`,
    `> ${b.header('X-Api-Key')}: ${b.token('X-Api-Key header')}`,
    `> X-Request-Id: ${b.requestId()}`,
    `> traceparent: ${b.traceparent()}`,
    `>`,
    `< HTTP/1.1 201 Created`,
    `< Content-Type: application/json`,
    `< ${b.header('Set-Cookie')}: ${c2.name}=${c2.value}; Path=/; Expires=Wed, 09 Jun 2027 10:18:14 GMT; HttpOnly; Secure`,
    `< Location: https://${host}/api/v1/orders/${b.prefixedId('Location header')}`,
    `<`,
    `{"customer":"${b.providerId('response body', 'cus_')}","email":"${b.email(q, 'response body')}"}`,
    '',
    `GET /v2/users/${b.userId(q, 'request line path')} HTTP/1.1`,
    `Host: ${b.internalHost(q.org, 'HTTP Host header')}`,
    `${b.header('Authorization')}: Bearer ${b.token('Authorization: Bearer')}`,
    `${b.header('X-Auth-Token')}: ${b.token('X-Auth-Token header')}`,
    `From: ${b.email(q, 'From header')}`,
    '',
  ];
  if (r.chance(0.5)) ls.push(`HTTP/1.1 302 Found`, `Location: ${b.link()}`, '');
  return { lines: ls, check: checkHttp };
}

/** A Slack export channel-day file (messages with user ids, user_profile, mentions) or users.json. */
function slackExport(b: LB): Made {
  const r = b.r;
  const people = b.people(r.range(3, 5));
  const team = makeSlackTeamId(r);
  if (r.chance(0.35)) {
    const users = people.map((p) => ({
      id: b.slackId(p, 'Slack users.json id'),
      team_id: team,
      name: b.login(p, 'Slack users.json name'),
      deleted: false,
      real_name: b.full(p, 'Slack users.json real_name'),
      tz: 'Europe/Berlin',
      profile: {
        title: 'Account manager',
        phone: b.phone(p, 'Slack profile phone'),
        real_name: b.full(p, 'Slack profile real_name'),
        display_name: b.handle(p, 'Slack profile display_name'),
        email: b.email(p, 'Slack profile email'),
        image_72: `https://avatars.slack-edge.com/2024-01-01/${r.digits(12)}_${r.hex(20)}_72.png`,
      },
      is_admin: false,
      updated: Math.floor(b.date().getTime() / 1000),
    }));
    return { text: json(users), format: 'json', ext: 'json', style: ['users.json'], check: checkSlack };
  }
  const msgs = people.flatMap((p, i) => {
    const other = people[(i + 1) % people.length]!;
    const ts = `${Math.floor(b.date().getTime() / 1000)}.${r.digits(6)}`;
    const text = `<@${b.slackId(other, 'Slack mention <@U…>')}> ${b.prose(p, 'Slack message text')}`;
    return [
      {
        client_msg_id: b.uid(),
        type: 'message',
        text,
        user: b.slackId(p, 'Slack message user'),
        ts,
        team,
        user_team: team,
        source_team: team,
        user_profile: {
          avatar_hash: r.hex(12),
          image_72: `https://avatars.slack-edge.com/2024-01-01/${r.digits(12)}_${r.hex(20)}_72.png`,
          first_name: b.given(p, 'Slack user_profile first_name'),
          real_name: b.full(p, 'Slack user_profile real_name'),
          display_name: b.handle(p, 'Slack user_profile display_name'),
          team,
          name: b.login(p, 'Slack user_profile name'),
          is_restricted: false,
        },
        blocks: [
          {
            type: 'rich_text',
            block_id: r.chars(5, ALNUM),
            elements: [{ type: 'rich_text_section', elements: [{ type: 'text', text }] }],
          },
        ],
      },
    ];
  });
  return { text: json(msgs), format: 'json', ext: 'json', style: ['channel-day'], check: checkSlack };
}

/** Webhook deliveries as a receiver logs them, one per line: Stripe, GitHub, Zendesk, Shopify payloads. */
function webhookLog(b: LB): Made {
  const r = b.r;
  const out: string[] = [];
  for (const p of b.people(r.range(3, 5))) {
    let body: unknown;
    let source: string;
    switch (r.int(4)) {
      case 0:
        source = 'stripe';
        body = {
          id: `evt_${r.chars(24, ALNUM)}`,
          object: 'event',
          type: 'customer.updated',
          data: {
            object: {
              id: b.providerId('webhook JSON', 'cus_'),
              object: 'customer',
              email: b.email(p, 'webhook JSON'),
              name: b.full(p, 'webhook JSON'),
              phone: b.phone(p, 'webhook JSON'),
              address: {
                line1: b.address(p, 'webhook JSON', 'street'),
                postal_code: p.address.postcode,
                country: p.address.country,
              },
              default_source: b.providerId('webhook JSON', 'card_'),
            },
          },
          request: { id: b.requestId(), idempotency_key: null },
        };
        break;
      case 1:
        source = 'github';
        body = {
          ref: 'refs/heads/main',
          pusher: { name: b.login(p, 'webhook pusher.name'), email: b.email(p, 'webhook pusher.email') },
          sender: {
            login: b.login(p, 'webhook sender.login'),
            id: Number(b.userId(p, 'webhook sender.id')),
            type: 'User',
          },
          head_commit: {
            author: {
              name: b.full(p, 'webhook commit author'),
              email: b.email(p, 'webhook commit author'),
              username: b.login(p, 'webhook commit author'),
            },
          },
        };
        break;
      case 2:
        source = 'zendesk';
        body = {
          ticket: {
            id: r.range(1000, 99999),
            requester_id: Number(b.userId(p, 'webhook requester_id')),
            assignee_id: Number(b.freshUserId('webhook assignee_id')),
            submitter_id: Number(b.freshUserId('webhook submitter_id')),
            description: b.prose(p, 'webhook ticket description'),
            via: {
              channel: 'email',
              source: { from: { address: b.email(p, 'webhook via.from'), name: b.full(p, 'webhook via.from') } },
            },
          },
        };
        break;
      default:
        source = 'shopify';
        body = {
          id: Number(r.digits(13)),
          email: b.email(p, 'webhook JSON'),
          customer: {
            id: Number(b.userId(p, 'webhook customer.id')),
            first_name: b.given(p, 'webhook first_name'),
            last_name: b.family(p, 'webhook last_name'),
            phone: b.phone(p, 'webhook JSON'),
          },
          shipping_address: {
            address1: b.address(p, 'webhook address1', 'street'),
            zip: p.address.postcode,
            city: p.address.city,
            country_code: p.address.country,
          },
          client_details: { browser_ip: '198.51.100.23', user_agent: 'Mozilla/5.0' },
        };
    }
    out.push(
      JSON.stringify({
        received_at: b.iso(),
        source,
        headers: { 'content-type': 'application/json', 'x-request-id': b.requestId(), traceparent: b.traceparent() },
        // half the receivers log the raw body as a string (JSON held in a string)
        body: r.chance(0.5) ? JSON.stringify(body) : body,
      }),
    );
  }
  return { text: lf(out), format: 'jsonl', ext: 'jsonl', style: ['webhook deliveries'], check: checkJsonl };
}

/** A help-desk ticket export (Zendesk-style JSON): requester, assignee and comment authors by numeric ids, prose. */
function ticketExport(b: LB): Made {
  const r = b.r;
  const [p, agent] = b.people(2) as [LPerson, LPerson];
  const comments = [...Array(r.range(3, 5)).keys()].map((i) => {
    const fromCustomer = i % 2 === 0;
    const who = fromCustomer ? p : agent;
    return {
      id: Number(r.digits(12)),
      type: 'Comment',
      author_id: Number(b.userId(who, 'ticket author_id')),
      body: fromCustomer
        ? `${b.prose(p, 'ticket comment prose')} ${b.prose(p, 'ticket comment prose')}`
        : `Thanks ${b.given(p, 'ticket comment salutation')}, I have updated ${b.crmId('ticket comment prose')}. — ${b.given(agent, 'ticket comment signature')}`,
      public: true,
      created_at: b.iso(),
      metadata: {
        system: { client: 'Mozilla/5.0', location: p.address.city },
        custom: { device_id: b.deviceId('ticket comment metadata').value },
      },
    };
  });
  const doc = {
    ticket: {
      id: r.range(10000, 99999),
      subject: `Charge dispute ${b.providerId('ticket subject', 'ch_')}`,
      requester_id: Number(b.userId(p, 'ticket requester_id')),
      assignee_id: Number(b.userId(agent, 'ticket assignee_id')),
      organization_id: Number(r.digits(11)),
      external_id: b.crmId('ticket external_id'),
      tags: ['billing', 'refund'],
      custom_fields: [
        { id: Number(r.digits(8)), value: b.accountNumber('ticket custom field') },
        { id: Number(r.digits(8)), value: b.anyNationalId('ticket custom field').value },
      ],
    },
    users: [
      {
        id: Number(p.numericId),
        name: b.full(p, 'ticket users[].name'),
        email: b.email(p, 'ticket users[].email'),
        phone: b.phone(p, 'ticket users[].phone'),
        role: 'end-user',
      },
      {
        id: Number(agent.numericId),
        name: b.full(agent, 'ticket users[].name'),
        email: b.email(agent, 'ticket users[].email'),
        role: 'agent',
      },
    ],
    comments,
    audit: { request_id: b.requestId(), docs: b.link() },
  };
  return { text: json(doc), format: 'json', ext: 'json', style: ['pretty'], check: checkJson };
}

/** An MCP client log (JSON-RPC 2.0 over stdio, one message per line): tools/call with tables in the text content. */
function mcpLog(b: LB): Made {
  const r = b.r;
  const out: string[] = [];
  let id = 1;
  out.push(
    JSON.stringify({
      jsonrpc: '2.0',
      id: id++,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', clientInfo: { name: 'agent', version: '1.4.2' } },
    }),
  );
  for (let k = r.range(2, 3); k > 0; k--) {
    const people = b.people(r.range(2, 4));
    const t = peopleTable(b, people, 'MCP tool result table cell', '|');
    const sql = `SELECT ${t.header.join(', ')} FROM customers`;
    const rid = id++;
    out.push(
      JSON.stringify({ jsonrpc: '2.0', id: rid, method: 'tools/call', params: { name: 'query', arguments: { sql } } }),
    );
    const tableText = r.chance(0.5) ? psqlTable(t).join('\n') : markdownTable(t).join('\n');
    out.push(
      JSON.stringify({
        jsonrpc: '2.0',
        id: rid,
        result: { content: [{ type: 'text', text: tableText }], isError: false },
      }),
    );
    const p = people[0]!;
    out.push(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: {
          level: 'info',
          data: `lookup ${b.email(p, 'MCP log message')} -> ${b.prose(p, 'MCP log message prose')}`,
        },
      }),
    );
  }
  return { text: lf(out), format: 'jsonl', ext: 'jsonl', style: ['json-rpc'], check: checkJsonl };
}

// ---------------------------------------------------------------- assembly

type TextMaker = (b: LB) => { lines: string[]; check: Check; crlf?: boolean };
const TEXT_MAKERS: Partial<Record<LayoutKind, { make: TextMaker; ext: string }>> = {
  'k8s-cri-log': { make: k8sCri, ext: 'log' },
  'kubectl-yaml': { make: kubectlYaml, ext: 'yaml' },
  'pg-dump': { make: pgDump, ext: 'sql' },
  mysqldump: { make: mysqldump, ext: 'sql' },
  'psql-session': { make: psqlSession, ext: 'txt' },
  'mysql-session': { make: mysqlSession, ext: 'txt' },
  'sqlite-session': { make: sqliteSession, ext: 'txt' },
  'markdown-doc': { make: markdownDoc, ext: 'md' },
  'csv-export': { make: csvExport, ext: 'csv' },
  'tsv-export': { make: tsvExport, ext: 'tsv' },
  dotenv: { make: dotenv, ext: 'env' },
  'ini-config': { make: iniConfig, ext: 'ini' },
  'toml-config': { make: tomlConfig, ext: 'toml' },
  'yaml-config': { make: yamlConfig, ext: 'yaml' },
  'ci-log': { make: ciLog, ext: 'log' },
  'shell-session': { make: shellSession, ext: 'txt' },
  'http-headers': { make: httpHeaders, ext: 'txt' },
};
const WHOLE_MAKERS: Partial<Record<LayoutKind, (b: LB) => Made>> = {
  har,
  'docker-json-log': dockerJson,
  'email-thread': emailThread,
  icalendar,
  vcard,
  'slack-export': slackExport,
  'webhook-log': webhookLog,
  'ticket-export': ticketExport,
  'mcp-log': mcpLog,
};

/**
 * A text layout inside an agent's tool result (one JSON Lines record per call, Claude-Code style), checked by its
 * own validator on the decoded string.
 */
function wrap(b: LB, made: Made): Made {
  const r = b.r;
  const callId = `toolu_01${r.chars(22, ALNUM)}`;
  const rec = {
    type: 'user',
    uuid: `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-8${r.hex(3)}-${r.hex(12)}`,
    timestamp: b.iso(),
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: callId, content: made.text }] },
  };
  const inner = made.check;
  return {
    text: JSON.stringify(rec) + '\n',
    format: 'jsonl',
    ext: 'jsonl',
    style: [...made.style, 'in a JSON tool result'],
    check: (text) => {
      let v: { message?: { content?: { content?: unknown }[] } };
      try {
        v = JSON.parse(text.split('\n')[0]!) as typeof v;
      } catch {
        return 'the JSON record no longer parses';
      }
      const s = v.message?.content?.[0]?.content;
      return typeof s === 'string' ? inner(s) : 'the tool result is no longer a string';
    },
  };
}

export interface LayoutOptions {
  readonly seed: string;
  /** Traces per trace kind. */
  readonly perKind: number;
}

/** Generates the layouts corpus: a pure function of the options. */
export function generateLayouts(opts: LayoutOptions): LayoutTrace[] {
  const rng = new Rng(`tracetwin-layouts:${opts.seed}`);
  const world = makeWorld(rng.fork('world'));
  const out: LayoutTrace[] = [];
  for (let i = 0; i < opts.perKind; i++) {
    for (const kind of LAYOUT_KINDS) {
      const b = new LB(rng.fork(`${kind}:${i}`), world);
      let made: Made;
      const whole = WHOLE_MAKERS[kind];
      if (whole) made = whole(b);
      else {
        const t = TEXT_MAKERS[kind]!;
        const m = t.make(b);
        const text = m.crlf ? crlf(m.lines) : lf(m.lines);
        made = { text, format: 'text', ext: t.ext, style: [m.crlf ? 'crlf' : 'lf'], check: m.check };
        if (b.r.chance(0.3)) made = wrap(b, made);
      }
      const id = `${kind}-${String(i).padStart(3, '0')}`;
      out.push({
        id,
        family: kind,
        format: made.format,
        name: `${id}.${made.ext}`,
        text: made.text,
        plants: [...b.plants.values()],
        keeps: [...b.keeps.values()],
        confidential: [],
        style: made.style,
        check: made.check,
      });
    }
  }
  return out;
}
