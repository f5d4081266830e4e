/**
 * The evaluation's labelled corpus: realistic agent traces in seven formats,
 * generated from a seed, with every planted value recorded with its kind
 * (values to replace) or its keep class (values that must stay byte-identical).
 *
 * Formats and where personal data hides follow the product's notes on trace
 * formats: OpenAI chat-completions logs (tool-call arguments as JSON in a
 * string), Anthropic messages (tool_use / tool_result blocks), Claude-Code
 * session JSONL, OTLP/JSON GenAI spans (stringValue attributes holding JSON),
 * LangSmith run exports, support-chat transcripts and terminal logs. Some
 * traces are written Python-style (`json.dumps` default: ", " / ": "
 * separators and `\uXXXX` escapes), some JSONL with CRLF line endings.
 */
import type { Format, Kind } from '../pseudonymiser/types';
import { ALNUM, Rng } from './rng';
import {
  CODE_IDENTIFIERS,
  CONFIDENTIAL_ORGS,
  MODELS,
  PRIVATE_IPS,
  PUBLIC_ORGS,
  PUBLIC_URLS,
  SECRET_MAKERS,
  VERSIONS,
  makeJwt,
  makeOrg,
  makePassword,
  makePem,
  makePerson,
  sha,
  uuid,
  type Org,
  type Person,
} from './values';

export const FAMILIES = [
  'openai-chat',
  'anthropic-messages',
  'claude-code',
  'otlp-genai',
  'langsmith',
  'support-chat',
  'terminal-log',
] as const;
export type Family = (typeof FAMILIES)[number];

export const KEEP_KINDS = [
  'uuid',
  'trace_id',
  'span_id',
  'tool_call_id',
  'sha',
  'timestamp',
  'model',
  'tool_name',
  'public_url',
  'public_org',
  'code_identifier',
  'version',
  'private_ip',
  'name_word',
] as const;
export type KeepKind = (typeof KEEP_KINDS)[number];

/** A value planted to be replaced. */
export interface Plant {
  readonly kind: Kind;
  /** Finer label: provider, country, layout. */
  readonly sub: string;
  readonly value: string;
  /** Substrings whose presence in the twin counts as a leak (default: the value). */
  readonly probes: readonly string[];
}

export interface Keep {
  readonly kind: KeepKind;
  readonly value: string;
}

export interface Trace {
  readonly id: string;
  readonly family: Family;
  readonly format: Format;
  /** A file name with the extension that implies the format. */
  readonly name: string;
  readonly text: string;
  readonly plants: readonly Plant[];
  readonly keeps: readonly Keep[];
  readonly confidential: readonly string[];
  /** How the trace was written (for the report): python-style, crlf, … */
  readonly style: readonly string[];
}

// ---------------------------------------------------------------- serialisers

/** Python `json.dumps` default style: ", " and ": " separators, non-ASCII as \uXXXX. */
export function pyDumps(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const s = JSON.stringify(value);
    return typeof value === 'string'
      ? s.replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
      : s;
  }
  if (Array.isArray(value)) return '[' + value.map(pyDumps).join(', ') + ']';
  return (
    '{' +
    Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => pyDumps(k) + ': ' + pyDumps(v))
      .join(', ') +
    '}'
  );
}

export type Dumps = (value: unknown) => string;
const compact: Dumps = (v) => JSON.stringify(v);
const pretty: Dumps = (v) => JSON.stringify(v, null, 2);

// ---------------------------------------------------------------- the world every trace draws from

export interface World {
  readonly orgs: readonly Org[];
  readonly people: readonly Person[];
  /** A shared pool of secrets (provider, value), so that some recur across traces. */
  readonly secrets: readonly { provider: string; value: string }[];
}

export function makeWorld(rng: Rng, people = 30, orgs = 8): World {
  const o: Org[] = [];
  for (let i = 0; i < orgs; i++) o.push(makeOrg(rng, i));
  const taken = new Set<string>();
  const p: Person[] = [];
  for (let i = 0; i < people; i++) p.push(makePerson(rng, o[i % o.length]!, taken));
  const s: { provider: string; value: string }[] = [];
  for (const provider of Object.keys(SECRET_MAKERS)) {
    for (let i = 0; i < 2; i++) s.push({ provider, value: SECRET_MAKERS[provider]!(rng) });
  }
  return { orgs: o, people: p, secrets: s };
}

// ---------------------------------------------------------------- per-trace builder

/** Records plants and keeps while a trace is written. */
export class Builder {
  readonly plants = new Map<string, Plant>();
  readonly keeps = new Map<string, Keep>();
  private clock: number;

  constructor(
    readonly rng: Rng,
    readonly world: World,
  ) {
    this.clock = Date.UTC(2025, 0, 1) + rng.int(300) * 86_400_000 + rng.int(86_400) * 1000;
  }

  p(kind: Kind, sub: string, value: string, probes?: readonly string[]): string {
    const k = `${kind}\u0000${value}`;
    if (!this.plants.has(k)) this.plants.set(k, { kind, sub, value, probes: probes ?? [value] });
    return value;
  }

  k(kind: KeepKind, value: string): string {
    const k = `${kind}\u0000${value}`;
    if (!this.keeps.has(k)) this.keeps.set(k, { kind, value });
    return value;
  }

  // ----- people and accounts

