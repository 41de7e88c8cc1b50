import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const secretsEntry = join(repoRoot, 'packages', 'secrets', 'dist', 'index.js');
const PLAINTEXT = 'Bearer tøken 🔑';

/**
 * One process using the built package the way the app does: open the data dir's secret box with the default
 * keychain, decrypt the value a previous process left (if any), leave a fresh one, report what it saw.
 */
const SCRIPT = `
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { openSecretBox } from ${JSON.stringify(pathToFileURL(secretsEntry).href)};
const [dataDir, valueFile] = process.argv.slice(2);
const box = await openSecretBox({ dataDir, flavor: 'dev' });
const decrypted = existsSync(valueFile) ? box.decrypt(readFileSync(valueFile, 'utf8')) : null;
writeFileSync(valueFile, box.encrypt(${JSON.stringify(PLAINTEXT)}));
console.log(JSON.stringify({
  keySource: box.keySource,
  description: box.description,
  warning: box.warning,
  keychainFailure: box.keychainFailure,
  decrypted,
  files: readdirSync(dataDir).sort(),
}));
`;

interface Report {
  keySource: string;
  description: string;
  warning: string | null;
  keychainFailure: string | null;
  decrypted: string | null;
  files: string[];
}

let scratch: string;
let dataDir: string;
let script: string;
let valueFile: string;
beforeEach(async () => {
  expect(existsSync(secretsEntry), `${secretsEntry} is missing: run npm run build first`).toBe(true);
  scratch = await mkdtemp(join(tmpdir(), 'client-secrets-e2e-'));
  dataDir = join(scratch, 'data');
  script = join(scratch, 'use-secret-box.mjs');
  valueFile = join(scratch, 'value.txt');
  await writeFile(script, SCRIPT);
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

/** Runs a command with only PATH and a throw-away HOME: no D-Bus session, no XDG_RUNTIME_DIR/bus to find. */
async function run(file: string, args: string[]): Promise<Report[]> {
  const env = { PATH: process.env.PATH, HOME: scratch, XDG_DATA_HOME: join(scratch, 'xdg') };
  const { stdout } = await promisify(execFile)(file, args, { env, timeout: 60_000 });
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Report);
}

/** The script as a shell command; the temporary paths hold no quote. */
const useBox = (): string => `node '${script}' '${dataDir}' '${valueFile}'`;
const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

describe('secrets in a desktop session (D-Bus with gnome-keyring)', () => {
  it('keep the key in the keychain, write no key file, and find the same key from a new process', async () => {
    const reports = await run('dbus-run-session', [
      '--',
      'sh',
      '-c',
      `echo pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; ${useBox()} && ${useBox()}`,
    ]);

    expect(reports).toEqual([
      {
        keySource: 'keychain',
        description: 'Secrets are protected by the system keychain.',
        warning: null,
        keychainFailure: null,
        decrypted: null,
        files: ['secret-key-location.json'],
      },
      {
        keySource: 'keychain',
        description: 'Secrets are protected by the system keychain.',
        warning: null,
        keychainFailure: null,
        decrypted: PLAINTEXT,
        files: ['secret-key-location.json'],
      },
    ]);
  });
});

describe('secrets where no keychain answers (no D-Bus session)', () => {
  it('keep the key in a 0600 key file, repair a looser mode, and decrypt after reopening', async () => {
    const [first] = await run('node', [script, dataDir, valueFile]);
    const keyFile = join(dataDir, 'secret-key');
    expect(first).toMatchObject({
      keySource: 'file',
      description: `No system keychain answered; secrets are encrypted with a key file at ${keyFile}, readable only by you.`,
      warning: null,
      decrypted: null,
      files: ['secret-key'],
    });
    expect(first?.keychainFailure).toMatch(/^The system keychain did not answer: .*DBUS_SESSION_BUS_ADDRESS/);
    expect(await modeOf(keyFile)).toBe(0o600);

    await chmod(keyFile, 0o644);
    const [second] = await run('node', [script, dataDir, valueFile]);
    expect(second).toMatchObject({
      keySource: 'file',
      decrypted: PLAINTEXT,
      keychainFailure: null,
      files: ['secret-key'],
    });
    expect(second?.warning).toContain('was readable by others (mode 0644); its mode was reset to 0600');
    expect(await modeOf(keyFile)).toBe(0o600);
  });

  it('keep the key in a file, not in the kernel keyring, even where a session keyring exists', async () => {
    // The kernel keyring would accept the key here, but holds it in memory only: it would be gone after a reboot.
    const [report] = await run('keyctl', ['session', '-', 'node', script, dataDir, valueFile]);
    expect(report).toMatchObject({ keySource: 'file', files: ['secret-key'] });
  });
});
