/**
 * SIGINT and SIGTERM for the long-running commands (`serve`, `worker`), listened for from the
 * moment the command starts: a signal that comes while it is still starting is kept, and acted
 * on once it has started, so that what it started (the dev server, the worker) is stopped in
 * order rather than the process dying with it running. A second signal exits at once.
 */
export interface ShutdownSignal {
  /** Resolves on the first signal. */
  signalled: Promise<void>;
  /** Whether a signal has come. */
  stopping: () => boolean;
}

export function listenForShutdown(label: string, what: string): ShutdownSignal {
  let stopping = false;
  const signalled = new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      if (stopping) {
        process.stderr.write(`${label}: ${signal} again, exiting now\n`);
        process.exit(1);
      }
      stopping = true;
      process.stderr.write(`${label}: ${signal}, ${what}\n`);
      resolve();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  return { signalled, stopping: () => stopping };
}
