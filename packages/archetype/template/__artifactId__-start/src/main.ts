import { startApplication } from './application.js';

/** Entry point of the service: `node dist/main.js`. PROFILE selects the profile, PORT the port. */
try {
  const application = await startApplication();
  const stop = (): void => {
    application.close().then(
      () => process.exit(0),
      (error: unknown) => {
        application.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  process.stderr.write(`failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
