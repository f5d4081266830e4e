/**
 * Scale-out end to end: two `tracetwin serve --workers 0` and two `tracetwin
 * worker` processes over one PostgreSQL database, one S3-protocol store
 * (moto's server) and one Temporal dev server. Twins are created round-robin
 * across the API processes; one worker is killed (SIGKILL) while it runs a
 * twin. Then: every twin ended exactly once, every content is retrievable
 * from either API process, every event was recorded and delivered, no credit
 * was lost or spent twice, and the limits held exactly.
 *
 * TRACETWIN_SCALE_TWINS sets the number of twins (default 200).
 */
import { Webhook } from 'standardwebhooks';
import { type ApiProc, Cluster, createTwin, mapLimit, syntheticTrace } from '../../bench/cluster';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const N = Number(process.env.TRACETWIN_SCALE_TWINS ?? 200);
const TRACE_BYTES = 24 * 1024;

jest.setTimeout(420_000);

interface Org {
  id: string;
  key: string;
}

describe(`scale-out: 2 API processes, 2 workers, ${N} twins`, () => {
  let cluster: Cluster;
  let receiver: Receiver;
  let apis: ApiProc[];

  beforeAll(async () => {
    receiver = await startReceiver();
    cluster = await Cluster.start({
      runLease: '5s',
      env: { TRACETWIN_WEBHOOK_ALLOW_LOOPBACK: 'true', TRACETWIN_WEBHOOK_CA_FILE: receiver.caFile },
    });
    // both API processes start at once: migrations run under the advisory lock
    apis = await Promise.all([cluster.startApi(), cluster.startApi()]);
  }, 240_000);

  afterAll(async () => {
    if (cluster && process.env.TRACETWIN_SCALE_LOGS) process.stderr.write(cluster.tail() + '\n');
    await cluster?.stop();
    await receiver?.close();
  });

  const api = (i: number): ApiProc => apis[i % apis.length] as ApiProc;

  async function org(name: string, balance: number, maxConcurrent: number, maxDailyLive: number): Promise<Org> {
    const created = await cluster.admin([
      'org',
      'create',
      '--name',
      name,
      '--balance',
      String(balance),
      '--max-concurrent',
      String(maxConcurrent),
      '--max-daily-live',
      String(maxDailyLive),
    ]);
    const key = await cluster.admin(['key', 'create', '--org', String(created.id), '--mode', 'live']);
    return { id: String(created.id), key: String(key.secret) };
  }

  async function balanceOf(orgId: string): Promise<number> {
    const rows = await cluster.sql<{ balance: number }[]>`select balance from organizations where id = ${orgId}`;
    return Number(rows[0]?.balance);
  }

  test('limits, money, a killed worker, exactly-once ends, content and delivered events', async () => {
    const main = await org('scale-main', N + 5, N, N);
    const broke = await org('scale-balance', 3, 100, 100);
    const narrow = await org('scale-concurrency', 100, 2, 100);

    // a webhook endpoint for the main organization's live events
    const endpoint = await fetch(`${api(0).apiUrl}/v1/svc/webhook_endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${main.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url() }),
    });
    expect(endpoint.status).toBe(201);
    const whsec = String(((await endpoint.json()) as { secret: string }).secret);

    // No worker yet: twins stay queued, so the limits are deterministic.
    // Balance 3, ten creations at once across both API processes: exactly three pass.
    const small = { name: 'small.jsonl', bytes: syntheticTrace(1, 2048) };
    const balanceRace = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createTwin(api(i).apiUrl, broke.key, small)),
    );
    expect(balanceRace.filter((r) => r.status === 202)).toHaveLength(3);
    expect(balanceRace.filter((r) => r.status === 402)).toHaveLength(7);
    expect(await balanceOf(broke.id)).toBe(0);
    // Two runs at once allowed, eight creations at once: exactly two pass, the rest 429.
    const concurrencyRace = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createTwin(api(i).apiUrl, narrow.key, small)),
    );
    expect(concurrencyRace.filter((r) => r.status === 202)).toHaveLength(2);
    expect(concurrencyRace.filter((r) => r.status === 429)).toHaveLength(6);

    // Two workers, one pseudonymiser run at a time each.
    const victim = cluster.startWorker(1);
    cluster.startWorker(1);

    // Kill the victim worker while it runs a twin (Temporal names the worker of each started activity);
    // watched from the first creation on.
    const client = await cluster.client();
    const victimIdentity = new RegExp(`(^|\\D)${victim.child.pid}@`);
    const killing = (async () => {
      const until = Date.now() + 120_000;
      while (Date.now() < until) {
        for (const w of cluster.workers)
          if (w.child.exitCode !== null) throw new Error(`${w.name} exited by itself\n${cluster.tail()}`);
        const running = await cluster.sql<{ id: string }[]>`select id from twins where status = 'running'`;
        for (const { id } of running) {
          const d = await client.workflow.getHandle(id).describe();
          const act = d.raw.pendingActivities?.find(
            (a) => a.activityType?.name === 'runTwin' && victimIdentity.test(a.lastWorkerIdentity ?? ''),
          );
          if (act && Number(act.state) === 2 /* PENDING_ACTIVITY_STATE_STARTED */) {
            victim.child.kill('SIGKILL');
            return id;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the victim worker never ran a twin\n${cluster.tail()}`);
    })();
    killing.catch(() => undefined); // awaited below; no unhandled rejection meanwhile
    // N twins round-robin across the API processes, eight requests in flight.
    const traces = new Map<string, Buffer>();
    const created = await mapLimit(
      Array.from({ length: N }, (_, i) => i),
      8,
      async (i) => {
        const bytes = syntheticTrace(100 + i, TRACE_BYTES);
        const r = await createTwin(
          api(i).apiUrl,
          main.key,
          { name: `trace-${i}.jsonl`, bytes },
          { end_user: `cust_${i % 7}` },
          { 'idempotency-key': `scale-${i}` },
        );
        if (r.status === 202) traces.set(String(r.body.id), bytes);
        return r.status;
      },
    );
    expect(created.filter((s) => s !== 202)).toEqual([]);
    const twinIds = [...traces.keys()];
    expect(twinIds).toHaveLength(N);
    // the daily limit is exact: the next one is refused
    const over = await createTwin(api(1).apiUrl, main.key, small);
    expect(over.status).toBe(429);

    const killedTwin = await killing;
    expect(await victim.exited).toBe('SIGKILL');

    // Every twin ends (the killed run is taken up by the other worker after the run lease).
    const allIds = [
      ...twinIds,
      ...[...balanceRace, ...concurrencyRace].filter((r) => r.status === 202).map((r) => String(r.body.id)),
    ];
    const deadline = Date.now() + 240_000;
    for (;;) {
      const [row] = await cluster.sql<{ open: number }[]>`
        select count(*)::int as open from twins where status in ('queued', 'running')`;
      if (row?.open === 0) break;
      if (Date.now() > deadline) throw new Error(`${row?.open} twins still open\n${cluster.tail()}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    // Exactly once: every twin completed, one event each, none for anything else.
    const statuses = await cluster.sql<{ status: string; n: number }[]>`
      select status, count(*)::int as n from twins group by status`;
    expect(statuses).toEqual([{ status: 'completed', n: allIds.length }]);
    const events = await cluster.sql<{ twin_id: string; type: string; n: number }[]>`
      select twin_id, type, count(*)::int as n from events group by twin_id, type`;
    expect(events).toHaveLength(allIds.length);
    expect(events.every((e) => e.n === 1 && e.type === 'svc.twin.completed')).toBe(true);
    expect(new Set(events.map((e) => e.twin_id))).toEqual(new Set(allIds));

    // The killed run was retried: its runTwin started more than once, and it still ended once.
    const history = await client.workflow.getHandle(killedTwin).fetchHistory();
    const attempts = (history.events ?? [])
      .filter((e) => e.activityTaskStartedEventAttributes)
      .map((e) => Number(e.activityTaskStartedEventAttributes?.attempt ?? 1));
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);

    // Money: every live twin kept its one credit, nothing more.
    expect(await balanceOf(main.id)).toBe(5);
    expect(await balanceOf(broke.id)).toBe(0);
    expect(await balanceOf(narrow.id)).toBe(98);

    // Every content retrievable from either API process, the same bytes from both.
    await mapLimit(twinIds, 8, async (id, i) => {
      const get = async (a: ApiProc) => {
        const res = await fetch(`${a.apiUrl}/v1/svc/twins/${id}/content`, {
          headers: { authorization: `Bearer ${main.key}` },
        });
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      };
      const [a, b] = [await get(api(i)), await get(api(i + 1))];
      expect(a.equals(b)).toBe(true);
      const original = traces.get(id) as Buffer;
      expect(a.toString().split('\n').length).toBe(original.toString().split('\n').length);
      expect(a.equals(original)).toBe(false);
    });
    // and the killed run's twin as either process reports it, asked with its own organization's key (the victim
    // may have been running any organization's twin)
    const [owner] = await cluster.sql<{ org_id: string }[]>`select org_id from twins where id = ${killedTwin}`;
    const ownerKey = [main, broke, narrow].find((o) => o.id === owner?.org_id)?.key;
    expect(ownerKey).toBeDefined();
    for (const i of [0, 1]) {
      const twin = (await (
        await fetch(`${api(i).apiUrl}/v1/svc/twins/${killedTwin}`, { headers: { authorization: `Bearer ${ownerKey}` } })
      ).json()) as { status: string };
      expect(twin.status).toBe('completed');
    }

    // Every event of the main organization delivered, signed, at least once.
    const mainEvents = await cluster.sql<{ id: string }[]>`select id from events where org_id = ${main.id}`;
    expect(mainEvents).toHaveLength(N);
    const wanted = new Set(mainEvents.map((e) => e.id));
    const hookDeadline = Date.now() + 120_000;
    const seen = (): Set<string> => new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
    while ([...wanted].some((id) => !seen().has(id)) && Date.now() < hookDeadline)
      await new Promise((r) => setTimeout(r, 500));
    expect([...wanted].filter((id) => !seen().has(id))).toEqual([]);
    const wh = new Webhook(whsec);
    for (const r of receiver.received) {
      const verified = wh.verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as { type: string; data: { id: string } };
      expect(verified.type).toBe('svc.twin.completed');
      expect(traces.has(verified.data.id)).toBe(true);
    }
  });
});
