/**
 * The dev server takes the ports it prefers (Temporal's usual 7233 and 8233)
 * when they are free and falls back to free ones when they are taken (tested
 * with preferred ports of our own: others' servers may hold the usual ones).
 * The dev server's ports are picked free and then let go; when another
 * process takes one first, the server exits saying so and is started again on
 * fresh ports. A port that stays taken (here the UI port asked for) fails after
 * three tries, with the server's log in the error.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { freePort, startDevServer, USUAL_PORTS } from '../../worker/devserver';

const TEMPORAL = path.resolve(__dirname, '../../.tools/bin/temporal');

describe('starting the Temporal dev server', () => {
  let dir: string;
  let taken: net.Server;

  beforeAll(async () => {
    if (!fs.existsSync(TEMPORAL))
      throw new Error(`the Temporal CLI is missing at ${TEMPORAL}: run scripts/setup-tools.sh`);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-devserver-'));
    taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => taken.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes the preferred Web UI port when free, and falls back from a taken preferred frontend port', async () => {
    const occupied = (taken.address() as net.AddressInfo).port;
    const uiPort = await freePort();
    const dev = await startDevServer({
      dataDir: path.join(dir, 'prefer'),
      binary: TEMPORAL,
      preferredPort: occupied,
      preferredUiPort: uiPort,
    });
    try {
      expect(dev.address).not.toBe(`127.0.0.1:${occupied}`);
      expect(dev.fellBack).toEqual({ port: occupied });
      expect(dev.uiUrl).toBe(`http://127.0.0.1:${uiPort}`);
      const connection = await Connection.connect({ address: dev.address });
      try {
        await connection.workflowService.getSystemInfo({});
      } finally {
        await connection.close();
      }
      expect((await fetch(dev.uiUrl)).ok).toBe(true);
    } finally {
      await dev.stop();
    }
  }, 60_000);

  it("prefers Temporal's usual local ports by default", () => {
    expect(USUAL_PORTS).toEqual({ frontend: 7233, ui: 8233 });
  });

  it('tries three times when a port is in use, then says why', async () => {
    const uiPort = (taken.address() as net.AddressInfo).port;
    await expect(startDevServer({ dataDir: dir, binary: TEMPORAL, port: 0, uiPort })).rejects.toThrow(/exited/);
    const log = fs.readFileSync(path.join(dir, 'temporal', 'dev-server.log'), 'utf8');
    // a taken UI port is refused in one line per start: three starts
    expect(log.split("can't set UI port").length - 1).toBe(3);
    expect(fs.existsSync(path.join(dir, 'temporal', 'dev-server.pid'))).toBe(false);
  }, 60_000);
});
