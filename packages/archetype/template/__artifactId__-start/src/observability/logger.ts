import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

import type { ApplicationConfig } from '../config/application-config.js';
import { currentTraceLabel } from './trace-label.js';

/**
 * JSON lines on stdout, each with `trace: "<traceId>-<spanId>"`. With `logging.file.enabled` (the prod
 * profile) the lines also go to rolling files, written by a worker thread so requests never wait on the disk.
 * `destination` replaces stdout (tests read the lines from it).
 */
export function createLogger(config: ApplicationConfig, destination?: DestinationStream): Logger {
  const { level, file } = config.logging;
  const options: LoggerOptions = {
    name: config.app.name,
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ trace: currentTraceLabel() }),
  };
  if (destination) return pino(options, destination);
  if (!file.enabled) return pino(options);
  const transport = pino.transport({
    targets: [
      { target: 'pino/file', level, options: { destination: 1 } },
      {
        target: 'pino-roll',
        level,
        options: {
          file: file.path,
          frequency: 'daily',
          size: file.maxSize,
          mkdir: true,
          symlink: true,
          limit: { count: file.maxHistory },
        },
      },
    ],
  });
  return pino(options, transport);
}

/** A child logger named like a Java logger: `<basePackage>.<component>`. */
export function componentLogger(logger: Logger, config: ApplicationConfig, component: string): Logger {
  return logger.child({ logger: `${config.app.basePackage}.${component}` });
}
