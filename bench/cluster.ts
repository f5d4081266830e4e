/**
 * A scale-out deployment on one machine, for the multi-process test and the
 * throughput benchmark: one PostgreSQL database (fresh, dropped at the end),
 * one S3-protocol store (moto's server from scripts/start-s3.sh, a fresh
 * bucket), one Temporal dev server on free ports, and any number of
 * `tracetwin serve --workers 0` and `tracetwin worker` processes of the built
 * CLI (bin/tracetwin → dist/), all sharing one master key.
 *
 * Each process logs to its own file under the cluster's temp folder; `tail()`
 * shows the end of every log when something goes wrong.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Client, Connection } from '@temporalio/client';
import postgres from 'postgres';
import { s3ClientConfig } from '../storage/s3';
import { EncryptionCodec, encryptedDataConverter } from '../worker/codec';

export const ROOT = path.resolve(__dirname, fs.existsSync(path.resolve(__dirname, '../package.json')) ? '..' : '../..');
const BIN = path.join(ROOT, 'bin/tracetwin');
const TEMPORAL = path.join(ROOT, '.tools/bin/temporal');

export interface ClusterOptions {
  /** Admin connection to the PostgreSQL server; a fresh database is created beside it. */
  pgAdminUrl?: string;
  /** `--run-lease` of the processes (a killed worker's run is picked up after it). */
  runLease?: string;
  /** Extra flags for every serve / worker process. */
  serveArgs?: string[];
  workerArgs?: string[];
  /** Extra environment for every process. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code or signal when the process has ended. */
  exited: Promise<string>;
}

export interface ApiProc extends Proc {
  apiUrl: string;
  adminUrl: string;
  adminToken: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      if ((err as { fatal?: boolean }).fatal) throw err;
      last = err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}

export class Cluster {
  readonly dir: string;
  readonly masterKey = randomBytes(32).toString('hex');
  readonly apis: ApiProc[] = [];
  readonly workers: Proc[] = [];
  databaseUrl = '';
  storageUrl = '';
  s3Env: Record<string, string> = {};
  temporalAddress = '';
  private temporal: Proc | null = null;
  /** Every process spawned, for stop(). */
  private readonly procs: Proc[] = [];
  private apiCount = 0;
  private workerCount = 0;
  private pgAdmin: postgres.Sql | null = null;
  private dbName = '';
  private bucket = '';
  private s3: S3Client | null = null;
  private sqlClient: postgres.Sql | null = null;
  private temporalClient: Client | null = null;
  private readonly log: (line: string) => void;

