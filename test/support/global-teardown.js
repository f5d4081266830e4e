'use strict';
module.exports = require('./global-s3').teardown;
