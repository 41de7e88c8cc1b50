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
    case 'agent':
      return agentCommand(rest, output);
    case 'import':
      return importCommand(rest, output);
    case 'export':
      return exportCommand(rest, output);
    case 'backup':
    case 'restore':
      return backupCommand(command, rest, output);
    case 'run':
      return runCommand(rest, output);
    case 'mock':
      return mockCommand(rest, output);
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
  if (subcommand === 'link') {
    const { positionals } = parse(rest, {}, 2);
    const [project, folder] = positionals;
    if (project === undefined || folder === undefined) {
      throw new UsageError('project link needs a project and a folder: client project link <project> <folder>');
    }
    const { linkProjectCommand } = await import('./cli/project-link.js');
    printJson(output, await linkProjectCommand(resolveCliInstall(), project, folder));
    return 0;
  }
  if (subcommand === 'unlink') {
    const { positionals } = parse(rest, {}, 1);
    const [project] = positionals;
    if (project === undefined) throw new UsageError('project unlink needs a project: client project unlink <project>');
    const { unlinkProjectCommand } = await import('./cli/project-link.js');
    printJson(output, await unlinkProjectCommand(resolveCliInstall(), project));
    return 0;
  }
  if (subcommand === 'open') {
    const { positionals } = parse(rest, {}, 1);
    const [folder] = positionals;
    if (folder === undefined) throw new UsageError('project open needs a folder: client project open <folder>');
    const { openFolderCommand } = await import('./cli/project-link.js');
    printJson(output, await openFolderCommand(resolveCliInstall(), folder));
    return 0;
  }
  throw new UsageError(
    subcommand === undefined
      ? 'project needs a subcommand: list, create, link, unlink or open'
      : `unknown command "project ${subcommand}"`,
  );
}

async function agentCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const [subcommand, ...rest] = args;
  const permissions = () => import('./cli/agent-permissions.js');
  if (subcommand === 'allow') {
    const { values } = parse(rest, { project: { type: 'string' }, minutes: { type: 'string' } }, 0);
    if (typeof values.project !== 'string') {
      throw new UsageError('agent allow needs a project: client agent allow --project <id|name> --minutes N');
    }
    const { allowAgent, readMinutes } = await permissions();
    const minutes = readMinutes(typeof values.minutes === 'string' ? values.minutes : undefined);
    printJson(output, allowAgent(resolveCliInstall(), values.project, minutes));
    return 0;
  }
  if (subcommand === 'revoke') {
    const { values } = parse(rest, { project: { type: 'string' } }, 0);
    const { revokeAgent } = await permissions();
    printJson(
      output,
      revokeAgent(resolveCliInstall(), typeof values.project === 'string' ? values.project : undefined),
    );
    return 0;
  }
  if (subcommand === 'list') {
    parse(rest, {}, 0);
    const { listAgentPermissions } = await permissions();
    printJson(output, listAgentPermissions(resolveCliInstall()));
    return 0;
  }
  throw new UsageError(
    subcommand === undefined
      ? 'agent needs a subcommand: allow, revoke or list'
      : `unknown command "agent ${subcommand}"`,
  );
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(', ')}`);
}

async function runCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const { RUN_OPTIONS, readRunArguments } = await import('./cli/run-arguments.js');
  const { values, positionals } = parse(args, RUN_OPTIONS, 1);
  const [target] = positionals;
  if (target === undefined) {
    throw new UsageError('run needs a project or a collection file: client run <project id|name | file | folder>');
  }
  const input = readRunArguments(target, values as Parameters<typeof readRunArguments>[1]);
  // A run is hot code from its first request on (the sandbox, the sender, a load test's loop): the optimizing
  // compiler, off while a start loads its modules, is on for it.
  const { setReadyFlags } = await import('./runtime/v8-flags.js');
  setReadyFlags();
  const { runTests } = await import('./cli/run-tests.js');
  return runTests(resolveCliInstall(), input, output);
}

async function mockCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const { MOCK_OPTIONS, readMockArguments } = await import('./cli/mock-arguments.js');
  const { values, positionals } = parse(args, MOCK_OPTIONS, 1);
  const [project] = positionals;
  if (project === undefined) throw new UsageError('mock needs a project: client mock <project id|name>');
  const input = readMockArguments(project, values as Parameters<typeof readMockArguments>[1]);
  const { runMock } = await import('./cli/mock.js');
  return runMock(resolveCliInstall(), input, output);
}

async function importCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      project: { type: 'string' },
      format: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'on-match': { type: 'string' },
    },
    1,
  );
  const [source] = positionals;
  if (source === undefined)
    throw new UsageError('import needs a file, a Bruno or linked folder, or a URL: client import <file|folder|url>');
  const { COLLECTION_FORMATS } = await import('@client/core');
  const { MERGE_MODES } = await import('@client/store');
  const format = oneOf(values.format, ['auto', ...COLLECTION_FORMATS], '--format');
  const onMatch = oneOf(values['on-match'], MERGE_MODES, '--on-match');
  const { importCollection } = await import('./cli/collection-import.js');
  const summary = await importCollection(resolveCliInstall(), {
    source,
    ...(typeof values.project === 'string' ? { project: values.project } : {}),
    ...(format === undefined ? {} : { format }),
    ...(onMatch === undefined ? {} : { onMatch }),
    dryRun: values['dry-run'] === true,
  });
  printJson(output, summary);
  return 0;
}

async function exportCommand(args: readonly string[], output: CliOutput): Promise<number> {
  const { values, positionals } = parse(
    args,
    { format: { type: 'string' }, out: { type: 'string' }, folder: { type: 'string' } },
    1,
  );
  const [project] = positionals;
  if (project === undefined)
    throw new UsageError('export needs a project: client export <projectId> --format openapi|postman');
  const { EXPORT_FORMATS, exportCollection } = await import('./cli/collection-export.js');
  const format = oneOf(values.format, EXPORT_FORMATS, '--format');
  if (format === undefined) throw new UsageError('export needs --format openapi or --format postman');
  const out = typeof values.out === 'string' ? values.out : undefined;
  const result = await exportCollection(resolveCliInstall(), {
    project,
    format,
    ...(typeof values.folder === 'string' ? { folder: values.folder } : {}),
    ...(out === undefined ? {} : { out }),
  });
  for (const warning of result.warnings) output.err(`client: ${warning}\n`);
  if (out === undefined) output.out(result.text);
  else printJson(output, { out, format, warnings: result.warnings });
  return 0;
}

/** The passphrase for backup secrets: the first line of standard input, never an argument (it would show in ps). */
async function readPassphrase(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const passphrase = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (passphrase.length < 8)
    throw new UsageError('--with-secrets reads a passphrase of 8 characters or more from standard input');
  return passphrase;
}

async function backupCommand(
  command: 'backup' | 'restore',
  args: readonly string[],
  output: CliOutput,
): Promise<number> {
  const { values, positionals } = parse(
    args,
    { out: { type: 'string' }, 'with-secrets': { type: 'boolean' } },
    command === 'backup' ? 0 : 1,
  );
  const passphrase = values['with-secrets'] === true ? await readPassphrase() : null;
  const { restoreFromBackup, writeBackup } = await import('./cli/backup.js');
  if (command === 'backup') {
    if (typeof values.out !== 'string') throw new UsageError('backup needs --out <file>');
    printJson(output, await writeBackup(resolveCliInstall(), values.out, passphrase));
    return 0;
  }
  const [file] = positionals;
  if (file === undefined) throw new UsageError('restore needs the backup file: client restore <file>');
  printJson(output, await restoreFromBackup(resolveCliInstall(), file, passphrase));
  return 0;
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
