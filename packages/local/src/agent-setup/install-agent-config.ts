import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '@client/core';
import { applyEdits, modify, type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { parse as parseToml, stringify as toToml } from 'smol-toml';
import { writeFileAtomic } from '../atomic-file.js';
import { serverEntry, serversKey } from './agent-snippets.js';
import { type AgentEnvironment, type AgentTarget, configPathOf, SERVER_NAME } from './agent-targets.js';

/** What `client-mcp install --for` did. */
export interface InstallOutcome {
  target: AgentTarget;
  path: string;
  /** Whether the file had to be created. */
  created: boolean;
  /** Where the file was copied before it was changed; null when it was created. */
  backup: string | null;
}

/** A new configuration file is readable by its owner only: it may later hold other servers' keys. */
const NEW_FILE_MODE = 0o600;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The file the configuration is really in: the target of a symbolic link (a dotfiles setup links the agent's
 * file into a repository, and writing beside the link would replace it with a copy), else the path itself.
 */
function configFileOf(path: string): string {
  try {
    return realpathSync(path);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') {
      throw new AppError('VALIDATION', `cannot resolve ${path} (${errorCode(error)}); nothing was changed`);
    }
  }
  let link: string | null = null;
  try {
    link = lstatSync(path).isSymbolicLink() ? readlinkSync(path) : null;
  } catch {
    // Nothing at the path: it is created.
  }
  if (link !== null) {
    throw new AppError(
      'VALIDATION',
      `${path} is a symbolic link to ${link}, which does not exist; create that file or remove the link, nothing was changed`,
    );
  }
  return path;
}

/**
 * The file's text, or null when there is none. Opened without blocking and checked before reading, so a named
 * pipe or a device in its place is refused instead of waiting forever for a writer.
 */
function readExisting(path: string): string | null {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw new AppError('VALIDATION', `cannot read ${path} (${errorCode(error)}); nothing was changed`);
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) {
      throw new AppError(
        'VALIDATION',
        `${path} is ${kindOf(stats)}, not a regular file; move it away or pass another agent, nothing was changed`,
      );
    }
    return readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

/** The JSON (comments allowed, as VS Code's and Cursor's files have them) with our server set, the rest untouched. */
function mergeJson(path: string, text: string, target: AgentTarget, command: string): string {
  const errors: ParseError[] = [];
  const document: unknown = text.trim() === '' ? {} : parseJsonc(text, errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first !== undefined) {
    throw new AppError(
      'VALIDATION',
      `${path} is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset}); fix or move it, nothing was changed`,
    );
  }
  if (!isRecord(document)) throw new AppError('VALIDATION', `${path} does not hold a JSON object; nothing was changed`);
  const key = serversKey(target);
  if (document[key] !== undefined && !isRecord(document[key])) {
    throw new AppError('VALIDATION', `"${key}" in ${path} is not an object; nothing was changed`);
  }
  const base = text.trim() === '' ? '{}' : text;
  const edits = modify(base, [key, SERVER_NAME], serverEntry(target, command), {
    formattingOptions: { insertSpaces: true, tabSize: 2 },
  });
  return applyEdits(base, edits);
}

/** The TOML with `[mcp_servers.client]` set. Comments do not survive a TOML rewrite; the backup keeps them. */
function mergeToml(path: string, text: string, command: string): string {
  let document: Record<string, unknown>;
  try {
    document = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new AppError('VALIDATION', `${path} is not valid TOML (${reason}); fix or move it, nothing was changed`);
  }
  const servers = document.mcp_servers ?? {};
  if (!isRecord(servers))
    throw new AppError('VALIDATION', `mcp_servers in ${path} is not a table; nothing was changed`);
  return `${toToml({ ...document, mcp_servers: { ...servers, [SERVER_NAME]: { command, args: [] } } })}\n`;
}

function backupPath(path: string): string {
  return `${path}.bak-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Writes this client-mcp into the agent's own configuration file: created when missing, otherwise merged (other
 * servers and settings untouched) after a copy of the old file is made beside it; through a symbolic link, the
 * file it links to. A file that does not parse, or that is not a regular file, is refused and left as it is.
 */
export function installAgentConfig(
  target: AgentTarget,
  command: string,
  environment: AgentEnvironment,
): InstallOutcome {
  const path = configPathOf(target, environment);
  if (path === null) {
    throw new AppError(
      'VALIDATION',
      'json is a snippet to paste, not an agent: pass --for claude-desktop, claude-code, cursor, vscode, codex or windsurf',
    );
  }
  const file = configFileOf(path);
  const existing = readExisting(file);
  const next =
    target === 'codex' ? mergeToml(path, existing ?? '', command) : mergeJson(path, existing ?? '', target, command);
  if (existing === null) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileAtomic(path, next, NEW_FILE_MODE);
    return { target, path, created: true, backup: null };
  }
  const backup = backupPath(file);
  copyFileSync(file, backup);
  writeFileAtomic(file, next, statSync(file).mode & 0o777);
  return { target, path, created: false, backup };
}
