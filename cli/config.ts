/**
 * Server configuration shared by `tracetwin serve`, `tracetwin worker` and
 * `tracetwin admin`: the command-line flags of operations.md, each also read
 * from the environment variable `TRACETWIN_<FLAG>` (upper case, dashes as
 * underscores), parsed into one typed {@link Config}.
 *
 * Durations are written `500ms`, `2s`, `5m`, `24h`, `7d`; sizes `50MiB`,
 * `256KiB` (binary units), `1MB` (decimal units) or a plain number of bytes.
 *
 * Usage in a sub-command:
 *
 *     const cmd = program.command('serve');
 *     addStoreOptions(cmd); addServeOptions(cmd); addTemporalOptions(cmd); addKnobOptions(cmd);
 *     cmd.action((_opts, command: Command) => { const config = resolveConfig(command); … });
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';

// ---------------------------------------------------------------------------
// Value parsers

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `500ms`, `2s`, `5m`, `24h`, `7d` (also `1.5h`, and `0`) → milliseconds. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d{1,12}(?:\.\d{1,6})?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (m === null) {
    if (/^\s*0+\s*$/.test(text)) return 0;
    throw new InvalidArgumentError(`'${text}' is not a duration (write it like 500ms, 2s, 5m, 24h or 7d)`);
  }
  const ms = Math.round(Number(m[1]) * (DURATION_UNITS[m[2] as string] as number));
  if (!Number.isSafeInteger(ms)) throw new InvalidArgumentError(`duration '${text}' is too long`);
  return ms;
}

/** `1m,5m,30m` → [60000, 300000, 1800000]. */
export function parseDurationList(text: string): number[] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) throw new InvalidArgumentError('the list of durations is empty');
  return parts.map(parseDuration);
}

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
};

/** `50MiB`, `256KiB`, `1GiB`, `10MB`, `512B`, `4096` → bytes. */
export function parseSize(text: string): number {
  const m = /^\s*(\d{1,15}(?:\.\d{1,6})?)\s*([KMG]i?B|B)?\s*$/i.exec(text);
  if (m === null) throw new InvalidArgumentError(`'${text}' is not a size (write it like 50MiB, 256KiB or 1048576)`);
  const unit = (m[2] ?? 'b').toLowerCase();
  const bytes = Math.floor(Number(m[1]) * (SIZE_UNITS[unit] as number));
  if (!Number.isSafeInteger(bytes)) throw new InvalidArgumentError(`size '${text}' is too large`);
  return bytes;
}

/** Writes a byte count the way the flags take it: `50MiB`, `256KiB`, `1000B`. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3}GiB`;
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2}MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}KiB`;
  return `${bytes}B`;
}

/** A whole number ≥ 0. */
export function parseCount(text: string): number {
  if (!/^\s*\d{1,9}\s*$/.test(text)) throw new InvalidArgumentError(`'${text}' is not a whole number`);
  return Number(text);
}

/** A TCP port, 1 to 65535, or 0 for a free one. */
export function parsePort(text: string): number {
  const n = /^\s*\d{1,5}\s*$/.test(text) ? Number(text) : NaN;
  if (!(n >= 0 && n <= 65535)) throw new InvalidArgumentError(`'${text}' is not a port (0 to 65535)`);
  return n;
}

export interface ListenAddress {
  host: string;
  /** 0 = a free port chosen by the system. */
  port: number;
}

/** `HOST:PORT`, `[::1]:PORT`, `:PORT` or `PORT` (host 127.0.0.1). */
export function parseListen(text: string): ListenAddress {
  const t = text.trim();
  let host = '127.0.0.1';
  let portText: string;
  const bracket = /^\[([0-9A-Fa-f:.]+)\]:(\d+)$/.exec(t);
  if (bracket) {
    host = bracket[1] as string;
    portText = bracket[2] as string;
  } else if (/^\d+$/.test(t)) {
    portText = t;
  } else {
    const i = t.lastIndexOf(':');
    if (i < 0) throw new InvalidArgumentError(`'${text}' is not an address (write it like 127.0.0.1:8080)`);
    if (i > 0) host = t.slice(0, i);
    portText = t.slice(i + 1);
  }
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535 || !/^[A-Za-z0-9.:-]+$/.test(host))
    throw new InvalidArgumentError(`'${text}' is not an address (write it like 127.0.0.1:8080)`);
  return { host, port: Number(portText) };
}

