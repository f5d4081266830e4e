/**
 * `tracetwin openapi`: prints the OpenAPI document, built from the same route
 * schemas the server validates with (the app is built without listeners).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import type { Database } from '../../db/client';
import type { BlobStore } from '../../storage';
import type { SecretBox } from '../../webhooks/secrets';

const UNITS: Record<string, number> = {
  B: 1,
  KB: 1000,
  KIB: 1024,
  MB: 1000 ** 2,
  MIB: 1024 ** 2,
  GB: 1000 ** 3,
  GIB: 1024 ** 3,
};

/** `50MiB`, `256KiB`, `1048576` → bytes. */
export function parseSize(value: string): number {
  const m = /^(\d+)\s*([A-Za-z]*)$/.exec(value.trim());
  const unit = UNITS[(m?.[2] || 'B').toUpperCase()];
  if (!m || unit === undefined) throw new InvalidArgumentError('a size like 50MiB, 256KiB or 1048576 is expected');
  return Number(m[1]) * unit;
}

export function registerOpenapi(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document of the HTTP API')
    .addOption(
      new Option('--max-file-live <size>', 'live upload cap stated in the document')
        .env('TRACETWIN_MAX_FILE_LIVE')
        .argParser(parseSize)
        .default(DEFAULT_API_CONFIG.maxFileLive, '50MiB'),
    )
    .addOption(
      new Option('--max-file-test <size>', 'test upload cap stated in the document')
        .env('TRACETWIN_MAX_FILE_TEST')
        .argParser(parseSize)
        .default(DEFAULT_API_CONFIG.maxFileTest, '256KiB'),
    )
    .addOption(
      new Option('--public-url <url>', 'server address named in the document')
        .env('TRACETWIN_PUBLIC_URL')
        .default(DEFAULT_API_CONFIG.publicUrl),
    )
    .action(async (opts: { maxFileLive: number; maxFileTest: number; publicUrl: string }) => {
      const app = await buildApp({
        // Building the routes touches neither the database nor storage.
        db: {} as Database,
        blobs: {} as BlobStore,
        config: { ...DEFAULT_API_CONFIG, ...opts, hmacSecret: 'unused' },
        startTwin: () => Promise.reject(new Error('not serving')),
        // the webhook routes and events, as `serve` documents them (nothing is sealed or resolved here)
        webhooks: { secrets: {} as SecretBox, allowLoopback: false },
      });
      await app.ready();
      process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
      await app.close();
    });
}
