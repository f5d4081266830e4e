/**
 * `tracetwin serve [STORE] [--listen ADDR] [--workers N] [--public-url URL] [TEMPORAL] [KNOBS]`
 *
 * The whole service in one process. With no flags: PGlite and blobs in
 * ./tracetwin-data, a Temporal dev server started (and stopped) here, a
 * worker with one pseudonymiser thread per CPU, the API on 127.0.0.1:8080
 * and the admin API on a free loopback port. `<data-dir>/server.json` tells
 * `tracetwin admin` and `tracetwin worker` where everything is.
 */
import { SecretBox } from '../../webhooks/secrets';
import { signalEndpointDeleted } from '../../webhooks/temporal';
import { Reconciler } from '../../api/reconciler';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildAdminApp } from '../../api/admin';
import { buildApp, LOG_REDACT, LOG_SERIALIZERS } from '../../api/app';
import { KeyCache } from '../../api/auth';
import type { ApiConfig } from '../../api/config';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeError } from '../../db/errors';
import { countOrganizations, createApiKey, createOrganization, purgeExpiredIdempotencyKeys } from '../../db/repo';
import { twins } from '../../db/schema';
import { createBlobStore } from '../../storage';
import { startSweeper } from '../../storage/sweep';
import { listenForShutdown, type ShutdownSignal } from '../signals';
import { startCodecServer } from '../../worker/codec-server';
import { EncryptionCodec, encryptedDataConverter } from '../../worker/codec';
import { pickPort, startDevServer, USUAL_PORTS, type DevServer } from '../../worker/devserver';
import {
  connectTemporal,
  installTemporalRuntime,
  startWorkerSide,
  type TemporalSide,
  type WorkerSide,
} from '../../worker/process';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addKnobOptions,
  addServeOptions,
  addStoreOptions,
  addTemporalOptions,
  addWorkersOption,
  formatHostPort,
  loadOrCreateMasterKey,
  readServerInfo,
  removeServerInfo,
  resolveConfig,
  writeServerInfo,
  type Config,
} from '../config';

/** How long shutdown lets running pseudonymiser runs finish before they are handed back to Temporal. */
const SHUTDOWN_GRACE_MS = 20_000;
/** How often serve deletes the rows of expired idempotency keys. */
const IDEMPOTENCY_PURGE_EVERY_MS = 10 * 60_000;

export function registerServe(program: Command): void {
  const cmd = program
    .command('serve')
    .description('run the twin service: HTTP API, admin API, Temporal worker (and a local Temporal dev server)');
  addStoreOptions(cmd);
  addServeOptions(cmd);
  addWorkersOption(cmd);
  addTemporalOptions(cmd);
  addKnobOptions(cmd);
  cmd.action(async (_opts: unknown, command: Command) => {
    await serve(resolveConfig(command));
    // Everything is closed; native and thread-pool handles would only delay the exit by seconds.
    process.exit(0);
  });
}

export function createLogger(config: Config): Logger {
  return pino({ level: config.logLevel, redact: LOG_REDACT, serializers: LOG_SERIALIZERS, base: { pid: process.pid } });
}

function urlOf(app: FastifyInstance): string {
  const addr = app.server.address() as AddressInfo;
  return `http://${formatHostPort({ host: addr.family === 'IPv6' ? addr.address : addr.address, port: addr.port })}`;
}

/** Reachable form of a bound address (a wildcard is reached on loopback). */
function reachable(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
}

