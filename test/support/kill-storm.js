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
  let hung = 0;
  const killer = (async () => {
    while (Date.now() < stop) {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity
                  where application_name = 'kill-storm-victim' and datname = current_database()`.catch(() => {});
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const clients = Array.from({ length: 8 }, async () => {
    while (Date.now() < stop) {
      // a deadline as the service keeps one: postgres.js 3.4.9 now and then never settles a transaction whose
      // connection dies (docs/benchmarks.md); that is a hang, counted, not the crash this process checks for
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(() => resolve('hung'), 5000)));
      const outcome = await Promise.race([
        sql
          .begin(async (tx) => {
            await tx`select ${'x'.repeat(16)}::text as a`;
            await tx`select pg_sleep(0.001)`;
          })
          .then(
            () => 'ok',
            () => 'failed',
          ),
        late,
      ]);
      clearTimeout(timer);
      if (outcome === 'ok') ok++;
      else if (outcome === 'failed') failed++;
      else hung++;
    }
  });
  await Promise.all([killer, ...clients]);
  await Promise.race([
    Promise.all([sql.end({ timeout: 2 }), admin.end({ timeout: 2 })]),
    new Promise((r) => setTimeout(r, 5000)),
  ]);
  console.log(`survived: ${ok} transactions, ${failed} failed with an error the caller saw, ${hung} never settled`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