  person(who: Person): string {
    if (who.culture === 'cjk-script') return this.p('person', 'cjk-script', who.full);
    return this.p('person', 'full-name', who.full);
  }
  first(who: Person): string {
    return this.p('person', 'first-name', who.first);
  }
  org(o: Org): string {
    return this.p('organisation', 'private', o.name);
  }
  domain(o: Org): string {
    return this.p('domain', 'org-domain', o.domain);
  }
  confidential(): string {
    return this.p('organisation', 'confidential', this.rng.pick(CONFIDENTIAL_ORGS));
  }
  email(who: Person, personal = this.rng.chance(0.4)): string {
    return personal ? this.p('email', 'free-mail', who.personalEmail) : this.p('email', 'work', who.workEmail);
  }
  phone(who: Person): string {
    return this.p('phone', who.phoneCountry, who.phone);
  }
  address(who: Person): string {
    return this.p('address', 'street', who.address);
  }
  card(who: Person): string {
    return this.p('card', who.cardBrand, who.card);
  }
  iban(who: Person): string {
    return this.p('iban', who.iban.slice(0, 2), who.iban);
  }
  ssn(who: Person): string {
    return this.p('national_id', 'us-ssn', who.ssn);
  }
  customerId(who: Person): string {
    return this.p('account_id', who.customerId.startsWith('cus_') ? 'stripe-customer' : 'cust-number', who.customerId);
  }
  handle(who: Person): string {
    return this.p('handle', 'at-handle', who.handle);
  }
  username(who: Person, sub = 'home-dir'): string {
    return this.p('username', sub, who.username);
  }
  home(who: Person): string {
    const u = this.username(who);
    return this.rng.chance(0.5) ? `/Users/${u}` : `/home/${u}`;
  }
  ip(who: Person): string {
    return this.p('ip', who.ip.includes(':') ? 'v6' : 'v4', who.ip);
  }
  mac(who: Person): string {
    return this.p('mac', who.mac.includes(':') ? 'colon' : 'dash', who.mac);
  }
  wallet(who: Person): string {
    return this.p('wallet', who.walletKind, who.wallet);
  }
  bankAccount(who: Person): string {
    return this.p('bank_account', 'us-account', who.bankAccount);
  }
  imei(who: Person): string {
    return this.p('device_id', 'imei', who.imei);
  }

  // ----- secrets

  secret(provider?: string): string {
    const rng = this.rng;
    let s: { provider: string; value: string };
    if (provider !== undefined) {
      const maker = SECRET_MAKERS[provider];
      if (!maker) throw new Error(`no secret maker for ${provider}`);
      s = rng.chance(0.5)
        ? (this.world.secrets.find((x) => x.provider === provider) ?? { provider, value: maker(rng) })
        : { provider, value: maker(rng) };
    } else s = rng.chance(0.6) ? rng.pick(this.world.secrets) : this.freshSecret();
    return this.p('secret', s.provider, s.value);
  }
  private freshSecret(): { provider: string; value: string } {
    const provider = this.rng.pick(Object.keys(SECRET_MAKERS));
    return { provider, value: SECRET_MAKERS[provider]!(this.rng) };
  }
  password(sub: string): string {
    return this.p('password', sub, makePassword(this.rng));
  }
  jwt(who: Person): string {
    const t = makeJwt(this.rng, who);
    const [, payload, sig] = t.split('.');
    return this.p('jwt', 'hs-rs', t, [t, payload!, sig!]);
  }
  pem(): string {
    const block = makePem(this.rng);
    const lines = block.split('\n').filter((l) => !l.startsWith('-----'));
    const kind = /BEGIN (.*)-----/.exec(block)![1]!;
    return this.p('private_key', kind.toLowerCase().replace(/ /g, '-'), block, lines.slice(0, -1));
  }

  // ----- keep values

  uuid(): string {
    return this.k('uuid', uuid(this.rng));
  }
  traceId(): string {
    return this.k('trace_id', this.rng.hex(32));
  }
  spanId(): string {
    return this.k('span_id', this.rng.hex(16));
  }
  callId(style: 'openai' | 'anthropic'): string {
    return this.k(
      'tool_call_id',
      style === 'openai' ? `call_${this.rng.chars(24, ALNUM)}` : `toolu_01${this.rng.chars(22, ALNUM)}`,
    );
  }
  sha(len = 40): string {
    return this.k('sha', sha(this.rng, len));
  }
  /** An ISO-8601 timestamp a little later than the previous one. */
  ts(): string {
    this.clock += 1000 + this.rng.int(40_000);
    return this.k('timestamp', new Date(this.clock).toISOString());
  }
  epochNanos(): string {
    this.clock += 1000 + this.rng.int(40_000);
    return `${this.clock}${this.rng.digits(6)}`;
  }
  model(): string {
    return this.k('model', this.rng.pick(MODELS));
  }
  tool(name: string): string {
    return this.k('tool_name', name);
  }
  url(): string {
    return this.k('public_url', this.rng.pick(PUBLIC_URLS));
  }
  publicOrg(): string {
    return this.k('public_org', this.rng.pick(PUBLIC_ORGS));
  }
  ident(): string {
    return this.k('code_identifier', this.rng.pick(CODE_IDENTIFIERS));
  }
  version(): string {
    return this.k('version', this.rng.pick(VERSIONS));
  }
  privateIp(): string {
    return this.k('private_ip', this.rng.pick(PRIVATE_IPS));
  }

  /** A sentence using words that are also names, in their ordinary sense, plus other keep values. */
  keepSentence(): string {
    const r = this.rng;
    const w = (word: string): string => this.k('name_word', word);
    switch (r.int(8)) {
      case 0:
        return `${w('Will')} the migration lock the table? The ${this.ident()} path runs on ${this.version()}.`;
      case 1:
        return `${w('Grace')} period for the refund is 14 days; see ${this.url()} for the API.`;
      case 2:
        return `The ${w('Apple')} Silicon build of ${this.publicOrg()}'s SDK failed on ${w('Python')} 3.12.`;
      case 3:
        return `${w('May')} invoices are generated by ${this.ident()} (${this.version()}).`;
      case 4:
        return `${w('Mark')} the ticket as solved once ${this.publicOrg()} confirms; the host is ${this.privateIp()}.`;
      case 5:
        return `${w('Bill')} runs are queued behind ${this.ident()}; ${this.publicOrg()} status is green.`;
      case 6:
        return `${w('Amber')} alert cleared at ${this.ts()}; ${w('Rose')} gold is the default accent colour in ${this.version()}.`;
      default:
        return `Shipping to ${w('Jordan')} takes five days. ${w('Python')} ${this.version()} on ${this.privateIp()}.`;
    }
  }

