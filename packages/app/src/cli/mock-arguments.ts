import type { ParseArgsConfig, parseArgs } from 'node:util';
import { type ExampleDelay, MAX_EXAMPLE_DELAY_MS, type MockStartOptions } from '@client/core';
import { UsageError } from './cli-output.js';

export const MOCK_OPTIONS = {
  folder: { type: 'string' },
  port: { type: 'string' },
  'no-validate': { type: 'boolean' },
  delay: { type: 'string' },
  cors: { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

type Values = ReturnType<typeof parseArgs<{ options: typeof MOCK_OPTIONS; allowPositionals: true }>>['values'];

/** What `client mock` starts, before the project's name is looked up. */
export interface MockCliInput {
  /** A project's id or name. */
  project: string;
  options: Omit<MockStartOptions, 'projectId' | 'startedBy'>;
}

function readPort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65_535) {
    throw new UsageError(`--port takes a port number from 1 to 65535, not "${value}"`);
  }
  return Number(value);
}

/** `--delay 200` waits 200 ms before every answer; `--delay 100-500` a random time between the two. */
export function readDelayOption(value: string): ExampleDelay {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(value.trim());
  const minMs = Number(match?.[1]);
  const maxMs = match?.[2] === undefined ? minMs : Number(match[2]);
  if (match === null || maxMs > MAX_EXAMPLE_DELAY_MS || maxMs < minMs) {
    throw new UsageError(
      `--delay takes milliseconds (200) or a range (100-500), up to ${MAX_EXAMPLE_DELAY_MS}, the smaller first; not "${value}"`,
    );
  }
  return { minMs, maxMs };
}

/** `--cors '*'` lets any page call the mock; `--cors http://localhost:3000,http://localhost:5173` only those. */
export function readCorsOption(value: string): '*' | string[] {
  if (value.trim() === '*') return '*';
  const origins = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (origins.length === 0) throw new UsageError('--cors takes * or origins separated by commas');
  return [
    ...new Set(
      origins.map((origin) => {
        let url: URL | null = null;
        try {
          url = new URL(origin);
        } catch {
          // Reported below with the other malformed origins.
        }
        const bare = url !== null && url.pathname === '/' && url.search === '' && url.hash === '';
        if (url === null || !bare || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '') {
          throw new UsageError(
            `--cors takes origins such as http://localhost:3000 (scheme, host and port, nothing more), not "${origin}"`,
          );
        }
        return url.origin;
      }),
    ),
  ];
}

/** `client mock`'s options, checked: a usage error names the option and what it takes. */
export function readMockArguments(project: string, values: Values): MockCliInput {
  if (project.trim() === '') throw new UsageError('mock needs a project: client mock <project id|name>');
  const options: MockCliInput['options'] = { validate: values['no-validate'] !== true };
  if (values.folder !== undefined) options.folderId = values.folder;
  if (values.port !== undefined) options.port = readPort(values.port);
  if (values.delay !== undefined) options.delay = readDelayOption(values.delay);
  if (values.cors !== undefined) options.corsOrigins = readCorsOption(values.cors);
  return { project, options };
}