export async function serve(config: Config): Promise<void> {
  // listened for before anything starts: a signal while serve starts must not kill it with the dev server running
  const shutdown = listenForShutdown('tracetwin', `shutting down (running twins get ${SHUTDOWN_GRACE_MS / 1000} s)`);
  const logger = createLogger(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const other = readServerInfo(config.dataDir);
  if (other && other.pid !== process.pid) {
    throw new Error(
      `another tracetwin serve (pid ${other.pid}) uses ${config.dataDir}; stop it or give another --data-dir`,
    );
  }
  installTemporalRuntime(logger);

  // Shutdown steps, run in reverse order of registration.
  const cleanups: Array<[string, () => Promise<void>]> = [];
  const cleanup = async (): Promise<void> => {
    for (const [step, fn] of cleanups.reverse()) {
      const started = Date.now();
      await fn().then(
        () => logger.info({ step, ms: Date.now() - started }, 'shutdown step done'),
        (err: unknown) => logger.error({ step, error: describeError(err) }, 'shutdown step failed'),
      );
    }
    cleanups.length = 0;
  };

  try {
    const masterKey = loadOrCreateMasterKey(config);
    const codec = EncryptionCodec.fromMasterKeys(masterKey, config.previousMasterKeys);
    const dataConverter = encryptedDataConverter(codec);

    const db: DatabaseHandle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.dbTimeouts,
    });
    cleanups.push(['database', () => db.close()]);
    const blobs = createBlobStore({ storageUrl: config.storageUrl, dataDir: config.dataDir });
    // what a crash left of an upload (trace content): removed now, and every --sweep-every
    const sweeper = await startSweeper(
      [{ name: 'partial uploads', run: () => blobs.sweep(config.partialMaxAgeMs) }],
      config.sweepEveryMs,
      logger,
    );
    cleanups.push(['partial upload sweep', async () => sweeper.stop()]);

    // Temporal: an existing cluster, or a dev server of our own whose Web UI decodes payloads through a local codec endpoint.
    let dev: DevServer | null = null;
    let uiFellBack = false;
    if (!config.temporal.address) {
      // The Web UI's port is fixed first: the codec endpoint allows the UI's origin.
      const ui = await pickPort(config.devServer.uiPort, USUAL_PORTS.ui);
      const uiPort = ui.port;
      uiFellBack = ui.fellBack;
      const uiOrigins = [`http://127.0.0.1:${uiPort}`, `http://localhost:${uiPort}`];
      const codecServer = await startCodecServer({ codec, corsOrigins: uiOrigins, host: '127.0.0.1', port: 0 });
      cleanups.push(['codec endpoint', () => codecServer.close()]);
      dev = await startDevServer({
        dataDir: config.dataDir,
        namespace: config.temporal.namespace,
        port: config.devServer.port,
        uiPort,
        uiCodecEndpoint: codecServer.url,
      });
      const theDev = dev;
      cleanups.push(['Temporal dev server', () => theDev.stop()]);
    }
    const temporal: TemporalSide = await connectTemporal(config, dataConverter, {
      address: dev?.address,
      searchAttributesRegistered: dev ? true : undefined,
    });
    cleanups.push(['Temporal client', () => temporal.close()]);
    if (!temporal.searchAttributes)
      logger.warn(
        'the Temporal namespace lacks the TwinOrgId/TwinMode/TwinStatus/TwinEndUser search attributes; using memo only (docs/deploy.md, Search attributes)',
      );

    let worker: WorkerSide | null = null;
    if (config.workers > 0) {
      worker = await startWorkerSide({
        config,
        db: db.db,
        blobs,
        logger,
        dataConverter,
        connectionOptions: temporal.connectionOptions,
        masterKey,
        workers: config.workers,
        shutdownGraceMs: SHUTDOWN_GRACE_MS,
      });
      const theWorker = worker;
      cleanups.push(['worker', () => theWorker.shutdown()]);
    }

    const keyCache = new KeyCache(db.db, config.keyCacheTtlMs);
    const apiConfig: ApiConfig = {
      publicUrl: config.publicUrl,
      maxFileLive: config.maxFileLive,
      maxFileTest: config.maxFileTest,
      idempotencyTtlMs: config.idempotencyTtlMs,
      keyCacheTtlMs: config.keyCacheTtlMs,
      contentRetentionMs: config.contentRetentionMs,
      hmacSecret: createHmac('sha256', Buffer.from(masterKey, 'hex')).update('tracetwin idempotency v1').digest(),
    };
    // Starts twins left queued (a start that failed or ran past its deadline) and takes back what an error kept.
    const reconciler = new Reconciler({ db: db.db, blobs, startTwin: (twin) => temporal.startTwin(twin), logger });
    const app = await buildApp({
      db: db.db,
      blobs,
      config: apiConfig,
      startTwin: (twin) => temporal.startTwin(twin),
      reconciler,
      temporalReady: () => temporal.ready(),
      logger,
      keyCache,
      reviewPage: config.reviewPage,
      webhooks: {
        secrets: new SecretBox(Buffer.from(masterKey, 'hex')),
        allowLoopback: config.webhookAllowLoopback,
        stopDeliveries: (ids) => temporal.withDeadline(() => signalEndpointDeleted(temporal.client, ids)),
      },
    });
    // Idempotency keys past --idempotency-ttl are already ignored; delete their rows now and then.
    const purge = setInterval(() => {
      purgeExpiredIdempotencyKeys(db.db).then(
        (n) => n > 0 && logger.info({ deleted: n }, 'expired idempotency keys deleted'),
        (err: unknown) => logger.warn({ error: describeError(err) }, 'idempotency key purge failed'),
      );
    }, IDEMPOTENCY_PURGE_EVERY_MS);
    purge.unref();
    cleanups.push(['idempotency purge', async () => clearInterval(purge)]);
    const adminToken = randomBytes(32).toString('base64url');
    const admin = await buildAdminApp({ db: db.db, adminToken, logger, keyCache });

    // First start on an empty store: one organization and a test key, shown once.
    if ((await countOrganizations(db.db)) === 0) {
      const org = await createOrganization(db.db, { name: 'Default organization' });
      const { secret } = await createApiKey(db.db, { orgId: org.id, mode: 'test' });
      process.stderr.write(
        `tracetwin: created organization ${org.id} with a test API key (shown only now):\n\n  ${secret}\n\n`,
      );
    }

    // Twins answered 202 but never started (a crash between answer and start) get their workflow now; starts are
    // idempotent. Unanswered ones are the reconciler's to take back.
    const pending = await db.db
      .select({ id: twins.id, orgId: twins.orgId, livemode: twins.livemode, endUser: twins.endUser })
      .from(twins)
      .where(and(inArray(twins.status, ['queued', 'running']), eq(twins.answered, true)));
    for (const twin of pending) {
      await temporal.startTwin(twin).catch((err: unknown) => {
        logger.warn(
          { twin_id: twin.id, error: describeError(err) },
          'could not start a pending twin; the reconciler will',
        );
      });
    }
    reconciler.start();
    cleanups.push(['reconciler', () => reconciler.stop()]);

    await admin.listen({ host: config.adminListen.host, port: config.adminListen.port });
    cleanups.push(['admin API', () => admin.close()]);
    await app.listen({ host: config.listen.host, port: config.listen.port });
    cleanups.push(['API', () => app.close()]);

    const apiUrl = reachable(urlOf(app));
    const adminUrl = urlOf(admin);
    const temporalAddress = dev?.address ?? (config.temporal.address as string);
    writeServerInfo(config.dataDir, {
      pid: process.pid,
      apiUrl,
      adminUrl,
      adminToken,
      temporalAddress,
      temporalNamespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      ...(dev ? { temporalUiUrl: dev.uiUrl } : {}),
      startedAt: new Date().toISOString(),
    });
    cleanups.unshift(['server.json', async () => removeServerInfo(config.dataDir)]);

    process.stderr.write(
      [
        `tracetwin: API ${apiUrl}  (admin ${adminUrl})`,
        `tracetwin: Temporal ${temporalAddress}${dev ? `  Web UI ${dev.uiUrl}` : ''}`,
        ...(dev && dev.fellBack.port !== undefined
          ? [
              `tracetwin: port ${dev.fellBack.port} was taken: the Temporal frontend is on ${temporalAddress} (--temporal-port sets it)`,
            ]
          : []),
        ...(dev && uiFellBack
          ? [`tracetwin: port ${USUAL_PORTS.ui} was taken: the Web UI is on ${dev.uiUrl} (--temporal-ui-port sets it)`]
          : []),
        `tracetwin: ${config.workers > 0 ? `${config.workers} pseudonymiser run(s) at once in this process` : 'no worker in this process (--workers 0)'}; data in ${config.dataDir}`,
        '',
      ].join('\n'),
    );

    await waitForShutdown(logger, shutdown, worker);
  } finally {
    await cleanup();
    logger.flush?.();
  }
}

/**
 * Resolves on the shutdown signal, or rejects when the worker stops by itself
 * (a fatal worker error ends the process, to be restarted).
 */
async function waitForShutdown(logger: Logger, shutdown: ShutdownSignal, worker: WorkerSide | null): Promise<void> {
  await Promise.race([
    shutdown.signalled,
    new Promise<void>((_resolve, reject) => {
      worker?.done.then(
        () => {
          if (!shutdown.stopping()) reject(new Error('the Temporal worker stopped'));
        },
        (err: unknown) => {
          logger.error({ error: describeError(err) }, 'the Temporal worker failed');
          if (!shutdown.stopping()) reject(new Error('the Temporal worker failed'));
        },
      );
    }),
  ]);
}