  // ----- realistic snippets

  /** A customer's opening message. */
  customerMessage(c: Person): string {
    const r = this.rng;
    switch (r.int(5)) {
      case 0:
        return `Hi, I'm ${this.person(c)}. My card ${this.card(c)} was charged twice for order 4471. You can reach me at ${this.phone(c)}.`;
      case 1:
        return `Hello, this is ${this.person(c)} from ${this.org(c.org)}. Please send the invoice to ${this.email(c)} and update our IBAN to ${this.iban(c)}.`;
      case 2:
        return `I moved to ${this.address(c)}. Can you update my account ${this.customerId(c)}? My SSN is ${this.ssn(c)} if you need to verify.`;
      case 3:
        return `My name is ${this.person(c)}, email ${this.email(c)}. I paid from wallet ${this.wallet(c)} but nothing arrived.`;
      default:
        return `${this.person(c)} here (${this.handle(c)} on Slack). Our ${this.confidential()} contract renews next month; call ${this.phone(c)}.`;
    }
  }

  /** A CRM / billing record as a tool would return it. */
  customerRecord(c: Person): Record<string, unknown> {
    const r = this.rng;
    const rec: Record<string, unknown> = {
      customer_id: this.customerId(c),
      name: this.person(c),
      email: this.email(c),
      phone: this.phone(c),
    };
    if (r.chance(0.6)) rec.address = this.address(c);
    if (r.chance(0.5)) rec.iban = this.iban(c);
    if (r.chance(0.4)) rec.card = this.card(c);
    if (r.chance(0.3)) rec.ssn = this.ssn(c);
    if (r.chance(0.3)) rec.last_login_ip = this.ip(c);
    if (r.chance(0.2)) rec.device = { mac: this.mac(c), imei: this.imei(c) };
    if (r.chance(0.2)) rec.bank = { routing: '021000021', account_number: this.bankAccount(c) };
    rec.company = this.org(c.org);
    rec.created_at = this.ts();
    rec.plan = r.pick(['pro', 'team', 'enterprise']);
    return rec;
  }

  /** Lines of terminal output: env dumps, git log, curl with Authorization, psql connection strings. */
  terminalLines(c: Person, engineer: Person): string[] {
    const r = this.rng;
    const lines: string[] = [];
    const blocks = r.shuffle([0, 1, 2, 3, 4, 5, 6]).slice(0, r.range(3, 5));
    for (const b of blocks) {
      switch (b) {
        case 0:
          lines.push(
            `${this.username(engineer)}@build-01:~/src$ env | grep -E 'KEY|TOKEN|PASS'`,
            `OPENAI_API_KEY=${this.secret('openai')}`,
            `GITHUB_TOKEN=${this.secret(r.pick(['github-pat', 'github-fine-grained']))}`,
            `DB_PASSWORD=${this.password('env-assignment')}`,
            `AWS_ACCESS_KEY_ID=${this.secret('aws-access-key')}`,
            `AWS_SECRET_ACCESS_KEY=${this.secret('aws-secret-key')}`,
          );
          break;
        case 1:
          lines.push(
            `$ git log -2 --format='%h %an <%ae> %s'`,
            `${this.sha(7)} ${this.person(engineer)} <${this.email(engineer, false)}> Fix rounding in ${this.ident()}`,
            `${this.sha(7)} ${this.person(c)} <${this.email(c, false)}> Bump ${this.publicOrg()} client to ${this.version()}`,
            `commit ${this.sha()}`,
            `Author: ${this.person(engineer)} <${this.email(engineer, false)}>`,
            `Date:   ${this.ts()}`,
          );
          break;
        case 2:
          lines.push(
            `$ curl -s -H 'Authorization: Bearer ${this.secret(r.pick(['openai', 'anthropic', 'groq', 'huggingface']))}' ${this.url()}`,
            `{"error":{"message":"rate limited","type":"requests"}}`,
            `$ curl -H "Authorization: Bearer ${this.jwt(c)}" https://api.${this.domain(c.org)}/v2/customers/${this.customerId(c)}`,
          );
          break;
        case 3:
          lines.push(
            `$ psql "postgresql://app_user:${this.password('connection-string')}@db.${this.domain(c.org)}:5432/billing"`,
            `psql (16.2, server ${this.version()})`,
            `billing=> select email, phone from customers where id = 42;`,
            `   email   |   phone`,
            ` ${this.email(c)} | ${this.phone(c)}`,
          );
          break;
        case 4: {
          const home = this.home(engineer);
          lines.push(
            `$ cat ${home}/.ssh/id_deploy`,
            ...this.pem().split('\n'),
            `$ ls ${home}/projects/${this.ident()}`,
          );
          break;
        }
        case 5:
          lines.push(
            `$ export STRIPE_SECRET_KEY=${this.secret(r.pick(['stripe', 'stripe-restricted']))}`,
            `$ export SLACK_BOT_TOKEN=${this.secret('slack-bot')}`,
            `$ redis-cli -u redis://default:${this.password('connection-string')}@${this.privateIp()}:6379 ping`,
            'PONG',
          );
          break;
        default:
          lines.push(
            `$ ip addr show en0`,
            `    ether ${this.mac(engineer)}`,
            `    inet ${this.privateIp()} netmask 0xffffff00`,
            `$ curl ifconfig.me`,
            this.ip(engineer),
          );
      }
    }
    return lines;
  }
}

