import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type DbusSession,
  envWithoutDbus,
  PATIENT_TIMEOUT_MS,
  startKeyringSession,
  startStalledSecretServiceSession,
} from './dbus-session.test-support.js';
import { keychainService, openSecretBox } from './open-secret-box.js';
import { type KeychainAccess, systemKeychain } from './system-keychain.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'client-secrets-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const noKeychain = (): KeychainAccess => systemKeychain({ env: envWithoutDbus(), timeoutMs: PATIENT_TIMEOUT_MS });
const keyFile = (): string => join(dataDir, 'secret-key');
const locationFile = (): string => join(dataDir, 'secret-key-location.json');
const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

describe('keychain services', () => {
  it('are named after the flavor', () => {
    expect(keychainService('release')).toBe('Client');
    expect(keychainService('dev')).toBe('Client-dev');
  });
});

describe('a secret box where no keychain answers', { timeout: 60_000 }, () => {
  it('keeps its key in a 0600 key file and says so', async () => {
    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });

    expect(box.keySource).toBe('file');
    expect(box.description).toBe(
      `No system keychain answered; secrets are encrypted with a key file at ${keyFile()}, readable only by you.`,
    );
    expect(box.keychainFailure).toMatch(/^The system keychain did not answer: .*DBUS_SESSION_BUS_ADDRESS/);
    expect(box.warning).toBeNull();
    expect(await readdir(dataDir)).toEqual(['secret-key']);
    expect(await modeOf(keyFile())).toBe(0o600);
  });

  it('decrypts after reopening, from the key file alone', async () => {
    const first = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
    const value = first.encrypt('s3cr3t ✓');

    const second = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
    expect(second.decrypt(value)).toBe('s3cr3t ✓');
    expect(second.keySource).toBe('file');
    expect(second.keychainFailure).toBeNull();
    expect(second.description).toBe(
      `Secrets are encrypted with a key file at ${keyFile()}, readable only by you. It was made when no system ` +
        'keychain answered and stays in use, so secrets saved with it remain readable.',
    );
  });

  it('repairs a key file that others could read, and warns', async () => {
    const value = (await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() })).encrypt('v');
    await chmod(keyFile(), 0o644);

    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
    expect(await modeOf(keyFile())).toBe(0o600);
    expect(box.warning).toContain('was readable by others (mode 0644); its mode was reset to 0600');
    expect(box.decrypt(value)).toBe('v');
  });

  it('creates the data dir with mode 0700 when it does not exist yet', async () => {
    const nested = join(dataDir, 'Client-dev');
    const box = await openSecretBox({ dataDir: nested, flavor: 'dev', keychain: noKeychain() });
    expect(box.keySource).toBe('file');
    expect(await modeOf(nested)).toBe(0o700);
  });

  it('refuses a value encrypted under another data dir', async () => {
    const other = await mkdtemp(join(tmpdir(), 'client-secrets-other-'));
    try {
      const foreign = (await openSecretBox({ dataDir: other, flavor: 'dev', keychain: noKeychain() })).encrypt('v');
      const box = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
      expect(() => box.decrypt(foreign)).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('different data key') }),
      );
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('never shows its key, whether serialised or inspected', async () => {
    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() });
    const key = (await readFile(keyFile(), 'utf8')).trim();
    expect(JSON.stringify(box)).not.toContain(key);
    expect(inspect(box, { depth: 10, showHidden: true })).not.toContain(key);
    expect(Object.isFrozen(box)).toBe(true);
  });
});

describe('a secret box where the keychain never answers', { timeout: 60_000 }, () => {
  let session: DbusSession;
  beforeAll(async () => {
    session = await startStalledSecretServiceSession();
  }, 60_000);
  afterAll(() => session.stop());

  it('falls back to a key file once the keychain timeout passes', async () => {
    const keychain = systemKeychain({ env: session.env, timeoutMs: 300 });
    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain });
    expect(box.keySource).toBe('file');
    expect(box.keychainFailure).toBe('The system keychain did not answer: no answer within 300 ms');
  });
});

