/**
 * `tracetwin admin`: talks to a running server's admin API, found through
 * `<data-dir>/server.json` (written by `serve`) or given with --admin-url and
 * --admin-token. Create commands print one JSON object on stdout, nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';

interface Connection {
  adminUrl: string;
  adminToken: string;
}

interface ConnectionOptions {
  dataDir?: string;
  adminUrl?: string;
  adminToken?: string;
}

function count(value: string): number {
  if (!/^\d{1,10}$/.test(value)) throw new InvalidArgumentError('a whole number ≥ 0 is expected');
  return Number(value);
}

function withConnection(cmd: Command): Command {
  return cmd
    .addOption(new Option('--data-dir <dir>', 'state folder of a running `tracetwin serve`').env('TRACETWIN_DATA_DIR'))
    .addOption(new Option('--admin-url <url>', 'admin API address').env('TRACETWIN_ADMIN_URL'))
    .addOption(new Option('--admin-token <token>', 'admin API token').env('TRACETWIN_ADMIN_TOKEN'));
}

export function resolveConnection(opts: ConnectionOptions): Connection {
  if (opts.adminUrl || opts.adminToken) {
    if (!opts.adminUrl || !opts.adminToken) throw new Error('--admin-url and --admin-token go together');
    return { adminUrl: opts.adminUrl, adminToken: opts.adminToken };
  }
  const dir = path.resolve(opts.dataDir ?? 'tracetwin-data');
  const file = path.join(dir, 'server.json');
  let info: { adminUrl?: unknown; adminToken?: unknown };
  try {
    info = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof info;
  } catch {
    throw new Error(
      `no running server found: ${file} is missing or unreadable (start \`tracetwin serve --data-dir ${opts.dataDir ?? 'tracetwin-data'}\`, or pass --admin-url and --admin-token)`,
    );
  }
  if (typeof info.adminUrl !== 'string' || typeof info.adminToken !== 'string') {
    throw new Error(`${file} names no admin address and token`);
  }
  return { adminUrl: info.adminUrl, adminToken: info.adminToken };
}

async function call(conn: Connection, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const url = new URL(route, conn.adminUrl.endsWith('/') ? conn.adminUrl : `${conn.adminUrl}/`);
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${conn.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (err) {
    throw new Error(
      `cannot reach the admin API at ${conn.adminUrl}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // reported below
  }
  if (!res.ok) {
    const err = json.error as { message?: string; code?: string } | undefined;
    throw new Error(`admin API answered ${res.status}${err?.code ? ` ${err.code}` : ''}: ${err?.message ?? text}`);
  }
  return json;
}

function print(obj: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
}

function conn(cmd: Command): Connection {
  return resolveConnection(cmd.optsWithGlobals<ConnectionOptions>());
}

export function registerAdmin(program: Command): void {
  const admin = withConnection(
    program.command('admin').description("Provision organizations and API keys through a running server's admin API"),
  );

  const org = admin.command('org').description('Organizations');
  withConnection(
    org
      .command('create')
      .description('Create an organization; prints {"id","name","balance"}')
      .requiredOption('--name <name>', 'organization name')
      .option('--balance <n>', 'prepaid credits (default 0)', count)
      .option('--max-concurrent <n>', 'runs going at once (default 3)', count)
      .option('--max-daily-live <n>', 'live runs per 24 hours (default 200)', count)
      .option('--max-daily-test <n>', 'test runs per 24 hours (default 20)', count),
  ).action(
    async (
      opts: { name: string; balance?: number; maxConcurrent?: number; maxDailyLive?: number; maxDailyTest?: number },
      cmd: Command,
    ) => {
      const res = await call(conn(cmd), 'POST', 'admin/organizations', {
        name: opts.name,
        ...(opts.balance !== undefined ? { balance: opts.balance } : {}),
        ...(opts.maxConcurrent !== undefined ? { max_concurrent: opts.maxConcurrent } : {}),
        ...(opts.maxDailyLive !== undefined ? { max_daily_live: opts.maxDailyLive } : {}),
        ...(opts.maxDailyTest !== undefined ? { max_daily_test: opts.maxDailyTest } : {}),
      });
      print({ id: res.id, name: res.name, balance: res.balance });
    },
  );

  withConnection(
    org
      .command('credit')
      .description('Add credits to an organization; prints {"id","name","balance"}')
      .requiredOption('--org <org_id>', 'organization id')
      .requiredOption('--add <n>', 'credits to add', count),
  ).action(async (opts: { org: string; add: number }, cmd: Command) => {
    const res = await call(conn(cmd), 'POST', `admin/organizations/${encodeURIComponent(opts.org)}/credit`, {
      add: opts.add,
    });
    print({ id: res.id, name: res.name, balance: res.balance });
  });

  const key = admin.command('key').description('API keys');
  withConnection(
    key
      .command('create')
      .description('Create an API key; prints {"id","secret","mode","org"} (the secret is shown only here)')
      .requiredOption('--org <org_id>', 'organization id')
      .addOption(new Option('--mode <mode>', 'live or test').choices(['live', 'test']).makeOptionMandatory())
      .option('--no-twins-scope', 'a key without access to twins'),
  ).action(async (opts: { org: string; mode: 'live' | 'test'; twinsScope: boolean }, cmd: Command) => {
    const res = await call(conn(cmd), 'POST', 'admin/keys', {
      org: opts.org,
      mode: opts.mode,
      twins_scope: opts.twinsScope,
    });
    print({ id: res.id, secret: res.secret, mode: res.mode, org: res.org });
  });

  withConnection(
    key.command('revoke').description('Revoke an API key').argument('<key_id>', 'the key id (key_…)'),
  ).action(async (keyId: string, _opts: unknown, cmd: Command) => {
    const res = await call(conn(cmd), 'POST', `admin/keys/${encodeURIComponent(keyId)}/revoke`);
    print({ id: res.id, revoked: true });
  });
}
