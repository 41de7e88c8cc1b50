import { describe, expect, it } from 'vitest';
import { RunVariables } from './run-variables.js';
import { request, sharedSession } from './sandbox.test-support.js';

const sandbox = sharedSession();

function runVariables() {
  return new RunVariables({
    environmentName: 'Staging',
    globals: [{ key: 'host', value: 'globals.test' }],
    collection: [
      { key: 'host', value: 'collection.test' },
      { key: 'base', value: 'https://{{host}}/v1' },
    ],
    environment: [
      { key: 'host', value: 'env.test' },
      { key: 'apiKey', value: 'k-123', secret: true },
    ],
    iterationData: [{ key: 'user', value: 'ada' }],
  });
}

async function passes(source: string, variables = runVariables(), usedVariables: string[] = []) {
  const result = await sandbox.run(source, { variables, usedVariables });
  expect(result.error).toBeUndefined();
  return result.tests.map((test) => (test.passed ? 'pass' : `${test.name}: ${test.error?.message}`));
}

describe('variables in scripts', () => {
  it('chains a value from one request’s test script to the next request’s pre-request script', async () => {
    const variables = runVariables();
    await sandbox.run("pm.environment.set('token', pm.response.json().name);", { variables });
    const next = await sandbox.run(
      "pm.request.headers.upsert({ key: 'Authorization', value: 'Bearer ' + pm.environment.get('token') });",
      { event: 'prerequest', variables, request: request({ id: 'req-2' }) },
    );
    expect(next.request?.headers).toContainEqual({ key: 'Authorization', value: 'Bearer Ada' });
    expect(variables.changedIn('environment').get('token')).toEqual({ value: 'Ada', secret: false });
  });

  it("resolves pm.variables through newman's layers and replaces {{references}}", async () => {
    expect(
      await passes(`
        pm.test('data wins', () => pm.expect(pm.variables.get('user')).to.equal('ada'));
        pm.test('env over collection', () => pm.expect(pm.variables.get('host')).to.equal('env.test'));
        pm.test('local wins', () => { pm.variables.set('host', 'local.test'); pm.expect(pm.variables.get('host')).to.equal('local.test'); });
        pm.test('replaceIn', () => pm.expect(pm.variables.replaceIn('{{base}}/{{user}}/{{nope}}')).to.equal('https://local.test/v1/ada/{{nope}}'));
        pm.test('guid', () => pm.expect(pm.variables.replaceIn('{{$guid}}')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/));
        pm.test('scopes', () => {
          pm.expect(pm.collectionVariables.get('host')).to.equal('collection.test');
          pm.expect(pm.globals.get('host')).to.equal('globals.test');
          pm.expect(pm.environment.name).to.equal('Staging');
          pm.expect(pm.variables.toObject()).to.include({ host: 'local.test', user: 'ada' });
        });
      `),
    ).toEqual(Array(6).fill('pass'));
  });

  it('keeps iterationData changes inside the script, as newman does', async () => {
    const variables = runVariables();
    expect(
      await passes(
        `pm.test('set', () => {
           pm.iterationData.set('user', 'grace');
           pm.iterationData.set('extra', 1);
           pm.iterationData.unset('nothing');
           pm.expect(pm.iterationData.toObject()).to.eql({ user: 'grace', extra: 1 });
           pm.expect(pm.iterationData.has('extra')).to.be.true;
         });`,
        variables,
      ),
    ).toEqual(['pass']);
    expect(
      await passes("pm.test('gone', () => pm.expect(pm.iterationData.get('user')).to.equal('ada'));", variables),
    ).toEqual(['pass']);
  });

  it('hides a secret the request does not use, and shows it when it does', async () => {
    const probe = `pm.test('probe', () => pm.expect([
      pm.environment.get('apiKey'), pm.environment.has('apiKey'), pm.variables.get('apiKey'),
      pm.environment.toObject().apiKey, pm.variables.replaceIn('{{apiKey}}'), environment.apiKey, bru.getEnvVar('apiKey'),
    ]).to.eql(EXPECTED));`;
    const hidden = [undefined, true, undefined, undefined, '{{apiKey}}', undefined, undefined];
    expect(await passes(probe.replace('EXPECTED', JSON.stringify(hidden).replaceAll('null', 'undefined')))).toEqual([
      'pass',
    ]);
    const shown = ['k-123', true, 'k-123', 'k-123', 'k-123', 'k-123', 'k-123'];
    expect(await passes(probe.replace('EXPECTED', JSON.stringify(shown)), runVariables(), ['apiKey'])).toEqual([
      'pass',
    ]);
  });

  it('keeps a secret secret when a script overwrites it', async () => {
    const variables = runVariables();
    await sandbox.run("pm.environment.set('apiKey', 'rotated');", { variables });
    expect(variables.get('environment', 'apiKey')).toEqual({ value: 'rotated', secret: true });
    expect(
      await passes(
        "pm.test('still hidden', () => pm.expect(pm.environment.get('apiKey')).to.be.undefined);",
        variables,
      ),
    ).toEqual(['pass']);
  });

  it('records every change in order and applies it to the run’s layers', async () => {
    const variables = runVariables();
    const result = await sandbox.run(
      `pm.globals.set('g', { nested: [1] });
       pm.collectionVariables.unset('base');
       pm.environment.clear();
       pm.variables.set('n', 2);
       postman.setGlobalVariable('legacy', 5);`,
      { variables },
    );
    expect(result.variableChanges).toEqual([
      { layer: 'globals', op: 'set', name: 'g', value: { nested: [1] } },
      { layer: 'collection', op: 'unset', name: 'base' },
      { layer: 'environment', op: 'clear' },
      { layer: 'local', op: 'set', name: 'n', value: 2 },
      { layer: 'globals', op: 'set', name: 'legacy', value: '5' },
    ]);
    expect(variables.resolve('host')?.value).toBe('collection.test');
    expect(variables.get('globals', 'legacy')?.value).toBe('5');
  });

  it('gives Bruno scripts their variables, interpolated, and checks names as Bruno does', async () => {
    expect(
      await passes(`
        test('vars', () => {
          bru.setVar('run-id', 42);
          expect(bru.getVar('run-id')).to.equal(42);
          expect(bru.hasVar('run-id')).to.be.true;
          expect(bru.getCollectionVar('base')).to.equal('https://env.test/v1');
          expect(bru.getEnvName()).to.equal('Staging');
          expect(bru.getProcessEnv('HOME')).to.be.undefined;
          expect(bru.getGlobalEnvVar('host')).to.equal('globals.test');
          bru.setEnvVar('fromBruno', 'yes');
          expect(pm.environment.get('fromBruno')).to.equal('yes');
          bru.deleteVar('run-id');
          expect(bru.hasVar('run-id')).to.be.false;
        });
        test('bad name', () => bru.setVar('bad name', 1));
      `),
    ).toEqual([
      'pass',
      'bad name: Variable name: "bad name" contains invalid characters! Names must only contain alpha-numeric characters, "-", "_", "."',
    ]);
  });

  it("keeps Postman's legacy globals in step with postman.* calls", async () => {
    expect(
      await passes(`
        postman.setEnvironmentVariable('legacyEnv', 7);
        pm.test('legacy', () => {
          pm.expect(environment.legacyEnv).to.equal('7');
          pm.expect(postman.getEnvironmentVariable('legacyEnv')).to.equal('7');
          pm.expect(data.user).to.equal('ada');
          pm.expect(globals.host).to.equal('globals.test');
          pm.expect(iteration).to.equal(0);
          pm.expect(request.url).to.equal('https://api.example.test/users/1?expand=true');
          pm.expect(responseHeaders['X-Request-Id']).to.equal('abc');
          pm.expect(JSON.parse(responseBody).id).to.equal(1);
          pm.expect(responseTime).to.equal(12);
        });
      `),
    ).toEqual(['pass']);
    const shadowing = "const data = pm.response.json(); pm.test('own data', () => pm.expect(data.id).to.equal(1));";
    expect(await passes(shadowing)).toEqual(['pass']);
  });
});
