/**
 * `tracetwin` command line. Each sub-command lives in cli/commands/ and
 * registers itself here.
 *
 * `tracetwin twin` and `tracetwin audit` load only the pseudonymiser: the other sub-commands pull
 * in the server stack (Fastify, Temporal, the database drivers), which costs
 * most of a second of start-up that a one-file twin should not pay.
 */
import { Command } from 'commander';
import { registerAudit } from './commands/audit';
import { registerTwin } from './commands/twin';

// A reader that closes early (`tracetwin openapi | head`) ends the output, not the program with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('tracetwin').description('Synthetic twins of AI-agent traces').showHelpAfterError();
registerTwin(program);
registerAudit(program);
if (process.argv[2] !== 'twin' && process.argv[2] !== 'audit') {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only for the sub-commands that need them */
  (require('./commands/twin-batch') as typeof import('./commands/twin-batch')).registerTwinBatch(program);
  (require('./commands/admin') as typeof import('./commands/admin')).registerAdmin(program);
  (require('./commands/openapi') as typeof import('./commands/openapi')).registerOpenapi(program);
  (require('./commands/codec-server') as typeof import('./commands/codec-server')).registerCodecServer(program);
  (require('./commands/serve') as typeof import('./commands/serve')).registerServe(program);
  (require('./commands/worker') as typeof import('./commands/worker')).registerWorker(program);
  /* eslint-enable @typescript-eslint/no-require-imports */
}

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`tracetwin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