  private constructor(readonly options: ClusterOptions) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-cluster-'));
    this.log = options.log ?? (() => undefined);
  }

  /** Database, bucket and Temporal server; no tracetwin process yet. */
  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    if (!fs.existsSync(path.join(ROOT, 'dist/cli/main.js')))
      throw new Error('tracetwin is not built: run `npx tsc -p tsconfig.build.json` (npm test does) first');
    const c = new Cluster(options);
    try {
      await c.startStores();
      await c.startTemporal();
    } catch (err) {
      await c.stop();
      throw err;
    }
    return c;
  }

  private async startStores(): Promise<void> {
    const adminUrl =
      this.options.pgAdminUrl ?? process.env.TRACETWIN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    this.pgAdmin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
    this.dbName = `tracetwin_scale_${randomBytes(5).toString('hex')}`;
    await this.pgAdmin.unsafe(`create database ${this.dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.databaseUrl = u.toString();

    const endpoint = execFileSync('bash', [path.join(ROOT, 'scripts/start-s3.sh')], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    this.s3Env = {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'testing',
      AWS_SECRET_ACCESS_KEY: 'testing',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    this.s3 = new S3Client(s3ClientConfig(this.s3Env));
    this.bucket = `tracetwin-scale-${randomBytes(5).toString('hex')}`;
    await this.s3.send(new CreateBucketCommand({ Bucket: this.bucket }));
    this.storageUrl = `s3://${this.bucket}/tracetwin`;
    this.log(`database ${this.dbName}, storage ${this.storageUrl} at ${endpoint}`);
  }

  private async startTemporal(): Promise<void> {
    const port = await freePort();
    const uiPort = await freePort();
    this.temporal = this.spawn('temporal', TEMPORAL, [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--ui-port',
      String(uiPort),
      '--headless',
      '--log-level',
      'error',
      '--db-filename',
      path.join(this.dir, 'temporal.db'),
    ]);
    this.temporalAddress = `127.0.0.1:${port}`;
    await waitFor(
      'the Temporal dev server',
      async () => {
        const conn = await Connection.connect({ address: this.temporalAddress, connectTimeout: 1000 });
        try {
          await conn.workflowService.getSystemInfo({});
          return true;
        } finally {
          await conn.close();
        }
      },
      60_000,
    );
    this.log(`temporal ${this.temporalAddress}`);
  }

  private spawn(name: string, cmd: string, args: string[], env: Record<string, string> = {}): Proc {
    const logFile = path.join(this.dir, `${name}.log`);
    const out = fs.openSync(logFile, 'a');
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    const exited = new Promise<string>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? String(code))),
    );
    const proc = { name, child, logFile, exited };
    this.procs.push(proc);
    return proc;
  }

  /** Settings every tracetwin process of the deployment shares (flags through the environment). */
  private commonEnv(): Record<string, string> {
    return {
      ...this.s3Env,
      ...(this.options.env ?? {}),
      TRACETWIN_DATABASE_URL: this.databaseUrl,
      TRACETWIN_STORAGE_URL: this.storageUrl,
      TRACETWIN_TEMPORAL_ADDRESS: this.temporalAddress,
      TRACETWIN_MASTER_KEY: this.masterKey,
      TRACETWIN_RUN_LEASE: this.options.runLease ?? '5s',
      TRACETWIN_LOG_LEVEL: 'warn',
    };
  }

  /** Starts `tracetwin serve --workers 0` and waits until it answers /readyz. */
  async startApi(): Promise<ApiProc> {
    const name = `api${++this.apiCount}`;
    const dataDir = path.join(this.dir, name);
    const proc = this.spawn(
      name,
      process.execPath,
      [
        BIN,
        'serve',
        '--workers',
        '0',
        '--data-dir',
        dataDir,
        '--listen',
        '127.0.0.1:0',
        '--admin-listen',
        '127.0.0.1:0',
        ...(this.options.serveArgs ?? []),
      ],
      this.commonEnv(),
    );
    const info = await waitFor(
      `${name} to be ready`,
      async () => {
        if (proc.child.exitCode !== null)
          throw Object.assign(new Error(`${name} exited:\n${this.tail(proc)}`), { fatal: true });
        const text = fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8');
        const i = JSON.parse(text) as { pid: number; apiUrl: string; adminUrl: string; adminToken: string };
        if (i.pid !== proc.child.pid) return undefined;
        const res = await fetch(`${i.apiUrl}/readyz`);
        return res.ok ? i : undefined;
      },
      120_000,
    );
    const api: ApiProc = { ...proc, apiUrl: info.apiUrl, adminUrl: info.adminUrl, adminToken: info.adminToken };
    this.apis.push(api);
    this.log(`${name} ${api.apiUrl}`);
    return api;
  }

  /** Starts `tracetwin worker` with `workers` pseudonymiser runs at once. */
  startWorker(workers = 1): Proc {
    const name = `worker${++this.workerCount}`;
    const proc = this.spawn(
      name,
      process.execPath,
      [
        BIN,
        'worker',
        '--workers',
        String(workers),
        '--data-dir',
        path.join(this.dir, name),
        ...(this.options.workerArgs ?? []),
      ],
      this.commonEnv(),
    );
    this.workers.push(proc);
    this.log(`${name} pid ${proc.child.pid}`);
    return proc;
  }

  /** `tracetwin admin …` against the first API process; the JSON it prints. */
  async admin(args: string[]): Promise<Record<string, unknown>> {
    const api = this.apis[0];
    if (!api) throw new Error('no API process');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, 'admin', '--admin-url', api.adminUrl, '--admin-token', api.adminToken, ...args],
      { cwd: ROOT, env: { ...process.env, ...this.commonEnv() } },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  /** A connection to the deployment's database. */
  get sql(): postgres.Sql {
    this.sqlClient ??= postgres(this.databaseUrl, { max: 2, onnotice: () => undefined });
    return this.sqlClient;
  }

  /** A Temporal client with the deployment's codec. */
  async client(): Promise<Client> {
    if (this.temporalClient) return this.temporalClient;
    const connection = await Connection.connect({ address: this.temporalAddress });
    this.temporalClient = new Client({
      connection,
      dataConverter: encryptedDataConverter(EncryptionCodec.fromMasterKeys(this.masterKey)),
    });
    return this.temporalClient;
  }

  /** The last lines of every process log. */
  tail(only?: Proc, lines = 30): string {
    const procs = only ? [only] : this.procs;
    return procs
      .map((p) => {
        let text = '';
        try {
          text = fs.readFileSync(p.logFile, 'utf8');
        } catch {
          // no log yet
        }
        return `--- ${p.name}\n${text.split('\n').slice(-lines).join('\n')}`;
      })
      .join('\n');
  }

  /** Ends every process (SIGTERM, then SIGKILL), drops the database and the bucket. */
  async stop(): Promise<void> {
    const procs = this.procs.filter((p) => p !== this.temporal);
    await Promise.all(procs.map((p) => stopProc(p, 15_000)));
    if (this.temporalClient) await this.temporalClient.connection.close().catch(() => undefined);
    if (this.temporal) await stopProc(this.temporal, 10_000);
    if (this.sqlClient) await this.sqlClient.end({ timeout: 5 }).catch(() => undefined);
    if (this.pgAdmin) {
      if (this.dbName) await this.pgAdmin.unsafe(`drop database if exists ${this.dbName} with (force)`);
      await this.pgAdmin.end({ timeout: 5 });
    }
    if (this.s3 && this.bucket) {
      try {
        for (;;) {
          const listed = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket }));
          const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key as string }));
          if (keys.length === 0) break;
          await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
        }
        await this.s3.send(new DeleteBucketCommand({ Bucket: this.bucket }));
      } catch {
        // the in-memory test store forgets it anyway when it stops
      }
      this.s3.destroy();
    }
    if (!process.env.TRACETWIN_KEEP_CLUSTER_LOGS) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

