/**
 * `tracetwin codec-server`: the Temporal codec server for operators. Point
 * the Temporal Web UI (its codec endpoint setting, or the UI server's
 * `codec.endpoint` configuration) or `temporal workflow show --codec-endpoint`
 * at it to read the encrypted payloads of tracetwin's workflows. It needs the
 * same master key as the serve and worker processes (plus the previous ones
 * while a rotation is under way); it needs neither the database nor Temporal.
 *
 *   tracetwin codec-server --listen 127.0.0.1:8888 --cors-origin https://temporal-ui.example.internal
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import fs from 'node:fs';
import path from 'node:path';
import { envName, isLoopback, parseListen } from '../config';
import { EncryptionCodec } from '../../worker/codec';
import { startCodecServer } from '../../worker/codec-server';

function opt(flags: string, description: string): Option {
  const long = /--([a-z0-9-]+)/.exec(flags);
  return new Option(flags, description).env(envName((long as RegExpExecArray)[1] as string));
}

/** `hex64,hex64` → the previous master keys (decrypt only). */
export function parseMasterKeyList(text: string): string[] {
  const keys = text
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k.length > 0);
  for (const k of keys)
    if (!/^[0-9a-f]{64}$/.test(k)) throw new InvalidArgumentError('each previous master key is 64 hex characters');
  return keys;
}

/** The key a serve process generated into its data dir; never creates one (a fresh key decrypts nothing). */
function readMasterKeyFile(dataDir: string): string {
  const file = path.join(path.resolve(dataDir), 'master.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`no master key at ${file}: give --master-key or the --data-dir of a server`);
  }
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerCodecServer(program: Command): void {
  program
    .command('codec-server')
    .description('serve the Temporal codec endpoints (POST /encode, /decode) so the Web UI and CLI can read payloads')
    .addOption(opt('--listen <addr>', 'address to listen on').default('127.0.0.1:8888'))
    .addOption(
      opt('--cors-origin <url>', 'origin of the Temporal Web UI allowed to call from a browser (repeatable)').argParser(
        collect,
      ),
    )
    .addOption(opt('--auth-token <token>', 'require Authorization: Bearer <token> (CLI use; browsers send none)'))
    .addOption(opt('--data-dir <dir>', 'state folder holding master.key when --master-key is not given'))
    .addOption(opt('--master-key <hex64>', 'server master key (as given to serve and worker)'))
    .addOption(
      opt('--previous-master-keys <list>', 'comma-separated older master keys, still decrypted').argParser(
        parseMasterKeyList,
      ),
    )
    .action(async (opts: Record<string, unknown>) => {
      const listen = parseListen(String(opts.listen));
      const origins = (opts.corsOrigin as string[] | undefined) ?? [];
      const token = typeof opts.authToken === 'string' && opts.authToken !== '' ? opts.authToken : undefined;
      if (!isLoopback(listen.host) && token === undefined)
        process.stderr.write(
          'codec-server: listening beyond loopback without --auth-token: anyone who reaches it can decrypt payloads\n',
        );
      const masterKey =
        typeof opts.masterKey === 'string' && opts.masterKey !== ''
          ? opts.masterKey
          : typeof opts.dataDir === 'string'
            ? readMasterKeyFile(opts.dataDir)
            : undefined;
      if (masterKey === undefined || !/^[0-9a-fA-F]{64}$/.test(masterKey))
        throw new Error('give the master key: --master-key HEX64 (or TRACETWIN_MASTER_KEY), or --data-dir of a server');
      const codec = EncryptionCodec.fromMasterKeys(
        masterKey.toLowerCase(),
        (opts.previousMasterKeys as string[] | undefined) ?? [],
      );
      const server = await startCodecServer({ codec, corsOrigins: origins, authToken: token, ...listen });
      process.stderr.write(
        `codec-server: ${server.url} (key id ${codec.keyId}; CORS for ${origins.length ? origins.join(', ') : 'no browser origin'})\n`,
      );
      process.stdout.write(`${server.url}\n`);
      const stop = (): void => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
