import { startApplication } from './application.js';
import { ConfigurationError } from './config/configuration-error.js';

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
  // A configuration problem is said in its own words; anything else with its stack, to find where it came from.
  const detail =
    error instanceof ConfigurationError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`failed to start: ${detail}\n`);
  process.exit(1);
}
