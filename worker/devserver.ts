/**
 * The local Temporal dev server that `tracetwin serve` starts when no
 * `--temporal-address` is given: the `temporal` CLI's `server start-dev`
 * (installed into .tools/bin by scripts/setup-tools.sh), persisted in the
 * data dir, with the Web UI on and the twin search attributes registered.
 * Its frontend and Web UI take Temporal's usual local ports (7233, 8233) when
 * they are free, so that a bookmarked address keeps working, else free ones;
 * a port asked for explicitly is used or the start fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '../workflows/types';

export interface DevServerOptions {
  dataDir: string;
  /** Namespace to create besides `default`. */
  namespace?: string;
  /** The `temporal` binary (default: .tools/bin/temporal of the repository). */
  binary?: string;
  /** Frontend port: exactly this one (the start fails when it is taken); 0 = a free one. */
  port?: number;
  /** Frontend port to take when it is free, else a free one (default 7233; ignored when `port` is given). */
  preferredPort?: number;
  /** Web UI port: exactly this one (the start fails when it is taken); 0 = a free one. */
  uiPort?: number;
  /** Web UI port to take when it is free, else a free one (default 8233; ignored when `uiPort` is given). */
  preferredUiPort?: number;
  /** Codec endpoint the Web UI decodes payloads with. */
  uiCodecEndpoint?: string;
  /** How long to wait for the frontend to answer (default 60 s). */
  startTimeoutMs?: number;
}

export interface DevServer {
  /** `127.0.0.1:PORT` of the gRPC frontend. */
  address: string;
  /** The preferred ports that were taken, so that others were used instead (empty when none). */
  fellBack: { port?: number; uiPort?: number };
  /** The Web UI. */
  uiUrl: string;
  pid: number;
  /** Stops the server (SIGTERM, then SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/** `.tools/bin/temporal` of the repository, from the sources or from dist/. */
export function temporalBinary(): string {
  const candidates = [
    path.resolve(__dirname, '../.tools/bin/temporal'),
    path.resolve(__dirname, '../../.tools/bin/temporal'),
  ];
  for (const file of candidates) if (fs.existsSync(file)) return file;
  throw new Error(
    'the Temporal CLI is not installed (.tools/bin/temporal): run `npm run build` (scripts/setup-tools.sh), or give --temporal-address',
  );
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be bound on `host` now. */
export async function portFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The port to use: `exact` when given (0: a free one); else `preferred`
 * when it is free; else a free one. `fellBack` says when the preferred one
 * was taken.
 */
export async function pickPort(
  exact: number | undefined,
  preferred: number,
  host = '127.0.0.1',
): Promise<{ port: number; fellBack: boolean }> {
  if (exact !== undefined) return { port: exact === 0 ? await freePort(host) : exact, fellBack: false };
  if (await portFree(preferred, host)) return { port: preferred, fellBack: false };
  return { port: await freePort(host), fellBack: true };
}

/** Temporal's usual local ports. */
export const USUAL_PORTS = { frontend: 7233, ui: 8233 } as const;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * A dev server left behind by a serve process that was killed holds the
 * database file: stop it when its command line names our database.
 */
async function stopStale(pidFile: string, dbFile: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  let cmdline: string;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // cannot tell what it is: leave it
  }
  if (!cmdline.includes('start-dev') || !cmdline.includes(dbFile)) return;
  process.kill(pid, 'SIGTERM');
  if (!(await waitExit(pid, 10_000))) process.kill(pid, 'SIGKILL');
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const binary = options.binary ?? temporalBinary();
  const dir = path.join(path.resolve(options.dataDir), 'temporal');
  fs.mkdirSync(dir, { recursive: true });
  const dbFile = path.join(dir, 'temporal.db');
  const pidFile = path.join(dir, 'dev-server.pid');
  const logFile = path.join(dir, 'dev-server.log');
  await stopStale(pidFile, dbFile);
  // A port is found free by binding it and letting it go: another process may take it before the server binds
  // it. The server then exits saying so, and is started again (the usual ports checked again, else fresh ones).
  for (let attempt = 1; ; attempt++) {
    const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    try {
      return await startOnce(options, binary, dbFile, pidFile, logFile);
    } catch (err) {
      if (
        !(err instanceof ServerExited) ||
        attempt >= 3 ||
        !logSince(logFile, logStart).includes('address already in use')
      )
        throw err;
    }
  }
}

/** The dev server exited while starting. */
class ServerExited extends Error {}

function logSince(file: string, start: number): string {
  try {
    return fs.readFileSync(file).subarray(start).toString('utf8');
  } catch {
    return '';
  }
}

async function startOnce(
  options: DevServerOptions,
  binary: string,
  dbFile: string,
  pidFile: string,
  logFile: string,
): Promise<DevServer> {
  const front = await pickPort(options.port, options.preferredPort ?? USUAL_PORTS.frontend);
  const ui = await pickPort(options.uiPort, options.preferredUiPort ?? USUAL_PORTS.ui);
  const { port } = front;
  const uiPort = ui.port;
  const fellBack = {
    ...(front.fellBack ? { port: options.preferredPort ?? USUAL_PORTS.frontend } : {}),
    ...(ui.fellBack ? { uiPort: options.preferredUiPort ?? USUAL_PORTS.ui } : {}),
  };
  const httpPort = await freePort();
  const metricsPort = await freePort();
  const args = [
    'server',
    'start-dev',
    '--db-filename',
    dbFile,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--ui-port',
    String(uiPort),
    '--http-port',
    String(httpPort),
    '--metrics-port',
    String(metricsPort),
    '--ui-disable-news-fetch',
    '--log-level',
    'warn',
  ];
  for (const key of Object.values(SEARCH_ATTRIBUTES)) args.push('--search-attribute', `${key.name}=Keyword`);
  if (options.namespace && options.namespace !== 'default') args.push('--namespace', options.namespace);
  if (options.uiCodecEndpoint) args.push('--ui-codec-endpoint', options.uiCodecEndpoint);

  const out = fs.openSync(logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(binary, args, { stdio: ['ignore', out, out] });
  } finally {
    fs.closeSync(out);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${binary}`);
  fs.writeFileSync(pidFile, `${pid}\n`);
  let exited: string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? `code ${code}`;
      resolve();
    }),
  );

  const address = `127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (exited === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exit.then(() => true), delay(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    fs.rmSync(pidFile, { force: true });
  };

  const until = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited !== null) {
      fs.rmSync(pidFile, { force: true });
      throw new ServerExited(
        `the Temporal dev server exited (${exited}); its log (${logFile}) ends:\n${tail(logFile)}`,
      );
    }
    try {
      const connection = await Connection.connect({ address, connectTimeout: 2000 });
      try {
        await connection.workflowService.getSystemInfo({});
        await connection.workflowService.describeNamespace({ namespace: options.namespace ?? 'default' });
      } finally {
        await connection.close();
      }
      break;
    } catch (err) {
      if (Date.now() > until) {
        await stop();
        throw new Error(`the Temporal dev server did not answer on ${address}`, { cause: err });
      }
      await delay(250);
    }
  }
  return { address, fellBack, uiUrl: `http://127.0.0.1:${uiPort}`, pid, stop };
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
