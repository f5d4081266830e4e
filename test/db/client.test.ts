/**
 * The embedded PGlite database runs with a small shared_buffers (db/client.ts
 * PGLITE_SHARED_BUFFERS): its WebAssembly memory never shrinks, and initdb's
 * 128MB would be resident from the start. Checked on a data folder (also one
 * created before the setting: postgresql.conf says 128MB) and in memory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  assertDriverRepaired,
  openDatabase,
  openMemoryDatabase,
  PGLITE_SHARED_BUFFERS,
  type DatabaseHandle,
} from '../../db/client';
import { freshPostgresDatabase } from '../service/helpers';

async function sharedBuffers(handle: DatabaseHandle): Promise<string> {
  const res = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
    rows: Array<{ shared_buffers: string }>;
  };
  return res.rows[0]!.shared_buffers;
}

test('PGlite in a data folder runs with the small shared_buffers, on every open', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-db-'));
  try {
    for (let open = 0; open < 2; open++) {
      const handle = await openDatabase({ dataDir: dir });
      try {
        expect(await sharedBuffers(handle)).toBe(PGLITE_SHARED_BUFFERS);
      } finally {
        await handle.close();
      }
    }
    // initdb's own value stays in the file; the start parameter overrides it
    expect(fs.readFileSync(path.join(dir, 'pglite', 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('PGlite in memory (tests) runs with the same shared_buffers', async () => {
  const handle = await openMemoryDatabase();
  try {
    expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(await sharedBuffers(handle)).toBe(PGLITE_SHARED_BUFFERS);
  } finally {
    await handle.close();
  }
});

test('the installed postgres driver carries the repair of scripts/patch-deps.js', () => {
  expect(() => assertDriverRepaired()).not.toThrow();
  // the repair is idempotent: applying it again changes nothing
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { patchPostgres } = require('../../scripts/patch-deps.js') as { patchPostgres(root: string): string[] };
  expect(patchPostgres(path.resolve(__dirname, '../..'))).toEqual([]);
});

test('the timeouts reach the server as session settings', async () => {
  const fresh = await freshPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-db-'));
  const handle = await openDatabase({
    databaseUrl: fresh.url,
    dataDir: dir,
    timeouts: { connectMs: 2000, statementMs: 3500, lockMs: 1500 },
  });
  try {
    const res = (await handle.db.execute(
      sql`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l,
                 current_setting('idle_in_transaction_session_timeout') as i`,
    )) as unknown as Array<{ s: string; l: string; i: string }>;
    expect(res[0]).toEqual({ s: '3500ms', l: '1500ms', i: '14s' });
  } finally {
    await handle.close();
    await fresh.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
