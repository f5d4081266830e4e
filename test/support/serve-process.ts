/**
 * The built `bin/tracetwin serve` as a child process, for black-box tests:
 * started in a folder of its own with no TRACETWIN_* variables from the
 * environment, found through the `server.json` it writes into its data dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/tracetwin');

export interface ServeProcess {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
  /** The signal that ended the process, once it has exited by one (null otherwise). */
  signal: () => NodeJS.Signals | null;
}

/** What `serve` writes into its data dir for other local processes. */
export interface ServerJson {
  pid: number;
  apiUrl: string;
  adminUrl: string;
  adminToken: string;
  temporalAddress: string;
  temporalUiUrl?: string;
}

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(REPO, 'dist/cli/main.js'))) throw new Error('build first: npm run build');
}

/** The dev server on free ports: tests run beside others' servers, and must leave Temporal's usual ports alone. */
export const FREE_TEMPORAL_PORTS = ['--temporal-port', '0', '--temporal-ui-port', '0'];

/** Starts `serve` in `cwd` (data dir ./tracetwin-data there) with free ports and `args` after them. */
export function startServe(cwd: string, args: string[] = []): ServeProcess {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('TRACETWIN_')) delete env[k];
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--listen', '127.0.0.1:0', '--workers', '1', ...FREE_TEMPORAL_PORTS, ...args],
    {
      cwd,
      env: { ...env, TRACETWIN_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  let signal: NodeJS.Signals | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, sig) => {
      signal = sig;
      resolve(code);
    }),
  );
  return { child, stderr: () => err, exited, signal: () => signal };
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  ms = 60_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the process in `cwd` has written its server.json, and returns it. */
export async function serverReady(cwd: string, p: ServeProcess): Promise<ServerJson> {
  const file = path.join(cwd, 'tracetwin-data', 'server.json');
  return waitFor('server.json', () => {
    if (p.child.exitCode !== null) throw new Error(`serve exited:\n${p.stderr()}`);
    try {
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerJson;
      return info.pid === p.child.pid ? info : undefined;
    } catch {
      return undefined;
    }
  });
}
