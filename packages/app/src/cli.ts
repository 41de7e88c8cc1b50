import { type ParseArgsConfig, parseArgs } from 'node:util';
import { storageErrorOf } from '@client/core';
import {
  type CliOutput,
  printFailure,
  printJson,
  processOutput,
  USAGE_EXIT_CODE,
  UsageError,
} from './cli/cli-output.js';
import { resolveCliInstall } from './cli/install-location.js';
import { usage } from './cli/usage.js';
import { APP_VERSION } from './runtime/app-version.js';

type Options = NonNullable<ParseArgsConfig['options']>;

// Each command loads only what it needs: the app does not pay for the MCP client code `status` uses,
// and `status` does not pay for the HTTP server.

/** parseArgs's own messages name Node's syntax rules; a person wants the option and what is wrong with it. */
function usageErrorOf(error: NodeJS.ErrnoException): UsageError {
  const option = /'(-[^']*)'/.exec(error.message)?.[1] ?? 'an option';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option "${option}"`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = option.split(' ')[0];
    return new UsageError(error.message.includes('missing') ? `${name} needs a value` : `${name} takes no value`);
  }
  return new UsageError(error.message.split('\n')[0] ?? 'invalid arguments');
}

function parse(args: readonly string[], options: Options, positionals: number) {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorOf(error as NodeJS.ErrnoException);
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  }
  return parsed;
}

async function dispatch(args: readonly string[], output: CliOutput): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case '--version':
    case '-v':
      output.out(`${APP_VERSION}\n`);
      return 0;
    case '--help':
    case '-h':
      output.out(usage(APP_VERSION));
      return 0;
    case 'status': {
      parse(rest, {}, 0);
      const { readAppStatus } = await import('./cli/status.js');
      printJson(output, await readAppStatus(resolveCliInstall()));
      return 0;
    }
    case 'project':
      return projectCommand(rest, output);
    default: {
      if (command !== undefined && !command.startsWith('-')) throw new UsageError(`unknown command "${command}"`);
      const { values } = parse(args, { 'no-window': { type: 'boolean' } }, 0);
      const { runApp } = await import('./cli/run.js');
      return runApp(resolveCliInstall(), { noWindow: values['no-window'] === true }, output);
    }
  }
}

async function projectCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'list') {
    parse(rest, {}, 0);
    const { listProjects } = await import('./cli/project-list.js');
    printJson(output, listProjects(resolveCliInstall()));
    return 0;
  }
  if (subcommand === 'create') {
    const { values, positionals } = parse(rest, { 'base-url': { type: 'string' }, description: { type: 'string' } }, 1);
    const [name] = positionals;
    if (name === undefined) throw new UsageError('project create needs a name: client project create <name>');
    const { createProject } = await import('./cli/project-create.js');
    const baseUrl = values['base-url'];
    const description = values.description;
    printJson(
      output,
      createProject(resolveCliInstall(), {
        name,
        ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
        ...(typeof description === 'string' ? { description } : {}),
      }),
    );
    return 0;
  }
  throw new UsageError(
    subcommand === undefined ? 'project needs a subcommand: list or create' : `unknown command "project ${subcommand}"`,
  );
}

/** Runs the `client` command line; resolves to the exit code (for the app itself, once it has stopped). */
export async function runCli(args: readonly string[], output: CliOutput = processOutput): Promise<number> {
  try {
    return await dispatch(args, output);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`client: ${error.message}; see client --help\n`);
      return USAGE_EXIT_CODE;
    }
    // A data dir that cannot be written (read-only, another account's, a full disk) is the person's to fix.
    return printFailure(output, storageErrorOf(error) ?? error);
  }
}
