import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateDataKey } from './data-key.js';
import { createKeyFile, readKeyFile } from './key-file.js';

// The files are real; their reads are recorded, to see when a reader has found a file empty.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'client-key-file-'));
  path = join(dir, 'secret-key');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const modeOf = async (file: string): Promise<number> => (await stat(file)).mode & 0o777;

describe('the key file', () => {
  it('is created with mode 0600 holding the key in base64 and a newline', async () => {
    const key = generateDataKey();
    expect(await createKeyFile(path, key)).toEqual({ key, warning: null });
    expect(await modeOf(path)).toBe(0o600);
    expect(await readFile(path, 'utf8')).toBe(`${key.toString('base64')}\n`);
    expect(await readKeyFile(path)).toEqual({ key, warning: null });
  });

  it('keeps mode 0600 whatever the umask', async () => {
    const previous = process.umask(0o000);
    try {
      await createKeyFile(path, generateDataKey());
    } finally {
      process.umask(previous);
    }
    expect(await modeOf(path)).toBe(0o600);
  });

  it('is never overwritten: creating it again yields the key already there', async () => {
    const first = generateDataKey();
    await createKeyFile(path, first);
    expect((await createKeyFile(path, generateDataKey())).key).toEqual(first);
    expect(await readFile(path, 'utf8')).toBe(`${first.toString('base64')}\n`);
  });

  it('is created by exactly one of several concurrent creators, and all of them get its key', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => createKeyFile(path, generateDataKey())));
    const onDisk = (await readKeyFile(path))?.key;
    expect(results.every((result) => onDisk !== undefined && result.key.equals(onDisk))).toBe(true);
  });

  it.each([
    ['0644', 0o644],
    ['0640', 0o640],
    ['0604', 0o604],
    ['0666', 0o666],
  ])('has a mode %s, readable by others, repaired to 0600 with a warning', async (_label, mode) => {
    const key = generateDataKey();
    await createKeyFile(path, key);
    await chmod(path, mode);
    const read = await readKeyFile(path);
    expect(read?.key).toEqual(key);
    expect(read?.warning).toBe(
      `The secrets key file ${path} was readable by others (mode 0${mode.toString(8)}); its mode was reset to 0600. ` +
        'Anyone who read it can decrypt the secret values it protects; change those secrets if that matters.',
    );
    expect(await modeOf(path)).toBe(0o600);
  });

  it('has an executable mode 0700 repaired to 0600, without a warning since no one else could read it', async () => {
    await createKeyFile(path, generateDataKey());
    await chmod(path, 0o700);
    expect((await readKeyFile(path))?.warning).toBeNull();
    expect(await modeOf(path)).toBe(0o600);
  });

  it('reads as absent when there is none', async () => {
    expect(await readKeyFile(path)).toBeNull();
  });

  it('is removed and reads as absent when it stays empty (its creation was cut short)', async () => {
    await writeFile(path, '\n', { mode: 0o600 });
    expect(await readKeyFile(path)).toBeNull();
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is read once its creator has written it, when found still empty', async () => {
    const key = generateDataKey();
    await writeFile(path, '', { mode: 0o600 });
    vi.mocked(readFile).mockClear();
    const reading = readKeyFile(path);
    // The creator writes once the reader has found the file empty.
    await vi.waitFor(() =>
      expect(vi.mocked(readFile).mock.settledResults).toContainEqual({ type: 'fulfilled', value: '' }),
    );
    await writeFile(path, `${key.toString('base64')}\n`);
    expect((await reading)?.key).toEqual(key);
  });

  it.each([
    ['text that is not base64', 'not a key\n'],
    ['a 16-byte key', `${Buffer.alloc(16, 1).toString('base64')}\n`],
  ])('is refused, never replaced, when it holds %s', async (_label, text) => {
    await writeFile(path, text, { mode: 0o600 });
    await expect(readKeyFile(path)).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining(`The secrets key file ${path} does not hold a 32-byte key in base64`),
    });
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});

describe('a key file path that is not a plain file', () => {
  it('is refused when it is a symbolic link: the target keeps its 0644 mode and content', async () => {
    const target = join(dir, 'elsewhere');
    await writeFile(target, 'not for the app');
    await chmod(target, 0o644);
    await symlink(target, path);

    await expect(readKeyFile(path)).rejects.toThrow(/secret-key is a symbolic link, and the app never follows links/);
    await expect(createKeyFile(path, generateDataKey())).rejects.toThrow(/is a symbolic link/);
    expect(await modeOf(target)).toBe(0o644);
    expect(await readFile(target, 'utf8')).toBe('not for the app');
  });

  it('is refused when it is a dangling symbolic link, and no target is created', async () => {
    const target = join(dir, 'missing');
    await symlink(target, path);

    await expect(createKeyFile(path, generateDataKey())).rejects.toThrow(/is a symbolic link/);
    await expect(stat(target)).rejects.toThrow(/ENOENT/);
  });

  it('is refused when it is a directory', async () => {
    await mkdir(path);
    await expect(readKeyFile(path)).rejects.toThrow(/secret-key is a directory, not a file/);
  });
});