// ---------------------------------------------------------------- the seven formats

interface Made {
  text: string;
  format: Format;
  style: string[];
  ext: string;
}

function pickPeople(b: Builder): { c: Person; e: Person } {
  const c = b.rng.pick(b.world.people);
  let e = b.rng.pick(b.world.people);
  while (e === c) e = b.rng.pick(b.world.people);
  return { c, e };
}

function openaiChat(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const py = r.chance(0.35);
  const dumps: Dumps = py ? pyDumps : compact;
  const lookup = b.tool(r.pick(['lookup_customer', 'get_user_details', 'find_account']));
  const refund = b.tool(r.pick(['issue_refund', 'update_billing', 'send_email']));
  const id1 = b.callId('openai');
  const id2 = b.callId('openai');
  const record = b.customerRecord(c);
  const request = {
    model: b.model(),
    user: b.customerId(c),
    messages: [
      {
        role: 'system',
        content: `You are the billing assistant of ${b.org(e.org)}. Escalate to ${b.person(e)} (${b.email(e, false)}). ${b.keepSentence()}`,
      },
      { role: 'user', content: b.customerMessage(c) },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: id1,
            type: 'function',
            function: { name: lookup, arguments: dumps({ email: b.email(c), phone: b.phone(c) }) },
          },
        ],
      },
      { role: 'tool', tool_call_id: id1, content: dumps(record) },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: id2,
            type: 'function',
            function: {
              name: refund,
              arguments: dumps({
                customer_id: b.customerId(c),
                iban: b.iban(c),
                note: `Refund approved for ${b.person(c)}`,
              }),
            },
          },
        ],
      },
      { role: 'tool', tool_call_id: id2, content: dumps({ status: 'ok', reference: b.uuid() }) },
    ],
  };
  const response = {
    id: `chatcmpl-${r.chars(29, ALNUM)}`,
    object: 'chat.completion',
    created: Math.floor(Date.parse(b.ts()) / 1000),
    model: b.model(),
    system_fingerprint: `fp_${r.hex(10)}`,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: `Done, ${b.first(c)}. The refund goes to ${b.iban(c)} within 3 days. ${b.keepSentence()}`,
        },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: r.range(300, 4000), completion_tokens: r.range(20, 400), total_tokens: r.range(400, 4400) },
  };
  const headers = { Authorization: `Bearer ${b.secret('openai')}`, 'OpenAI-Organization': `org-${r.chars(24, ALNUM)}` };
  if (r.chance(0.5)) {
    // a proxy log: one exchange per line
    const crlf = r.chance(0.4);
    const lines = [
      dumps({ ts: b.ts(), request_headers: headers, request }),
      dumps({ ts: b.ts(), response }),
      dumps({ ts: b.ts(), client_ip: b.ip(c), latency_ms: r.range(200, 9000) }),
    ];
    const nl = crlf ? '\r\n' : '\n';
    return {
      text: lines.join(nl) + nl,
      format: 'jsonl',
      ext: 'jsonl',
      style: [py ? 'python-style' : 'compact', ...(crlf ? ['crlf'] : [])],
    };
  }
  return {
    text: (py ? pyDumps : pretty)({ request_headers: headers, request, response }) + '\n',
    format: 'json',
    ext: 'json',
    style: [py ? 'python-style' : 'pretty'],
  };
}

function anthropicMessages(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const id1 = b.callId('anthropic');
  const id2 = b.callId('anthropic');
  const body = {
    model: b.model(),
    max_tokens: 4096,
    metadata: { user_id: r.chance(0.5) ? b.email(e, false) : b.customerId(e) },
    system: `You are ${b.org(e.org)}'s support agent. ${b.keepSentence()}`,
    messages: [
      { role: 'user', content: [{ type: 'text', text: b.customerMessage(c) }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: `Let me look up ${b.person(c)}.` },
          { type: 'tool_use', id: id1, name: b.tool('crm_lookup'), input: { email: b.email(c), name: b.person(c) } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: id1, content: JSON.stringify(b.customerRecord(c)) }],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: id2,
            name: b.tool('send_email'),
            input: {
              to: b.email(c),
              cc: [b.email(e, false)],
              body: `Dear ${b.first(c)},\n\nyour card ${b.card(c)} is updated.\n\n${b.person(e)}\n${b.org(e.org)}`,
            },
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: id2,
            content: [{ type: 'text', text: `queued for ${b.email(c)} (${b.uuid()})` }],
          },
        ],
      },
    ],
    response: {
      id: `msg_01${r.chars(22, ALNUM)}`,
      type: 'message',
      role: 'assistant',
      model: b.model(),
      content: [{ type: 'text', text: `Sent. ${b.keepSentence()}` }],
      stop_reason: 'end_turn',
      usage: { input_tokens: r.range(100, 3000), output_tokens: r.range(10, 500) },
    },
    request_headers: { 'x-api-key': b.secret('anthropic'), 'anthropic-version': '2023-06-01' },
  };
  const py = r.chance(0.3);
  return { text: (py ? pyDumps : pretty)(body), format: 'json', ext: 'json', style: [py ? 'python-style' : 'pretty'] };
}

