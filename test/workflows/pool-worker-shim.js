// Loads activities/pool-worker.ts in a pool thread when tests run from the
// TypeScript sources (jest's transform does not reach worker threads): .ts
// files are compiled on require with @swc/core, which the Temporal worker
// package already depends on. The built service uses dist/activities/pool-worker.js.
'use strict';
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};

module.exports = require('../../activities/pool-worker.ts');
