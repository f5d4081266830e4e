/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { diagnostics: false }],
    // `cookie` (required by Fastify's inject) ships as ES modules only; compile it to CommonJS for jest.
    '^.+/node_modules/cookie/.+\\.js$': ['ts-jest', { diagnostics: false, tsconfig: { allowJs: true } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!cookie/)'],
  testTimeout: 60000,
  // a test file run alone may start the S3 test server; the run stops what it started (test/support/global-s3.js)
  globalSetup: '<rootDir>/test/support/global-setup.js',
  globalTeardown: '<rootDir>/test/support/global-teardown.js',
};