function claudeCode(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const session = b.uuid();
  const home = b.home(e);
  const project = `${home}/src/${e.org.domain.split('.')[0]!}-billing`;
  const branch = `${b.username(e, 'git-branch')}/fix-invoice`;
  const lines: unknown[] = [];
  let parent: string | null = null;
  const common = (): Record<string, unknown> => {
    const u = b.uuid();
    const rec = {
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd: project,
      sessionId: session,
      version: b.version(),
      gitBranch: branch,
      uuid: u,
      timestamp: b.ts(),
    };
    parent = u;
    return rec;
  };
  lines.push({ type: 'summary', summary: `Invoice fix for ${b.org(c.org)}`, leafUuid: b.uuid() });
  lines.push({ ...common(), type: 'user', message: { role: 'user', content: b.customerMessage(c) } });
  const bashId = b.callId('anthropic');
  const term = b.terminalLines(c, e);
  lines.push({
    ...common(),
    type: 'assistant',
    requestId: `req_011C${r.chars(20, ALNUM)}`,
    message: {
      id: `msg_01${r.chars(22, ALNUM)}`,
      type: 'message',
      role: 'assistant',
      model: b.model(),
      content: [
        {
          type: 'thinking',
          thinking: `The user ${b.first(c)} wants the invoice fixed. ${b.keepSentence()}`,
          signature: r.chars(120, ALNUM + '+/'),
        },
        {
          type: 'tool_use',
          id: bashId,
          name: b.tool('Bash'),
          input: { command: term[0]!.replace(/^.*?\$ /, ''), description: 'Inspect' },
        },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: r.range(100, 9000), output_tokens: r.range(10, 900) },
    },
  });
  const out = term.slice(1).join('\n');
  lines.push({
    ...common(),
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: bashId, content: out }] },
    toolUseResult: { stdout: out, stderr: '', interrupted: false },
  });
  const editId = b.callId('anthropic');
  const envFile = `${project}/.env`;
  lines.push({
    ...common(),
    type: 'assistant',
    message: {
      role: 'assistant',
      model: b.model(),
      content: [
        {
          type: 'tool_use',
          id: editId,
          name: b.tool('Write'),
          input: {
            file_path: envFile,
            content: `DATABASE_URL=postgres://billing:${b.password('connection-string')}@db.${b.domain(e.org)}:5432/billing\nSENDGRID_API_KEY=${b.secret('sendgrid')}\nADMIN_EMAIL=${b.email(e, false)}\nLOG_LEVEL=info\n`,
          },
        },
      ],
    },
  });
  lines.push({
    ...common(),
    type: 'user',
    message: {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: editId, content: `File created successfully at: ${envFile}` }],
    },
  });
  lines.push({
    type: 'file-history-snapshot',
    messageId: b.uuid(),
    snapshot: { trackedFileBackups: { [`${home}/.claude/CLAUDE.md`]: { version: 2 } }, timestamp: b.ts() },
  });
  lines.push({
    ...common(),
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text: `Fixed. ${b.keepSentence()}` }] },
  });
  const py = r.chance(0.3);
  const dumps: Dumps = py ? pyDumps : compact;
  const crlf = r.chance(0.3);
  const nl = crlf ? '\r\n' : '\n';
  return {
    text: lines.map((l) => dumps(l)).join(nl) + nl,
    format: 'jsonl',
    ext: 'jsonl',
    style: [py ? 'python-style' : 'compact', ...(crlf ? ['crlf'] : [])],
  };
}

function otlpGenAi(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const trace = b.traceId();
  const root = b.spanId();
  const attr = (key: string, value: string | number): Record<string, unknown> => ({
    key,
    value: typeof value === 'number' ? { intValue: String(value) } : { stringValue: value },
  });
  const callId = b.callId('openai');
  const input = [
    { role: 'system', parts: [{ type: 'text', content: `Assistant for ${b.org(e.org)}. ${b.keepSentence()}` }] },
    { role: 'user', parts: [{ type: 'text', content: b.customerMessage(c) }] },
  ];
  const output = [
    {
      role: 'assistant',
      parts: [{ type: 'tool_call', id: callId, name: b.tool('lookup_customer'), arguments: { email: b.email(c) } }],
      finish_reason: 'tool_call',
    },
  ];
  const start = b.epochNanos();
  const spans = [
    {
      traceId: trace,
      spanId: root,
      parentSpanId: '',
      name: `chat ${b.model()}`,
      kind: 3,
      startTimeUnixNano: start,
      endTimeUnixNano: b.epochNanos(),
      attributes: [
        attr('gen_ai.operation.name', 'chat'),
        attr('gen_ai.request.model', b.model()),
        attr('user.id', b.customerId(c)),
        attr('user.email', b.email(c)),
        attr('gen_ai.input.messages', JSON.stringify(input)),
        attr('gen_ai.output.messages', JSON.stringify(output)),
        attr('gen_ai.usage.input_tokens', r.range(10, 5000)),
      ],
      status: { code: 1 },
    },
    {
      traceId: trace,
      spanId: b.spanId(),
      parentSpanId: root,
      name: 'execute_tool lookup_customer',
      kind: 1,
      startTimeUnixNano: b.epochNanos(),
      endTimeUnixNano: b.epochNanos(),
      attributes: [
        attr('gen_ai.operation.name', 'execute_tool'),
        attr('gen_ai.tool.call.id', callId),
        attr('gen_ai.tool.call.arguments', JSON.stringify({ email: b.email(c) })),
        attr('gen_ai.tool.call.result', JSON.stringify(b.customerRecord(c))),
        attr('http.request.header.authorization', `Bearer ${b.jwt(c)}`),
      ],
      events: [
        {
          name: 'exception',
          timeUnixNano: b.epochNanos(),
          attributes: [
            attr(
              'exception.stacktrace',
              `Traceback (most recent call last):\n  File "${b.home(e)}/svc/crm.py", line 88, in ${b.ident()}\nKeyError: 'iban'`,
            ),
          ],
        },
      ],
      status: { code: 2, message: `lookup failed for ${b.email(c)}` },
    },
  ];
  const doc = {
    resourceSpans: [
      {
        resource: {
          attributes: [
            attr('service.name', `${e.org.domain.split('.')[0]!}-support-bot`),
            attr('host.name', `${b.username(e, 'host-name')}-macbook.local`),
            attr('host.ip', b.ip(e)),
            attr('process.command_line', `python -m bot --api-key ${b.secret()}`),
          ],
        },
        scopeSpans: [{ scope: { name: 'opentelemetry.instrumentation.openai', version: b.version() }, spans }],
      },
    ],
  };
  if (r.chance(0.5)) return { text: pretty(doc) + '\n', format: 'json', ext: 'json', style: ['pretty'] };
  // the collector's file exporter: one export request per line
  const second = JSON.parse(JSON.stringify(doc)) as typeof doc;
  return { text: compact(doc) + '\n' + compact(second) + '\n', format: 'jsonl', ext: 'jsonl', style: ['compact'] };
}