/** `HOST:PORT` of a Temporal frontend. */
export function parseHostPort(text: string): string {
  const a = parseListen(text);
  if (a.port === 0) throw new InvalidArgumentError(`'${text}' needs a port`);
  return formatHostPort(a);
}

export function formatHostPort(a: ListenAddress): string {
  return a.host.includes(':') ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`;
}

function parseUrl(text: string): string {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new InvalidArgumentError(`'${text}' is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new InvalidArgumentError(`'${text}' is not an http(s) URL`);
  return text.replace(/\/+$/, '');
}

function parseDatabaseUrl(text: string): string {
  if (!/^postgres(?:ql)?:\/\//.test(text)) throw new InvalidArgumentError('the database URL starts with postgres://');
  return text;
}

function parseStorageUrl(text: string): string {
  if (!/^(?:file|s3):\/\//.test(text)) throw new InvalidArgumentError('the storage URL starts with file:// or s3://');
  return text;
}

function parseLogLevel(text: string): string {
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (!levels.includes(text)) throw new InvalidArgumentError(`the log level is one of ${levels.join(', ')}`);
  return text;
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off', '']);

/** Environment value of a boolean flag: 1/true/yes/on or 0/false/no/off. */
export function parseBooleanEnv(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  throw new InvalidArgumentError(`'${text}' is not a yes/no value (write 1, true, 0 or false)`);
}

// ---------------------------------------------------------------------------
// Defaults (operations.md)

export const DEFAULTS = {
  dataDir: './tracetwin-data',
  listen: '127.0.0.1:8080',
  adminListen: '127.0.0.1:0',
  temporalNamespace: 'default',
  taskQueue: 'tracetwin-twins',
  /** Temporal's usual local ports: the dev server takes them when they are free. */
  temporalPort: 7233,
  temporalUiPort: 8233,
  contentRetention: '7d',
  idempotencyTtl: '24h',
  keyCacheTtl: '60s',
  webhookSchedule: '1m,5m,30m,2h,5h,10h,6h',
  webhookTimeout: '10s',
  runLease: '5m',
  maxFileLive: '50MiB',
  maxFileTest: '256KiB',
  sweepEvery: '10m',
  partialMaxAge: '1h',
  logLevel: 'info',
} as const;

/** Number of CPUs this process may use (the default of `--workers`). */
export function defaultWorkers(): number {
  return Math.max(1, os.availableParallelism());
}

/** `--data-dir` → `TRACETWIN_DATA_DIR`. */
export function envName(flag: string): string {
  return `TRACETWIN_${flag.replace(/^-+/, '').replace(/-/g, '_').toUpperCase()}`;
}

function opt(flags: string, description: string): Option {
  const long = /--([a-z0-9-]+)/.exec(flags);
  if (!long) throw new Error(`option without a long name: ${flags}`);
  return new Option(flags, description).env(envName(long[1] as string));
}

// ---------------------------------------------------------------------------
// Option groups

/** STORE: `--data-dir`, `--database-url`, `--storage-url`. */
export function addStoreOptions(cmd: Command): Command {
  return cmd
    .addOption(opt('--data-dir <dir>', 'local state folder').default(DEFAULTS.dataDir))
    .addOption(
      opt('--database-url <url>', 'postgres://… database (default: embedded PGlite in the data dir)').argParser(
        parseDatabaseUrl,
      ),
    )
    .addOption(
      opt('--storage-url <url>', 'file:///path or s3://bucket/prefix (default: <data-dir>/blobs)').argParser(
        parseStorageUrl,
      ),
    )
    .addOption(
      opt('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent')
        .default(DEFAULTS.logLevel)
        .argParser(parseLogLevel),
    );
}

/** TEMPORAL: `--temporal-address`, `--temporal-namespace`, `--task-queue`. */
export function addTemporalOptions(cmd: Command): Command {
  return cmd
    .addOption(
      opt('--temporal-address <host:port>', 'an existing Temporal cluster (default: a local dev server)').argParser(
        parseHostPort,
      ),
    )
    .addOption(opt('--temporal-namespace <name>', 'Temporal namespace').default(DEFAULTS.temporalNamespace))
    .addOption(opt('--task-queue <name>', 'Temporal task queue of the twin workflows').default(DEFAULTS.taskQueue))
    .addOption(opt('--temporal-tls', 'TLS to the Temporal frontend with the system roots'))
    .addOption(opt('--temporal-tls-cert <pem>', 'client certificate for mutual TLS'))
    .addOption(opt('--temporal-tls-key <pem>', 'private key of the client certificate'))
    .addOption(opt('--temporal-tls-ca <pem>', "root CA of the Temporal server's certificate"))
    .addOption(opt('--temporal-server-name <name>', 'TLS server name when it differs from the host'))
    .addOption(opt('--temporal-api-key <key>', 'Temporal Cloud API key (prefer the environment variable)'));
}

/** `--workers N` (serve and worker). */
export function addWorkersOption(cmd: Command): Command {
  return cmd.addOption(
    opt('--workers <n>', 'concurrent pseudonymiser runs in this process (0: none)')
      .argParser(parseCount)
      .default(defaultWorkers(), 'number of CPUs'),
  );
}

/** `--listen`, `--admin-listen`, `--public-url` (serve). */
export function addServeOptions(cmd: Command): Command {
  return cmd
    .addOption(opt('--listen <addr>', 'HTTP API address').default(DEFAULTS.listen))
    .addOption(
      opt('--admin-listen <addr>', 'admin API address (loopback only)').default(
        DEFAULTS.adminListen,
        'a free port on 127.0.0.1',
      ),
    )
    .addOption(opt('--public-url <url>', 'base URL clients reach the API at').argParser(parseUrl))
    .addOption(
      opt('--temporal-port <port>', "the local Temporal dev server's frontend port (0: a free one)")
        .argParser(parsePort)
        .default(undefined, `${DEFAULTS.temporalPort} when free, else a free port`),
    )
    .addOption(
      opt('--temporal-ui-port <port>', "the local Temporal dev server's Web UI port (0: a free one)")
        .argParser(parsePort)
        .default(undefined, `${DEFAULTS.temporalUiPort} when free, else a free port`),
    )
    .addOption(opt('--no-review-page', 'do not answer GET / with the review page'));
}

/** KNOBS of operations.md. */
export function addKnobOptions(cmd: Command): Command {
  return cmd
    .addOption(
      opt('--content-retention <dur>', 'how long content stays downloadable after completion')
        .default(DEFAULTS.contentRetention)
        .argParser(checked(parseDuration)),
    )
    .addOption(
      opt('--idempotency-ttl <dur>', 'how long an Idempotency-Key is remembered')
        .default(DEFAULTS.idempotencyTtl)
        .argParser(checked(parseDuration)),
    )
    .addOption(
      opt('--key-cache-ttl <dur>', 'longest time a revoked key may keep working')
        .default(DEFAULTS.keyCacheTtl)
        .argParser(checked(parseDuration)),
    )
    .addOption(
      opt('--webhook-schedule <list>', 'waits between webhook delivery attempts')
        .default(DEFAULTS.webhookSchedule)
        .argParser(checked(parseDurationList)),
    )
    .addOption(
      opt('--webhook-timeout <dur>', 'receiver time-out per delivery attempt')
        .default(DEFAULTS.webhookTimeout)
        .argParser(checked(parseDuration)),
    )
    .addOption(opt('--webhook-allow-loopback', 'let webhook endpoints on loopback addresses through (testing only)'))
    .addOption(opt('--webhook-ca-file <pem>', 'extra trusted root certificates for webhook deliveries'))
    .addOption(
      opt('--run-lease <dur>', 'a run whose worker stops heartbeating this long is picked up again')
        .default(DEFAULTS.runLease)
        .argParser(checked(parseDuration)),
    )
    .addOption(
      opt('--max-file-live <size>', 'upload cap in live mode')
        .default(DEFAULTS.maxFileLive)
        .argParser(checked(parseSize)),
    )
    .addOption(
      opt('--max-file-test <size>', 'upload cap in test mode')
        .default(DEFAULTS.maxFileTest)
        .argParser(checked(parseSize)),
    )
    .addOption(
      opt(
        '--sweep-every <dur>',
        'how often partial uploads and run folders left by a crash are looked for (0: at start only)',
      )
        .default(DEFAULTS.sweepEvery)
        .argParser(checked(parseDuration)),
    )
    .addOption(
      opt('--partial-max-age <dur>', "age at which a partial upload that may be another host's is removed")
        .default(DEFAULTS.partialMaxAge)
        .argParser(checked(parseDuration)),
    )
    .addOption(opt('--master-key <hex64>', 'server master key (default: generated into the data dir)'))
    .addOption(
      opt('--previous-master-keys <list>', 'comma-separated older master keys, still accepted for decryption'),
    );
}

/**
 * Commander passes a default value through as is (a string here) and parsed
 * flags as returned; wrapping keeps the option's value a string so that
 * {@link resolveConfig} parses defaults, flags and environment in one place.
 */
function checked<T>(parse: (text: string) => T): (text: string) => string {
  return (text) => {
    parse(text);
    return text;
  };
}

// ---------------------------------------------------------------------------
// The typed configuration

export interface Config {
  /** Absolute path of the local state folder. */
  dataDir: string;
  /** `postgres://…`, or undefined for the embedded PGlite database. */
  databaseUrl?: string;
  /** `file:///…` / `s3://…`, or undefined for `<dataDir>/blobs`. */
  storageUrl?: string;
  logLevel: string;
  /** HTTP API address (serve). */
  listen: ListenAddress;
  /** Admin API address (serve); loopback only. */
  adminListen: ListenAddress;
  /** Base URL of the API, without a trailing slash (default from `listen`). */
  publicUrl: string;
  /** Concurrent pseudonymiser runs in this process (0 = none). */
  workers: number;
  /** Ports of the local dev server asked for with `--temporal-port` / `--temporal-ui-port` (serve). */
  devServer: { port?: number; uiPort?: number };
  temporal: {
    /** `HOST:PORT` of an existing cluster; undefined = serve starts a dev server. */
    address?: string;
    namespace: string;
    taskQueue: string;
    /** TLS to the frontend (also implied by any of the TLS files, a server name or an API key). */
    tls?: boolean;
    tlsCert?: string;
    tlsKey?: string;
    tlsCa?: string;
    serverName?: string;
    apiKey?: string;
  };
  contentRetentionMs: number;
  idempotencyTtlMs: number;
  keyCacheTtlMs: number;
  /** Waits between webhook delivery attempts (attempts = entries + 1). */
  webhookScheduleMs: number[];
  webhookTimeoutMs: number;
  webhookAllowLoopback: boolean;
  webhookCaFile?: string;
  runLeaseMs: number;
  /** Upload caps in bytes. */
  maxFileLive: number;
  maxFileTest: number;
  /** Period of the sweep of partial uploads and run folders a crash left (storage/sweep.ts); 0 = at start only. */
  sweepEveryMs: number;
  /** A partial upload that may be another live host's is removed once this old (S3, a shared folder). */
  partialMaxAgeMs: number;
  /** serve answers `GET /` with the review page (off with `--no-review-page`). */
  reviewPage: boolean;
  /** 64 hex characters when given by flag or environment; see {@link loadOrCreateMasterKey}. */
  masterKey?: string;
  /** Older master keys (64 hex each), decrypt only. */
  previousMasterKeys: string[];
}

/** Raw option values as commander hands them over (strings unless parsed above). */
type RawOptions = Record<string, unknown>;

function portOf(o: RawOptions, key: string): number | undefined {
  const v = o[key];
  if (typeof v === 'number') return v;
  return typeof v === 'string' && v.length > 0 ? parsePort(v) : undefined;
}

function str(o: RawOptions, key: string): string | undefined {
  const v = o[key];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/**
 * The typed configuration of a command whose options were added with the
 * helpers above (groups that were not added get their defaults). Throws an
 * Error with a readable message on a bad value.
 */
export function resolveConfig(cmd: Command | RawOptions): Config {
  const isCommand = typeof (cmd as Command).opts === 'function';
  const o: RawOptions = isCommand ? (cmd as Command).optsWithGlobals() : (cmd as RawOptions);

  // Commander sets a boolean flag true whenever its variable exists; read the value instead.
  const flag = (key: string, name: string): boolean => {
    if (isCommand && (cmd as Command).getOptionValueSourceWithGlobals(key) === 'env')
      return parseBooleanEnv(process.env[envName(name)] ?? '');
    return o[key] === true;
  };
  const allowLoopback = flag('webhookAllowLoopback', 'webhook-allow-loopback');

  const listen = parseListen(str(o, 'listen') ?? DEFAULTS.listen);
  const adminListen = parseListen(str(o, 'adminListen') ?? DEFAULTS.adminListen);
  if (!isLoopback(adminListen.host))
    throw new InvalidArgumentError(`--admin-listen must be a loopback address, not ${adminListen.host}`);
  const workers = o.workers === undefined ? defaultWorkers() : Number(o.workers);

  const masterKey = str(o, 'masterKey');
  if (masterKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(masterKey))
    throw new InvalidArgumentError('--master-key must be 64 hexadecimal characters');
  const previousMasterKeys = (str(o, 'previousMasterKeys') ?? '')
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k.length > 0);
  if (previousMasterKeys.some((k) => !/^[0-9a-f]{64}$/.test(k)))
    throw new InvalidArgumentError('--previous-master-keys: each key is 64 hexadecimal characters');

  const config: Config = {
    dataDir: path.resolve(str(o, 'dataDir') ?? DEFAULTS.dataDir),
    databaseUrl: str(o, 'databaseUrl'),
    storageUrl: str(o, 'storageUrl'),
    logLevel: str(o, 'logLevel') ?? DEFAULTS.logLevel,
    listen,
    adminListen,
    publicUrl: str(o, 'publicUrl') ?? `http://${formatHostPort(publicHost(listen))}`,
    workers,
    devServer: { port: portOf(o, 'temporalPort'), uiPort: portOf(o, 'temporalUiPort') },
    temporal: {
      address: str(o, 'temporalAddress'),
      namespace: str(o, 'temporalNamespace') ?? DEFAULTS.temporalNamespace,
      taskQueue: str(o, 'taskQueue') ?? DEFAULTS.taskQueue,
      tls: flag('temporalTls', 'temporal-tls') || undefined,
      tlsCert: str(o, 'temporalTlsCert'),
      tlsKey: str(o, 'temporalTlsKey'),
      tlsCa: str(o, 'temporalTlsCa'),
      serverName: str(o, 'temporalServerName'),
      apiKey: str(o, 'temporalApiKey'),
    },
    contentRetentionMs: parseDuration(str(o, 'contentRetention') ?? DEFAULTS.contentRetention),
    idempotencyTtlMs: parseDuration(str(o, 'idempotencyTtl') ?? DEFAULTS.idempotencyTtl),
    keyCacheTtlMs: parseDuration(str(o, 'keyCacheTtl') ?? DEFAULTS.keyCacheTtl),
    webhookScheduleMs: parseDurationList(str(o, 'webhookSchedule') ?? DEFAULTS.webhookSchedule),
    webhookTimeoutMs: parseDuration(str(o, 'webhookTimeout') ?? DEFAULTS.webhookTimeout),
    webhookAllowLoopback: allowLoopback,
    webhookCaFile: str(o, 'webhookCaFile'),
    runLeaseMs: parseDuration(str(o, 'runLease') ?? DEFAULTS.runLease),
    maxFileLive: parseSize(str(o, 'maxFileLive') ?? DEFAULTS.maxFileLive),
    maxFileTest: parseSize(str(o, 'maxFileTest') ?? DEFAULTS.maxFileTest),
    sweepEveryMs: parseDuration(str(o, 'sweepEvery') ?? DEFAULTS.sweepEvery),
    partialMaxAgeMs: parseDuration(str(o, 'partialMaxAge') ?? DEFAULTS.partialMaxAge),
    reviewPage:
      isCommand && (cmd as Command).getOptionValueSourceWithGlobals('reviewPage') === 'env'
        ? !parseBooleanEnv(process.env[envName('no-review-page')] ?? '')
        : o.reviewPage !== false,
    masterKey: masterKey?.toLowerCase(),
    previousMasterKeys,
  };
  if (config.runLeaseMs < 1000) throw new InvalidArgumentError('--run-lease must be at least 1s');
  return config;
}

/** The configuration with every default, for tests and embedding. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...resolveConfig({}), ...overrides };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** A wildcard listen address is reached on loopback from this machine. */
function publicHost(a: ListenAddress): ListenAddress {
  if (a.host === '0.0.0.0') return { host: '127.0.0.1', port: a.port };
  if (a.host === '::') return { host: '::1', port: a.port };
  return a;
}

// ---------------------------------------------------------------------------
// Files in the data dir

/**
 * What `serve` writes into `<dataDir>/server.json` for other local processes
 * (`tracetwin admin --data-dir`, `tracetwin worker`). Readable by the owner
 * only: it holds the admin token.
 */
export interface ServerInfo {
  pid: number;
  /** Base URL of the HTTP API as actually bound. */
  apiUrl: string;
  /** Base URL of the admin API (loopback). */
  adminUrl: string;
  adminToken: string;
  /** `HOST:PORT` of the Temporal frontend the server uses. */
  temporalAddress: string;
  temporalNamespace: string;
  taskQueue: string;
  /** Temporal Web UI, when serve started a dev server. */
  temporalUiUrl?: string;
  startedAt: string;
}

export function serverInfoPath(dataDir: string): string {
  return path.join(dataDir, 'server.json');
}

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = serverInfoPath(dataDir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(info, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** The server info of a serve process, or null when there is none (or it is not running any more). */
export function readServerInfo(dataDir: string, { requireAlive = true } = {}): ServerInfo | null {
  let info: ServerInfo;
  try {
    info = JSON.parse(fs.readFileSync(serverInfoPath(dataDir), 'utf8')) as ServerInfo;
  } catch {
    return null;
  }
  if (requireAlive && !processAlive(info.pid)) return null;
  return info;
}

/** Removes server.json if it is this process's. */
export function removeServerInfo(dataDir: string): void {
  const info = readServerInfo(dataDir, { requireAlive: false });
  if (info !== null && info.pid === process.pid) fs.rmSync(serverInfoPath(dataDir), { force: true });
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server master key (64 hex): the configured one, else the one in
 * `<dataDir>/master.key`, else a fresh one written there (owner-only).
 */
export function loadOrCreateMasterKey(config: Pick<Config, 'dataDir' | 'masterKey'>): string {
  if (config.masterKey) return config.masterKey;
  const file = path.join(config.dataDir, 'master.key');
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return text;
    throw new Error(`${file} does not hold 64 hexadecimal characters`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // another process created it first
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
