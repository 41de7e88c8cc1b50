import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, type SendInput } from '@client/core';
import { openSecretBox, type SecretBox, systemKeychain } from '@client/secrets';
import { openStore, type Store } from '@client/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Preparation, RequestSender } from '../sending/request-sender.js';
import { EventStream } from '../ui-server/event-stream.js';
import { AgentSends } from './agent-sends.js';

const STRIPE_KEY = 'sk_live_51HxQpLkTz';

/** A sender whose preparation fails quoting a value as resolved, as a check that forgot the written text would. */
class CarelessSender extends RequestSender {
  override async prepare(input: SendInput): Promise<Preparation> {
    const written = input.request.body.mode === 'file' ? input.request.body.path : '';
    throw new AppError('VALIDATION', `the file ${written.replace('{{stripe_key}}', STRIPE_KEY)} is a relative path`);
  }
}

let dataDir: string;
let store: Store;
let agentSends: AgentSends;
let projectId: string;

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'client-agent-sends-'));
  store = openStore(join(dataDir, 'client.db'));
  // No keychain: the box keeps its key in a 0600 file of the data dir, as on a headless machine.
  const keychain = systemKeychain({ env: { PATH: process.env.PATH }, timeoutMs: 30_000 });
  const box: Promise<SecretBox> = openSecretBox({ dataDir, flavor: 'dev', keychain });
  const sender = new CarelessSender(store, () => box, 'Client/test');
  agentSends = new AgentSends(store, sender, new EventStream());
  projectId = store.projects.create({ name: 'Shop' }).id;
  const environment = store.environments.create({ projectId, name: 'Live' });
  store.environmentVariables.set(environment.id, {
    key: 'stripe_key',
    value: (await box).encrypt(STRIPE_KEY),
    secret: true,
  });
  store.environments.setActive(projectId, environment.id);
});
afterEach(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the errors of an agent send', () => {
  it('are scrubbed of the environment secrets, whatever raised them', async () => {
    const endpointId = store.endpoints.create(projectId, null, {
      name: 'charge',
      method: 'POST',
      path: 'https://x.test/a',
      queryParams: [],
      headers: [],
      body: { mode: 'file', path: '{{stripe_key}}' },
      auth: { type: 'none' },
      state: 'Designing',
    }).id;
    const sending = agentSends.send({
      endpointId,
      environmentId: null,
      overrides: { query: [], headers: [], body: null },
      timeoutMs: 1000,
    });
    await expect(sending).rejects.toMatchObject({ code: 'VALIDATION', message: 'the file •••• is a relative path' });
  });
});
