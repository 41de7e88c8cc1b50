import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { AppError } from '@client/core';

/** One keychain entry: a service (one per flavor) and an account under it. */
export interface KeychainEntryName {
  readonly service: string;
  readonly account: string;
}

/**
 * The two keychain calls the secret box makes. `getPassword` resolves null when the entry does not exist;
 * both reject when the keychain does not answer (no keychain, locked, timed out).
 */
export interface KeychainAccess {
  getPassword(entry: KeychainEntryName): Promise<string | null>;
  setPassword(entry: KeychainEntryName, password: string): Promise<void>;
}

export interface SystemKeychainOptions {
  /**
   * The environment the keychain is reached through; on Linux that is `DBUS_SESSION_BUS_ADDRESS` (or
   * `XDG_RUNTIME_DIR/bus`). Default: this process's environment.
   */
  env?: NodeJS.ProcessEnv;
  /** How long one keychain call may take before the keychain counts as not answering. */
  timeoutMs?: number;
}

const DEFAULT_KEYCHAIN_TIMEOUT_MS = 5000;

/**
 * Runs one `@napi-rs/keyring` call in a child Node process and prints `{password}`, `{}` or `{failure}`.
 * The password to store arrives on stdin, never in argv, where other users could read it.
 *
 * On Linux the entry is pinned to the Secret Service: left to itself the library falls back to the kernel
 * keyring, which lives in memory only, so a key kept there would vanish at reboot and strand every value
 * encrypted with it. On macOS and Windows the option is ignored and the system keychain is used.
 */
const KEYCHAIN_CALL_SCRIPT = `
const [, modulePath, operation, service, account] = process.argv;
const input = [];
process.stdin.on('data', (chunk) => input.push(chunk));
process.stdin.on('end', () => {
  let reply;
  try {
    const { Entry } = require(modulePath);
    const entry = new Entry(service, account, { linux: { store: 'secret-service' } });
    if (operation === 'get') reply = { password: entry.getPassword() };
    else {
      entry.setPassword(Buffer.concat(input).toString('utf8'));
      reply = {};
    }
  } catch (error) {
    reply = { failure: String((error && error.message) || error) };
  }
  process.stdout.write(JSON.stringify(reply));
});
`;

interface CallReply {
  password?: string | null;
  failure?: string;
}

function parseReply(text: string): CallReply | null {
  try {
    const reply: unknown = JSON.parse(text);
    if (typeof reply !== 'object' || reply === null) return null;
    const { password, failure } = reply as Record<string, unknown>;
    if (failure !== undefined) return typeof failure === 'string' ? { failure } : null;
    if (password === undefined || password === null || typeof password === 'string') return { password };
    return null;
  } catch {
    return null;
  }
}

function keychainError(message: string): AppError {
  return new AppError('INTERNAL', `The system keychain did not answer: ${message}`);
}

/**
 * The OS keychain through `@napi-rs/keyring`. Each call runs in a child process so that it is truly bounded:
 * a Secret Service call can wait for an unlock prompt for as long as it stays on screen, and a call blocked in
 * native code cannot be abandoned in-process. The child is killed when `timeoutMs` passes.
 */
export function systemKeychain(options: SystemKeychainOptions = {}): KeychainAccess {
  const timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;

  function call(operation: 'get' | 'set', entry: KeychainEntryName, input: string): Promise<CallReply> {
    // NODE_OPTIONS is the parent's business; a preload it names has no place in this small fixed script.
    const { NODE_OPTIONS: _ignored, ...env } = options.env ?? process.env;
    return new Promise((resolve, reject) => {
      let keyringModule: string;
      try {
        keyringModule = createRequire(import.meta.url).resolve('@napi-rs/keyring');
      } catch (error) {
        reject(keychainError(`@napi-rs/keyring is not installed (${(error as Error).message})`));
        return;
      }
      const child = spawn(
        process.execPath,
        ['-e', KEYCHAIN_CALL_SCRIPT, keyringModule, operation, entry.service, entry.account],
        { env, stdio: ['pipe', 'pipe', 'ignore'] },
      );
      const output: Buffer[] = [];
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(keychainError(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(keychainError(`the keychain helper process could not start (${error.message})`));
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const reply = parseReply(Buffer.concat(output).toString('utf8'));
        if (reply) resolve(reply);
        else
          reject(keychainError(`the keychain helper process ended without a reply (${signal ?? `exit code ${code}`})`));
      });
      child.stdin.on('error', () => {
        // The child may die before reading stdin; its 'close' event reports that.
      });
      child.stdin.end(input);
    });
  }

  return {
    async getPassword(entry) {
      const reply = await call('get', entry, '');
      if (reply.failure !== undefined) throw keychainError(reply.failure);
      return reply.password ?? null;
    },
    async setPassword(entry, password) {
      const reply = await call('set', entry, password);
      if (reply.failure !== undefined) throw keychainError(reply.failure);
    },
  };
}
