// Preloaded with `node -r` by scripts/cost-ratio.sh: the same twinning process with the learned person and
// organisation recogniser's scan turned into a no-op, so that its share of the cost can be measured apart.
// Never loaded by the product.
'use strict';
const path = require('node:path');
const detect = require(
  path.join(__dirname, '..', 'dist', 'pseudonymiser', 'detectors', 'people', 'learned', 'detect.js'),
);
detect.scanLearned = () => {};
