import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.tools/', 'tracetwin-data/', 'coverage/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    // the audit is independent of how a twin was made: of the engine it uses the string matcher only
    files: ['audit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./pseudonymiser(?!/matcher$)',
              message: "audit/ uses the pseudonymiser's matcher only: it must not depend on how a twin is made",
            },
            {
              group: ['../api/*', '../workflows/*', '../activities/*', '../worker/*', '../db/*'],
              message: 'audit/ is offline',
            },
          ],
        },
      ],
    },
  },
  {
    // the pseudonymiser is pure: no I/O, no Temporal, no HTTP
    files: ['pseudonymiser/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs',
                'fs',
                'fs/*',
                'node:fs/*',
                'node:net',
                'node:http',
                'node:https',
                'node:child_process',
              ],
              message: 'pseudonymiser/ does no I/O',
            },
            {
              group: [
                '@temporalio/*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'postgres',
                '@electric-sql/*',
              ],
              message: 'pseudonymiser/ knows nothing of Temporal, HTTP or the database',
            },
            {
              group: ['../api/*', '../workflows/*', '../activities/*', '../worker/*', '../db/*', '../cli/*'],
              message: 'pseudonymiser/ imports nothing of the service',
            },
          ],
        },
      ],
    },
  },
);
