import { accessSync, constants, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import pino, { type DestinationStream, type Logger, type LoggerOptions, type TransportTargetOptions } from 'pino';

import type { ApplicationConfig } from '../config/application-config.js';
import { ConfigurationError } from '../config/configuration-error.js';
import { currentTraceLabel } from './trace-label.js';

/**
 * The folder of `logging.file.path`, made if missing, checked writable before the file writer starts: a folder
 * the service may not write (a root-owned `/app` in a container running as `node`) stops the start with one
 * line saying so, instead of an error thrown later in the writer's thread.
 */
function writableLogFolder(path: string): void {
  const folder = resolve(dirname(path));
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigurationError(
      `cannot write log files to ${folder} (${code}): make it writable for this user, or set logging.file.path ` +
        '(APP_LOGGING__FILE__PATH) to a folder that is, or turn the files off (APP_LOGGING__FILE__ENABLED=false)',
    );
  }
}

/**
 * JSON lines on stdout, each with `trace: "<traceId>-<spanId>"`; readable coloured lines with `logging.pretty`
 * (`npm run dev`). With `logging.file.enabled` (the prod profile) the lines also go to rolling files, written
 * by a worker thread so requests never wait on the disk. `destination` replaces stdout (tests read the lines).
 */
export function createLogger(config: ApplicationConfig, destination?: DestinationStream): Logger {
  const { level, file, pretty } = config.logging;
  const options: LoggerOptions = {
    name: config.app.name,
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => ({ trace: currentTraceLabel() }),
  };
  if (destination) return pino(options, destination);
  if (!file.enabled && !pretty) return pino(options);
  if (file.enabled) writableLogFolder(file.path);
  const targets: TransportTargetOptions[] = [
    pretty
      ? { target: 'pino-pretty', level, options: { destination: 1, ignore: 'pid,hostname', singleLine: true } }
      : { target: 'pino/file', level, options: { destination: 1 } },
  ];
  if (file.enabled) {
    targets.push({
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
    });
  }
  const transport = pino.transport({ targets });
  // A writer that fails later (the disk fills up, the folder goes away) says so once; the service keeps serving.
  transport.once('error', (error: Error) => process.stderr.write(`log writer failed: ${error.message}\n`));
  return pino(options, transport);
}

/** A child logger named like a Java logger: `<basePackage>.<component>`. */
export function componentLogger(logger: Logger, config: ApplicationConfig, component: string): Logger {
  return logger.child({ logger: `${config.app.basePackage}.${component}` });
}
