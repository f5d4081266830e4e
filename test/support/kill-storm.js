/**
 * A process that uses the installed postgres driver the way the service does (pooled connections, transactions)
 * while another session terminates its backends every 20 ms for a few seconds. It prints `survived` and exits 0
 * unless the driver ends the process (the unrepaired postgres.js 3.4.9 does: see scripts/patch-deps.js).
 * Usage: node test/support/kill-storm.js postgres://…/database [milliseconds]
 */
'use strict';
const postgres = require('postgres');

const url = process.argv[2];
const ms = Number(process.argv[3] ?? 4000);
const admin = postgres(url, { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 4, onnotice: () => {}, connection: { application_name: 'kill-storm-victim' } });

async function main() {
  const stop = Date.now() + ms;
  let ok = 0;
  let failed = 0;
  const killer = (async () => {
    while (Date.now() < stop) {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
                  where application_name = 'kill-storm-victim' and datname = current_database()`.catch(() => {});
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const clients = Array.from({ length: 8 }, async () => {
    while (Date.now() < stop) {
      try {
        await sql.begin(async (tx) => {
          await tx`select ${'x'.repeat(16)}::text as a`;
          await tx`select pg_sleep(0.001)`;
        });
        ok++;
      } catch {
        failed++;
      }
    }
  });
  await Promise.all([killer, ...clients]);
  await sql.end({ timeout: 2 });
  await admin.end({ timeout: 2 });
  console.log(`survived: ${ok} transactions, ${failed} failed with an error the caller saw`);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
