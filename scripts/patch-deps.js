#!/usr/bin/env node
/**
 * Repairs installed dependencies in place (npm `postinstall`, and `npm test` / `npm run build` before they start).
 *
 * postgres.js 3.4.9 (`postgres` on npm): a write under 1 KiB is deferred to a `setImmediate` (`nextWrite`); when the
 * connection closes before it fires (a backend terminated, a reset from the network), `closed()` has set the socket
 * to null and `nextWrite` throws `TypeError: Cannot read properties of null (reading 'write')` from the immediate,
 * where no caller can catch it: the process dies. Reported upstream as porsager/postgres#1066, #1154 and #1208
 * (fixes proposed in #1168, #1176 and #1209, none released). Both teardown paths also clear the immediate without
 * forgetting it, so a connection that reconnects after such a close never schedules a small write again. And a
 * connection closed while it reads the server's array types at connect (`fetchArrayTypes`, started from the 'data'
 * handler and never awaited) rejects a promise nobody holds: an unhandled rejection, which also ends the process
 * (found by test/service/driver-faults.test.ts, whose kill storm hits both).
 *
 * The repair, written here for this version: `nextWrite` on a connection without a socket drops the buffered bytes
 * and fails the queries waiting on this connection with `CONNECTION_CLOSED` (an error the caller sees, and which
 * `db/errors.ts` counts as transient: 503 and retry), and the teardown paths forget the cleared immediate and the
 * buffered bytes, and a failed read of the array types fails the connection's waiting queries the same way. Each file is checked byte for byte before and after: another version of the driver fails here,
 * loudly, instead of running unrepaired.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const MARK = '/* tracetwin: nextWrite guard */';

const NEXT_WRITE_BEFORE = `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`;
const NEXT_WRITE_AFTER = `  function nextWrite(fn) {
    ${MARK}
    if (socket === null) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      const err = Errors.connection('CONNECTION_CLOSED', options, socket)
      error(err)
      fn && fn(err)
      return false
    }
    const x = socket.write(chunk, fn)`;
const TYPES_BEFORE = `        return fetchArrayTypes()
`;
const TYPES_AFTER = `        return fetchArrayTypes().catch(error)
`;
const CLEAR_BEFORE = `    clearImmediate(nextWriteTimer)
`;
const CLEAR_AFTER = `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
`;

function patchPostgres(root) {
  const pkg = path.join(root, 'node_modules', 'postgres', 'package.json');
  if (!fs.existsSync(pkg)) return [];
  const version = JSON.parse(fs.readFileSync(pkg, 'utf8')).version;
  if (version !== '3.4.9') {
    throw new Error(`postgres ${version} is installed; scripts/patch-deps.js repairs 3.4.9 only: review the repair`);
  }
  const done = [];
  for (const rel of ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js']) {
    const file = path.join(root, 'node_modules', 'postgres', rel);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes(MARK)) continue;
    const clears = text.split(CLEAR_BEFORE).length - 1;
    if (!text.includes(NEXT_WRITE_BEFORE) || !text.includes(TYPES_BEFORE) || clears !== 2) {
      throw new Error(`postgres/${rel} is not the expected 3.4.9 text; the repair was not applied`);
    }
    const patched = text
      .replace(NEXT_WRITE_BEFORE, NEXT_WRITE_AFTER)
      .replace(TYPES_BEFORE, TYPES_AFTER)
      .split(CLEAR_BEFORE)
      .join(CLEAR_AFTER);
    fs.writeFileSync(file, patched);
    done.push(`postgres/${rel}`);
  }
  return done;
}

/** Whether the installed postgres.js carries the repair (db/client.ts refuses to open PostgreSQL without it). */
function postgresPatched(root) {
  const file = path.join(root, 'node_modules', 'postgres', 'cjs', 'src', 'connection.js');
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').includes(MARK);
}

module.exports = { patchPostgres, postgresPatched, MARK };

if (require.main === module) {
  const root = path.resolve(__dirname, '..');
  const done = patchPostgres(root);
  if (done.length) console.error(`patched: ${done.join(', ')}`);
}