function langsmith(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const rootId = b.uuid();
  const toolId = b.uuid();
  const t0 = b.ts();
  const runs = [
    {
      id: rootId,
      trace_id: rootId,
      parent_run_id: null,
      dotted_order: `${t0.replace(/[-:.]/g, '').replace('Z', '000Z')}${rootId}`,
      name: 'support_agent',
      run_type: 'chain',
      start_time: t0,
      end_time: b.ts(),
      inputs: { question: b.customerMessage(c), customer: { name: b.person(c), email: b.email(c) } },
      outputs: { answer: `Refund issued to ${b.person(c)}. ${b.keepSentence()}` },
      extra: {
        metadata: { user_id: b.email(c), tenant: b.org(c.org), revision_id: b.version(), thread_id: b.uuid() },
        runtime: { sdk_version: b.version(), platform: 'linux' },
      },
      tags: [b.domain(c.org)],
      session_name: `${b.org(c.org)} prod`,
    },
    {
      id: toolId,
      trace_id: rootId,
      parent_run_id: rootId,
      name: b.tool('lookup_customer'),
      run_type: 'tool',
      start_time: b.ts(),
      end_time: b.ts(),
      inputs: { input: `{'email': '${b.email(c)}', 'phone': '${b.phone(c)}'}` },
      outputs: { output: JSON.stringify(b.customerRecord(c)) },
      error: r.chance(0.4)
        ? `Traceback (most recent call last):\n  File "${b.home(e)}/agent/tools.py", line 12, in ${b.ident()}\nConnectionError: postgres://agent:${b.password('connection-string')}@db.${b.domain(e.org)}/crm refused`
        : null,
      extra: { metadata: { git: { author_name: b.person(e), author_email: b.email(e, false), commit: b.sha() } } },
    },
    {
      id: b.uuid(),
      trace_id: rootId,
      parent_run_id: rootId,
      name: 'ChatOpenAI',
      run_type: 'llm',
      start_time: b.ts(),
      inputs: {
        messages: [
          [
            {
              lc: 1,
              type: 'constructor',
              id: ['langchain', 'schema', 'messages', 'HumanMessage'],
              kwargs: {
                content: `Customer ${b.person(c)} (${b.phone(c)}) asks about card ${b.card(c)}`,
                type: 'human',
              },
            },
          ],
        ],
      },
      outputs: { generations: [[{ text: `Calling ${b.tool('lookup_customer')} for ${b.first(c)}.` }]] },
      extra: { invocation_params: { model: b.model(), api_key: { lc: 1, type: 'secret', id: ['OPENAI_API_KEY'] } } },
      serialized: {
        kwargs: {
          base_url: `https://llm-proxy.${b.domain(e.org)}/v1?token=${b.secret(r.pick(['openai', 'linear', 'databricks']))}`,
        },
      },
    },
  ];
  const crlf = r.chance(0.3);
  if (r.chance(0.3)) return { text: pretty(runs), format: 'json', ext: 'json', style: ['pretty-array'] };
  const nl = crlf ? '\r\n' : '\n';
  return {
    text: runs.map((x) => compact(x)).join(nl) + nl,
    format: 'jsonl',
    ext: 'jsonl',
    style: ['compact', ...(crlf ? ['crlf'] : [])],
  };
}

function supportChat(b: Builder): Made {
  const r = b.rng;
  const { c, e } = pickPeople(b);
  const lines: string[] = [];
  const t = (): string => b.ts().slice(11, 19);
  lines.push(`Conversation ${b.uuid()} — ${b.org(e.org)} support`, '');
  lines.push(`[${t()}] ${b.first(e)} (agent): Hello, thanks for contacting us. ${b.keepSentence()}`);
  lines.push(`[${t()}] Customer: ${b.customerMessage(c)}`);
  lines.push(`[${t()}] ${b.first(e)} (agent): Thank you, ${b.first(c)}. Can you confirm the e-mail on file?`);
  lines.push(`[${t()}] Customer: Sure, it's ${b.email(c)}. My phone is ${b.phone(c)} and I live at ${b.address(c)}.`);
  if (r.chance(0.5)) lines.push(`[${t()}] Customer: The transfer came from ${b.iban(c)}, account ${b.bankAccount(c)}.`);
  if (r.chance(0.4)) lines.push(`[${t()}] Customer: My phone's IMEI is ${b.imei(c)} in case that matters.`);
  lines.push(`[${t()}] ${b.first(e)} (agent): I've escalated to ${b.person(e)} (${b.email(e, false)}, ${b.phone(e)}).`);
  lines.push(`[${t()}] System: ticket ${b.customerId(c)} assigned; internal note by ${b.handle(e)}.`);
  lines.push(`[${t()}] ${b.first(e)} (agent): ${b.keepSentence()}`, '');
  lines.push(`-- ${b.person(e)}`, `${b.org(e.org)} | ${b.address(e)}`);
  const crlf = r.chance(0.3);
  const nl = crlf ? '\r\n' : '\n';
  // people type their passwords into support chats (drawn last, so the rest of the chat is as before)
  if (r.chance(0.5)) {
    const said = r.pick([
      (pw: string) => `I still can't log in, my password is ${pw}`,
      (pw: string) => `the password for the portal was "${pw}" until yesterday`,
      (pw: string) => `I tried logging in with password ${pw} twice.`,
    ]);
    lines.splice(4, 0, `[${t()}] Customer: ${said(b.password('prose'))}`);
  }
  return { text: lines.join(nl) + nl, format: 'text', ext: 'txt', style: crlf ? ['crlf'] : ['lf'] };
}

