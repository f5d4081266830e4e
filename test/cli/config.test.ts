import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import {
  addKnobOptions,
  addServeOptions,
  addStoreOptions,
  addTemporalOptions,
  addWorkersOption,
  defaultConfig,
  loadOrCreateMasterKey,
  parseDuration,
  parseListen,
  parseSize,
  readServerInfo,
  resolveConfig,
  writeServerInfo,
  type Config,
} from '../../cli/config';

function parse(argv: string[], env: Record<string, string> = {}): Config {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    let config: Config | undefined;
    const program = new Command().exitOverride();
    const cmd = program.command('serve').exitOverride();
    addStoreOptions(cmd);
    addServeOptions(cmd);
    addWorkersOption(cmd);
    addTemporalOptions(cmd);
    addKnobOptions(cmd);
    cmd.action((_o, c: Command) => {
      config = resolveConfig(c);
    });
    program.parse(['node', 'tracetwin', 'serve', ...argv]);
    if (!config) throw new Error('no config');
    return config;
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

describe('the local dev server ports', () => {
  test('unset by default (the usual ports when free); set by flag or environment; 0 = a free one', () => {
    expect(parse([]).devServer).toEqual({ port: undefined, uiPort: undefined });
    expect(parse(['--temporal-port', '17233', '--temporal-ui-port', '0']).devServer).toEqual({
      port: 17233,
      uiPort: 0,
    });
    expect(parse([], { TRACETWIN_TEMPORAL_UI_PORT: '18233' }).devServer.uiPort).toBe(18233);
    expect(() => parse(['--temporal-port', '70000'])).toThrow();
    expect(() => parse(['--temporal-ui-port', 'x'])).toThrow();
  });
});

describe('value parsers', () => {
  test('durations', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('2s')).toBe(2000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('0')).toBe(0);
    for (const bad of ['', '7', '7 days', '-1s', '1w', 'ms', '1e3s']) expect(() => parseDuration(bad)).toThrow();
  });
  test('sizes', () => {
    expect(parseSize('50MiB')).toBe(52_428_800);
    expect(parseSize('256KiB')).toBe(262_144);
    expect(parseSize('1MB')).toBe(1_000_000);
    expect(parseSize('4096')).toBe(4096);
    expect(parseSize('10b')).toBe(10);
    for (const bad of ['', 'MiB', '5 XB', '-1KiB']) expect(() => parseSize(bad)).toThrow();
  });
  test('addresses', () => {
    expect(parseListen('127.0.0.1:8080')).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(parseListen(':9000')).toEqual({ host: '127.0.0.1', port: 9000 });
    expect(parseListen('0')).toEqual({ host: '127.0.0.1', port: 0 });
    expect(parseListen('[::1]:81')).toEqual({ host: '::1', port: 81 });
    expect(() => parseListen('host')).toThrow();
    expect(() => parseListen('h:70000')).toThrow();
  });
});

describe('resolveConfig', () => {
  test('defaults are the figures of operations.md', () => {
    const c = parse([]);
    expect(c.dataDir).toBe(path.resolve('tracetwin-data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.listen).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(c.adminListen).toEqual({ host: '127.0.0.1', port: 0 });
    expect(c.publicUrl).toBe('http://127.0.0.1:8080');
    expect(c.workers).toBe(os.availableParallelism());
    expect(c.temporal.address).toBeUndefined();
    expect(c.contentRetentionMs).toBe(7 * 86_400_000);
    expect(c.idempotencyTtlMs).toBe(86_400_000);
    expect(c.keyCacheTtlMs).toBe(60_000);
    expect(c.webhookScheduleMs).toEqual([60, 300, 1800, 7200, 18000, 36000, 21600].map((s) => s * 1000));
    expect(c.webhookTimeoutMs).toBe(10_000);
    expect(c.webhookAllowLoopback).toBe(false);
    expect(c.runLeaseMs).toBe(300_000);
    expect(c.maxFileLive).toBe(50 * 1024 * 1024);
    expect(c.maxFileTest).toBe(256 * 1024);
    expect(defaultConfig()).toEqual(c);
  });

  test('flags and environment variables', () => {
    const c = parse(['--content-retention', '2s', '--workers', '0', '--listen', '0.0.0.0:9999'], {
      TRACETWIN_RUN_LEASE: '3s',
      TRACETWIN_MAX_FILE_TEST: '1KiB',
      TRACETWIN_DATABASE_URL: 'postgres://u@h/db',
      TRACETWIN_TEMPORAL_ADDRESS: 'localhost:7233',
      TRACETWIN_WEBHOOK_ALLOW_LOOPBACK: 'true',
    });
    expect(c.contentRetentionMs).toBe(2000);
    expect(c.workers).toBe(0);
    expect(c.publicUrl).toBe('http://127.0.0.1:9999');
    expect(c.runLeaseMs).toBe(3000);
    expect(c.maxFileTest).toBe(1024);
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.temporal.address).toBe('localhost:7233');
    expect(c.webhookAllowLoopback).toBe(true);
    // a flag beats the environment
    expect(parse(['--run-lease', '9s'], { TRACETWIN_RUN_LEASE: '3s' }).runLeaseMs).toBe(9000);
    expect(parse([], { TRACETWIN_WEBHOOK_ALLOW_LOOPBACK: '0' }).webhookAllowLoopback).toBe(false);
  });

  test("the sweep of what a crash left: every 10 minutes, another host's partial uploads after an hour", () => {
    const d = parse([]);
    expect(d.sweepEveryMs).toBe(600_000);
    expect(d.partialMaxAgeMs).toBe(3_600_000);
    const c = parse(['--sweep-every', '200ms'], { TRACETWIN_PARTIAL_MAX_AGE: '2m' });
    expect(c.sweepEveryMs).toBe(200);
    expect(c.partialMaxAgeMs).toBe(120_000);
    expect(() => parse(['--sweep-every', 'often'])).toThrow();
  });

  test('bad values are refused', () => {
    expect(() => parse(['--content-retention', '7 days'])).toThrow();
    expect(() => parse([], { TRACETWIN_MAX_FILE_LIVE: 'lots' })).toThrow();
    expect(() => parse(['--admin-listen', '0.0.0.0:0'])).toThrow(/loopback/);
    expect(() => parse(['--database-url', 'mysql://x'])).toThrow();
  });
});

describe('data dir files', () => {
  test('server.json round trip, owner-only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-config-'));
    const info = {
      pid: process.pid,
      apiUrl: 'http://127.0.0.1:1',
      adminUrl: 'http://127.0.0.1:2',
      adminToken: 't',
      temporalAddress: '127.0.0.1:3',
      temporalNamespace: 'default',
      taskQueue: 'q',
      startedAt: new Date().toISOString(),
    };
    writeServerInfo(dir, info);
    expect(readServerInfo(dir)).toEqual(info);
    expect(fs.statSync(path.join(dir, 'server.json')).mode & 0o077).toBe(0);
    writeServerInfo(dir, { ...info, pid: 2 ** 22 + 12345 });
    expect(readServerInfo(dir)).toBeNull();
    const key = loadOrCreateMasterKey({ dataDir: dir });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateMasterKey({ dataDir: dir })).toBe(key);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
