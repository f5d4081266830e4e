/**
 * A TCP proxy for fault injection: sits between the service and a dependency (PostgreSQL, Temporal) and, on
 * command, passes bytes, delays them, blackholes them (accepts and reads, never forwards nor answers, as a
 * network path that drops packets), or resets every open connection (RST, as a crashed peer or a middlebox).
 */
import net from 'node:net';

export type ProxyMode = 'pass' | 'blackhole';

export interface TcpProxy {
  /** `127.0.0.1:<port>` to give the service instead of the dependency's address. */
  address: string;
  port: number;
  mode: ProxyMode;
  /** Extra milliseconds before each chunk is forwarded, both ways (0: none). */
  delayMs: number;
  /** Resets every open connection now (RST on both sides). */
  resetAll(): void;
  /** Connections accepted so far. */
  accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (s: net.Socket): void => {
    open.add(s);
    s.on('close', () => open.delete(s));
    s.on('error', () => undefined);
  };
  const forward = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (proxy.mode === 'blackhole') return;
      if (proxy.delayMs > 0) setTimeout(() => to.writable && to.write(chunk), proxy.delayMs);
      else if (to.writable) to.write(chunk);
    });
    from.on('end', () => to.writable && to.end());
    from.on('close', () => to.destroyed || to.destroy());
  };
  const server = net.createServer((client) => {
    proxy.accepted++;
    track(client);
    if (proxy.mode === 'blackhole') {
      client.on('data', () => undefined); // read and drop: the peer sees an open connection that never answers
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pause();
    upstream.once('connect', () => client.resume());
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const proxy: TcpProxy = {
    address: `127.0.0.1:${port}`,
    port,
    mode: 'pass',
    delayMs: 0,
    accepted: 0,
    resetAll() {
      for (const s of [...open]) s.resetAndDestroy();
    },
    close: async () => {
      for (const s of [...open]) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