function terminalLog(b: Builder): Made {
  const { c, e } = pickPeople(b);
  const lines = [
    `Script started on ${b.ts()} [TERM="xterm-256color"]`,
    ...b.terminalLines(c, e),
    `# ${b.keepSentence()}`,
  ];
  lines.push(
    `$ git push origin ${b.username(e, 'git-branch')}/hotfix`,
    `To github.com:${e.org.domain.split('.')[0]!}/billing.git`,
    `   ${b.sha(7)}..${b.sha(7)}  ${b.username(e, 'git-branch')}/hotfix -> ${b.username(e, 'git-branch')}/hotfix`,
  );
  return { text: lines.join('\n') + '\n', format: 'text', ext: 'log', style: ['lf'] };
}

const MAKERS: Record<Family, (b: Builder) => Made> = {
  'openai-chat': openaiChat,
  'anthropic-messages': anthropicMessages,
  'claude-code': claudeCode,
  'otlp-genai': otlpGenAi,
  langsmith,
  'support-chat': supportChat,
  'terminal-log': terminalLog,
};

export interface CorpusOptions {
  readonly seed: string;
  /** Traces per format family. */
  readonly perFamily: number;
}

/** Generates the labelled corpus: a pure function of the options. */
export function generateCorpus(opts: CorpusOptions): Trace[] {
  const rng = new Rng(`tracetwin-eval:${opts.seed}`);
  const world = makeWorld(rng.fork('world'));
  const traces: Trace[] = [];
  for (let i = 0; i < opts.perFamily; i++) {
    for (const family of FAMILIES) {
      const b = new Builder(rng.fork(`${family}:${i}`), world);
      const made = MAKERS[family](b);
      const id = `${family}-${String(i).padStart(3, '0')}`;
      traces.push({
        id,
        family,
        format: made.format,
        name: `${id}.${made.ext}`,
        text: made.text,
        plants: [...b.plants.values()],
        keeps: [...b.keeps.values()],
        confidential: [...CONFIDENTIAL_ORGS],
        style: made.style,
      });
    }
  }
  return traces;
}

/** A generic support policy, as system prompts carry it (repeated in every request of a real trace). */
const POLICY = [
  '# Support agent policy',
  'You are a customer support agent. You can help users update their profile, review invoices, request refunds and change the payment method of a subscription. Before taking any action that updates the account, you must confirm the details with the user and obtain explicit confirmation (yes) to proceed.',
  'Authenticate the user first: ask for the e-mail address or the customer id on the account and look the account up with the lookup tool. You should not make up any information or procedures not provided by the user or the tools, and you should not give subjective recommendations.',
  'Refunds: a refund can be issued for invoices paid in the last 60 days. Partial refunds need a reason. A refund goes back to the original payment method; if that method has been removed, offer account credit instead. Never process more than one refund per invoice.',
  'Payment methods: a subscription has exactly one default payment method. Cards must not be expired. Bank transfers settle within three business days; tell the user so. Gift credit cannot pay for add-ons.',
  'Escalation: transfer to a human agent when the user asks for one, when the request is outside this policy, or when the tools fail twice. To transfer, call the transfer tool and then tell the user that the transfer is under way.',
  'Tone: be concise and polite. One tool call at a time; do not reply to the user while a tool call is pending. Summarise what changed at the end of the conversation.',
].join('\n\n');

const PY_TEMPLATES = [
  (f: string, a: string) =>
    `def ${f}(${a}, *, retries: int = 3) -> dict:\n    """Fetch ${a} and return the decoded payload."""\n    for attempt in range(retries):\n        try:\n            response = session.get(f"{BASE_URL}/v1/${a}s/{${a}}", timeout=10)\n            response.raise_for_status()\n            return response.json()\n        except requests.Timeout:\n            time.sleep(2 ** attempt)\n    raise RuntimeError("gave up after %d attempts" % retries)\n`,
  (f: string, a: string) =>
    `class ${f[0]!.toUpperCase()}${f.slice(1).replace(/_(.)/g, (_m, c: string) => c.toUpperCase())}:\n    def __init__(self, ${a}):\n        self.${a} = ${a}\n        self.items = []\n\n    def total(self) -> Decimal:\n        return sum((i.amount for i in self.items), Decimal("0.00"))\n\n    def __repr__(self) -> str:\n        return f"<{type(self).__name__} {self.${a}!r} items={len(self.items)}>"\n`,
  (f: string, a: string) =>
    `@pytest.mark.parametrize("${a}", [0, 1, 17, 250])\ndef test_${f}(${a}, db):\n    result = ${f}(${a})\n    assert result.status == "ok"\n    assert result.count >= 0\n    db.rollback()\n`,
];
const TS_TEMPLATES = [
  (f: string, a: string) =>
    `export async function ${f}(${a}: string, opts: RequestInit = {}): Promise<Response> {\n  const url = new URL(\`/v2/\${encodeURIComponent(${a})}\`, BASE_URL);\n  const res = await fetch(url, { ...opts, headers: { accept: 'application/json' } });\n  if (!res.ok) throw new HttpError(res.status, await res.text());\n  return res;\n}\n`,
  (f: string, a: string) =>
    `export function ${f}(${a}: readonly number[]): number {\n  let total = 0;\n  for (const value of ${a}) {\n    if (!Number.isFinite(value)) continue;\n    total += Math.round(value * 100) / 100;\n  }\n  return total;\n}\n`,
  (f: string, a: string) =>
    `describe('${f}', () => {\n  it('handles an empty ${a}', () => {\n    expect(${f}([])).toEqual(0);\n  });\n  it('rounds to cents', () => {\n    expect(${f}([0.105, 0.2])).toBeCloseTo(0.31);\n  });\n});\n`,
];
const WORDS = ['invoice', 'refund', 'customer', 'ledger', 'payment', 'order', 'session', 'report', 'batch', 'quota'];

