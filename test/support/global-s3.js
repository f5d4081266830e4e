// Jest's globalSetup / globalTeardown for the S3-protocol test server (scripts/start-s3.sh). A test file run on
// its own starts the server when nothing answers (test/storage/s3-server.ts); the run then stops what it started,
// so that no server is left behind. A server that answered before the run (`npm test` starts one and stops it
// itself, or a developer's own) is left alone.
'use strict';
const { execFileSync } = require('node:child_process');
const http = require('node:http');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const port = () => Number(process.env.TRACETWIN_TEST_S3_PORT || 9390);

/** Whether an S3 server answers ListBuckets on the test port (not just any HTTP server). */
function answers() {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: port(), path: '/', timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body.includes('ListAllMyBucketsResult')));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function setup() {
  globalThis.__tracetwinS3AnsweredBefore = await answers();
}

async function teardown() {
  if (globalThis.__tracetwinS3AnsweredBefore) return;
  // stops only a moto server that start-s3.sh started on this port (its pid file), else does nothing
  execFileSync('bash', [path.join(ROOT, 'scripts/start-s3.sh'), 'stop'], { cwd: ROOT, stdio: 'inherit' });
}

module.exports = { setup, teardown };