async function stopProc(p: Proc, graceMs: number): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  await p.exited;
  clearTimeout(timer);
}

/** A synthetic agent trace (JSON Lines) with people, e-mails and secrets to replace; about `bytes` long. */
export function syntheticTrace(seed: number, bytes: number): Buffer {
  const people = ['Maria Keller', 'John Whitfield', 'Aiko Tanaka', 'Pierre Dubois', 'Fatima Rahman'];
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const who = people[(seed + i) % people.length] as string;
    const mail = `${who.split(' ')[0]!.toLowerCase()}.${seed % 97}@example-corp.com`;
    const line = JSON.stringify({
      step: i,
      role: i % 2 ? 'assistant' : 'user',
      content: `Please email ${who} at ${mail} about invoice ${seed}-${i}; token ghp_${(seed * 7919 + i).toString(36).padStart(36, 'x')}`,
      tool: { name: 'send_email', args: { to: mail, cc: 'ops@example-corp.com' } },
    });
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** POST /v1/svc/twins with a file; the status and JSON body. */
export async function createTwin(
  apiUrl: string,
  key: string,
  file: { name: string; bytes: Buffer },
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.bytes]), file.name);
  const res = await fetch(`${apiUrl}/v1/svc/twins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...headers },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Runs `fn` over `items` with at most `limit` at once. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  });
  await Promise.all(lanes);
  return out;
}
