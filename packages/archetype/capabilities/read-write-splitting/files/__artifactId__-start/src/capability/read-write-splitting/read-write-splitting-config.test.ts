import { describe, expect, it } from 'vitest';

import { loadConfig } from '../../config/load-config.js';
import { replicaConfigs } from './read-write-splitting-config.js';

function configWith(readWriteSplitting: unknown) {
  return loadConfig({
    profile: '',
    env: {},
    overrides: {
      datasource: { driver: 'pg', url: 'postgres://primary:5432/app', username: 'app', password: 'secret' },
      readWriteSplitting,
    },
  });
}

describe('the readWriteSplitting section', () => {
  it('has no replica as generated', async () => {
    expect(replicaConfigs(await loadConfig({ profile: '', env: {} }))).toEqual([]);
  });

  it('has no replica when the section is left out', async () => {
    const config = await configWith({ replicas: [] });
    expect(replicaConfigs({ ...config, readWriteSplitting: undefined })).toEqual([]);
  });

  it('completes a replica from the datasource block and keeps what it sets itself', async () => {
    const config = await configWith({
      replicas: [
        { url: 'postgres://replica-1:5432/app' },
        { url: 'postgres://replica-2:5432/app', username: 'reader', password: '', maximumPoolSize: 3 },
      ],
    });

    expect(replicaConfigs(config)).toEqual([
      { url: 'postgres://replica-1:5432/app', username: 'app', password: 'secret', maximumPoolSize: 10 },
      { url: 'postgres://replica-2:5432/app', username: 'reader', password: '', maximumPoolSize: 3 },
    ]);
  });

  it('names the key that is wrong', async () => {
    const missingUrl = await configWith({ replicas: [{ username: 'reader' }] });
    expect(() => replicaConfigs(missingUrl)).toThrow(
      /invalid configuration:[\s\S]*readWriteSplitting\.replicas\[0\]\.url/,
    );

    const misspelt = await configWith({ replica: [{ url: 'postgres://replica-1:5432/app' }] });
    expect(() => replicaConfigs(misspelt)).toThrow(/Unrecognized key: "replica"[\s\S]*readWriteSplitting/);
  });
});
