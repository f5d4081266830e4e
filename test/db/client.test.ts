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
import { openDatabase, openMemoryDatabase, PGLITE_SHARED_BUFFERS, type DatabaseHandle } from '../../db/client';

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