describe('a secret box with the keychain of a D-Bus session', { timeout: 60_000 }, () => {
  let session: DbusSession;
  let keychain: KeychainAccess;
  beforeAll(async () => {
    session = await startKeyringSession();
    keychain = systemKeychain({ env: session.env, timeoutMs: PATIENT_TIMEOUT_MS });
  }, 60_000);
  afterAll(() => session.stop());

  it('keeps its key in the keychain, writes no key file, and records where the key is', async () => {
    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain });

    expect(box.keySource).toBe('keychain');
    expect(box.description).toBe('Secrets are protected by the system keychain.');
    expect([box.warning, box.keychainFailure]).toEqual([null, null]);
    expect(await readdir(dataDir)).toEqual(['secret-key-location.json']);
    expect(JSON.parse(await readFile(locationFile(), 'utf8'))).toEqual({
      keySource: 'keychain',
      service: 'Client-dev',
      account: 'data-key',
    });
    const stored = await keychain.getPassword({ service: 'Client-dev', account: 'data-key' });
    expect(Buffer.from(stored ?? '', 'base64')).toHaveLength(32);
  });

  it('finds the same key on reopening, also from another data dir of the same flavor', async () => {
    const value = (await openSecretBox({ dataDir, flavor: 'dev', keychain })).encrypt('token ✓');
    expect((await openSecretBox({ dataDir, flavor: 'dev', keychain })).decrypt(value)).toBe('token ✓');

    const other = await mkdtemp(join(tmpdir(), 'client-secrets-other-'));
    try {
      expect((await openSecretBox({ dataDir: other, flavor: 'dev', keychain })).decrypt(value)).toBe('token ✓');
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('uses the release service for the release flavor, apart from development builds', async () => {
    const release = await openSecretBox({ dataDir, flavor: 'release', keychain });
    const other = await mkdtemp(join(tmpdir(), 'client-secrets-other-'));
    try {
      const dev = await openSecretBox({ dataDir: other, flavor: 'dev', keychain });
      expect(() => dev.decrypt(release.encrypt('v'))).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
      const stored = await keychain.getPassword({ service: 'Client', account: 'data-key' });
      expect(Buffer.from(stored ?? '', 'base64')).toHaveLength(32);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('follows the recorded entry when the data dir is later opened with another flavor', async () => {
    const value = (await openSecretBox({ dataDir, flavor: 'dev', keychain })).encrypt('v');
    const box = await openSecretBox({ dataDir, flavor: 'release', keychain });
    expect(box.decrypt(value)).toBe('v');
  });

  it('keeps using an existing key file although the keychain answers now, without asking it', async () => {
    const value = (await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() })).encrypt('v');
    const calls: string[] = [];
    const watched: KeychainAccess = {
      getPassword: (entry) => {
        calls.push(`get ${entry.service}`);
        return keychain.getPassword(entry);
      },
      setPassword: (entry, password) => {
        calls.push(`set ${entry.service}`);
        return keychain.setPassword(entry, password);
      },
    };

    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain: watched });
    expect(box.keySource).toBe('file');
    expect(box.decrypt(value)).toBe('v');
    expect(calls).toEqual([]);
    expect(await readdir(dataDir)).toEqual(['secret-key']);
  });

  it('refuses to start a second key when its recorded keychain does not answer', async () => {
    await openSecretBox({ dataDir, flavor: 'dev', keychain });

    const failure = await openSecretBox({ dataDir, flavor: 'dev', keychain: noKeychain() }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringMatching(
        new RegExp(
          `^The secrets key of ${dataDir} is kept in the system keychain \\(entry "data-key" of service "Client-dev"\\), ` +
            'but: The system keychain did not answer: .*Secret values can be neither read nor saved until the ' +
            'keychain answers',
        ),
      ),
    });
    expect(await readdir(dataDir)).toEqual(['secret-key-location.json']);
  });

  it('makes a new key, and warns that older values are lost, when the recorded entry is gone', async () => {
    const entry = { service: 'Client-vanished', account: 'data-key' };
    await writeFile(locationFile(), JSON.stringify({ keySource: 'keychain', ...entry }));

    const box = await openSecretBox({ dataDir, flavor: 'dev', keychain });
    expect(box.keySource).toBe('keychain');
    expect(box.warning).toBe(
      'The system keychain no longer held the key of this data dir (entry "data-key" of service "Client-vanished"); ' +
        'a new key was made, so secret values saved before cannot be decrypted and must be entered again.',
    );
    expect(await keychain.getPassword(entry)).not.toBeNull();
  });

  it('refuses a keychain entry that does not hold a key, and leaves it alone', async () => {
    const entry = { service: 'Client-garbage', account: 'data-key' };
    await writeFile(locationFile(), JSON.stringify({ keySource: 'keychain', ...entry }));
    await keychain.setPassword(entry, 'not a key');

    await expect(openSecretBox({ dataDir, flavor: 'dev', keychain })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining(
        'The keychain entry "data-key" of service "Client-garbage" does not hold a 32-byte key in base64',
      ),
    });
    expect(await keychain.getPassword(entry)).toBe('not a key');
  });

  it('refuses a location record that names no entry', async () => {
    await writeFile(locationFile(), '{"keySource":"keychain"}');
    await expect(openSecretBox({ dataDir, flavor: 'dev', keychain })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining(`${locationFile()} does not name a keychain entry`),
    });
  });
});
