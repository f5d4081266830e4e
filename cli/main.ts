/**
 * `tracetwin` command line. Each sub-command lives in cli/commands/ and
 * registers itself here.
 */
import { Command } from 'commander';
import { registerTwin } from './commands/twin';
import { registerAdmin } from './commands/admin';
import { registerOpenapi } from './commands/openapi';
import { registerCodecServer } from './commands/codec-server';
import { registerServe } from './commands/serve';
import { registerWorker } from './commands/worker';

const program = new Command('tracetwin').description('Synthetic twins of AI-agent traces').showHelpAfterError();
registerTwin(program);
registerAdmin(program);
registerOpenapi(program);
registerCodecServer(program);
registerServe(program);
registerWorker(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`tracetwin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