/** Source code of a plausible file (what Read / Write tool calls carry), about `size` characters. */
function codeFile(rng: Rng, size: number): { path: string; text: string } {
  const py = rng.chance(0.5);
  const parts: string[] = [
    py
      ? 'import time\nfrom decimal import Decimal\n\nimport pytest\nimport requests\n\n'
      : "import { HttpError } from './errors';\n\n",
  ];
  let n = parts[0]!.length;
  while (n < size) {
    const f = `${rng.pick(['get', 'load', 'sum', 'build', 'sync', 'apply'])}_${rng.pick(WORDS)}_${rng.pick(WORDS)}`;
    const a = rng.pick(WORDS);
    const name = py ? f : f.replace(/_(.)/g, (_m, c: string) => c.toUpperCase());
    const t = py ? rng.pick(PY_TEMPLATES)(name, a) : rng.pick(TS_TEMPLATES)(name, a);
    parts.push(t, '\n');
    n += t.length + 1;
  }
  return { path: `/workspace/src/${rng.pick(WORDS)}/${rng.pick(WORDS)}.${py ? 'py' : 'ts'}`, text: parts.join('') };
}

function testLog(rng: Rng, lines: number): string {
  const out = [
    '============================= test session starts ==============================',
    `platform linux -- Python 3.12.4, pytest-8.2.2, pluggy-1.5.0`,
    `collected ${lines} items`,
    '',
  ];
  for (let i = 0; i < lines; i++) {
    out.push(
      `tests/test_${rng.pick(WORDS)}.py::test_${rng.pick(WORDS)}_${rng.pick(WORDS)}[${rng.int(300)}] ${rng.chance(0.95) ? 'PASSED' : 'FAILED'} [${String(Math.floor((100 * (i + 1)) / lines)).padStart(3)}%]`,
    );
  }
  out.push(`======================= ${lines} passed in ${(rng.float() * 30).toFixed(2)}s =======================`);
  return out.join('\n');
}

/**
 * A long JSON Lines trace with the realistic mix of the JSON formats, for the
 * throughput benchmark: at least `bytes` long, deterministic from the seed.
 * Besides the labelled records of the evaluation corpus it carries the bulk
 * real agent traces are made of — repeated system prompts, source files read
 * and written, test output — so that personal values are about as dense as in
 * real customer-service trajectories (roughly one replaced value per 500
 * bytes). Records go out through `write` as they are made.
 */
export function generateJsonl(seed: string, bytes: number, write: (chunk: string) => void): number {
  const rng = new Rng(`tracetwin-bench:${seed}`);
  // a larger world: a long trace names many customers
  const world = makeWorld(rng.fork('world'), Math.max(30, Math.round(bytes / 40_000)), 40);
  let written = 0;
  let i = 0;
  const jsonFamilies: Family[] = ['openai-chat', 'anthropic-messages', 'claude-code', 'otlp-genai', 'langsmith'];
  while (written < bytes) {
    const family = jsonFamilies[i % jsonFamilies.length]!;
    const b = new Builder(rng.fork(`${family}:${i}`), world);
    const made = MAKERS[family](b);
    const out: string[] = [];
    if (made.format === 'jsonl') out.push(made.text.replace(/\r\n/g, '\n'));
    else out.push(JSON.stringify(JSON.parse(made.text)) + '\n');
    // support chat and terminal output travel inside JSON records, as agents log them
    if (i % 4 === 0) {
      const t = (i % 8 === 0 ? supportChat : terminalLog)(new Builder(rng.fork(`text:${i}`), world));
      out.push(JSON.stringify({ type: 'tool_output', index: i, output: t.text }) + '\n');
    }
    // the bulk: a request with the system prompt, files read and written, test output
    const r = b.rng;
    out.push(
      JSON.stringify({
        timestamp: b.ts(),
        request: {
          model: b.model(),
          messages: [
            { role: 'system', content: POLICY },
            { role: 'user', content: b.keepSentence() },
          ],
        },
      }) + '\n',
    );
    for (let k = r.range(2, 4); k > 0; k--) {
      const file = codeFile(r, r.range(2500, 7000));
      const id = b.callId('anthropic');
      out.push(
        JSON.stringify({
          type: 'user',
          uuid: b.uuid(),
          timestamp: b.ts(),
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: file.text }] },
          toolUseResult: {
            type: 'text',
            file: { filePath: file.path, content: file.text, numLines: file.text.split('\n').length },
          },
        }) + '\n',
      );
    }
    if (i % 2 === 0)
      out.push(JSON.stringify({ type: 'tool_output', index: i, output: testLog(r, r.range(20, 80)) }) + '\n');
    const chunk = out.join('');
    write(chunk);
    written += Buffer.byteLength(chunk);
    i++;
  }
  return written;
}
