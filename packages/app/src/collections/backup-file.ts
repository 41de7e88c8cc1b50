import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { AppError } from '@client/core';
import type { SecretBox } from '@client/secrets';
import type { BackupData } from '@client/store';

/** Secret values of a backup, sealed with a key derived from the person's passphrase. */
export interface SealedSecrets {
  kdf: 'scrypt';
  salt: string;
  iv: string;
  tag: string;
  data: string;
}

export type SecretList = { project: number; environment: string; key: string; value: string }[];

export interface BackupFile extends BackupData {
  secrets: SealedSecrets | null;
}

const keyOf = (passphrase: string, salt: Buffer): Buffer =>
  scryptSync(passphrase, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

function seal(secrets: SecretList, passphrase: string): SealedSecrets {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(passphrase, salt), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return {
    kdf: 'scrypt',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal(sealed: SealedSecrets, passphrase: string): SecretList {
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(passphrase, Buffer.from(sealed.salt, 'base64')),
      Buffer.from(sealed.iv, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
      'utf8',
    );
    return JSON.parse(plain) as SecretList;
  } catch {
    throw new AppError('VALIDATION', 'the passphrase does not open the secrets of this backup; nothing was restored');
  }
}

/** A backup without secret values, or with them sealed by the passphrase; the box is opened only when needed. */
export async function sealBackup(
  backup: BackupData,
  passphrase: string | null,
  openBox: () => Promise<SecretBox>,
): Promise<{ file: BackupFile; secrets: number }> {
  const secrets: SecretList = [];
  const box =
    passphrase !== null && backup.projects.some((p) => p.environments.some((e) => e.variables.some((v) => v.secret)))
      ? await openBox()
      : null;
  for (const [index, project] of backup.projects.entries()) {
    for (const environment of project.environments) {
      for (const variable of environment.variables) {
        if (!variable.secret) continue;
        if (box !== null)
          secrets.push({
            project: index,
            environment: environment.id,
            key: variable.key,
            value: box.decrypt(variable.value),
          });
        variable.value = '';
      }
    }
  }
  return {
    file: { ...backup, secrets: passphrase === null ? null : seal(secrets, passphrase) },
    secrets: secrets.length,
  };
}

/** What a backup holds, as the CLI prints it and the UI shows it. */
export function backupCounts(backup: BackupData, passphrase: string | null, secrets: number) {
  return {
    projects: backup.projects.length,
    endpoints: backup.projects.reduce((sum, project) => sum + project.endpoints.length, 0),
    history: backup.projects.reduce((sum, project) => sum + project.history.length, 0),
    secrets: passphrase === null ? 'left out' : `${secrets} encrypted with the passphrase`,
  };
}
