import { describe, expect, it } from 'vitest';
import { RunVariables, variableText } from './run-variables.js';

function layered() {
  return new RunVariables({
    environmentName: 'Dev',
    globals: [
      { key: 'host', value: 'globals.test' },
      { key: 'onlyGlobal', value: 1 },
    ],
    collection: [{ key: 'host', value: 'collection.test' }],
    environment: [
      { key: 'host', value: 'env.test' },
      { key: 'token', value: 's3cret', secret: true },
      { key: 'off', value: 'x', enabled: false },
    ],
    iterationData: [{ key: 'host', value: 'data.test' }],
    local: [],
  });
}

describe('RunVariables', () => {
  it('resolves a name through local > iterationData > environment > collection > globals, as newman does', () => {
    const variables = layered();
    expect(variables.resolve('host')?.value).toBe('data.test');
    variables.apply([{ layer: 'local', op: 'set', name: 'host', value: 'local.test' }]);
    expect(variables.resolve('host')?.value).toBe('local.test');
    expect(variables.resolve('onlyGlobal')).toEqual({ value: 1, secret: false });
    expect(variables.resolve('off')).toBeUndefined();
  });

  it('gives the runner every effective value as text with its secret flag', () => {
    const effective = layered().effective();
    expect(effective.get('host')).toEqual({ value: 'data.test', secret: false });
    expect(effective.get('token')).toEqual({ value: 's3cret', secret: true });
    expect(effective.get('onlyGlobal')).toEqual({ value: '1', secret: false });
    expect(variableText({ a: [1] })).toBe('{"a":[1]}');
  });

  it('shows a secret value to a script only when the request uses that variable', () => {
    const variables = layered();
    expect(variables.visible('environment', new Set())).toContainEqual(['token', null, 1]);
    expect(variables.visible('environment', new Set(['token']))).toContainEqual(['token', 's3cret', 0]);
  });

  it('keeps a value written under a secret name secret, in any layer and after a clear', () => {
    const variables = layered();
    variables.apply([
      { layer: 'environment', op: 'clear' },
      { layer: 'environment', op: 'set', name: 'token', value: 'rotated' },
      { layer: 'local', op: 'set', name: 'token', value: 'copy' },
      { layer: 'local', op: 'set', name: 'plain', value: 'x' },
    ]);
    expect(variables.get('environment', 'token')).toEqual({ value: 'rotated', secret: true });
    expect(variables.get('local', 'token')).toEqual({ value: 'copy', secret: true });
    expect(variables.get('local', 'plain')).toEqual({ value: 'x', secret: false });
  });

  it("keeps a secret's allowed hosts on a value a script writes under its name, and gives them to the scope", () => {
    const variables = new RunVariables({
      environment: [{ key: 'token', value: 's3cret', secret: true, allowedHosts: ['api.test'] }],
    });
    variables.apply([
      { layer: 'environment', op: 'clear' },
      { layer: 'local', op: 'set', name: 'token', value: 'copy' },
    ]);
    expect(variables.get('local', 'token')).toEqual({ value: 'copy', secret: true, allowedHosts: ['api.test'] });
    expect(variables.effective().get('token')).toEqual({ value: 'copy', secret: true, allowedHosts: ['api.test'] });
  });

  it('tells what changed in a layer since the start of the run', () => {
    const variables = layered();
    variables.apply([
      { layer: 'environment', op: 'set', name: 'host', value: 'env.test' },
      { layer: 'environment', op: 'set', name: 'new', value: 'n' },
      { layer: 'environment', op: 'unset', name: 'token' },
    ]);
    expect(variables.changedIn('environment')).toEqual(
      new Map([
        ['new', { value: 'n', secret: false }],
        ['token', undefined],
      ]),
    );
    expect(variables.changedIn('globals').size).toBe(0);
  });

  it('replaces the iteration data layer for a new iteration', () => {
    const variables = layered();
    variables.setIterationData([{ key: 'host', value: 'row2.test' }]);
    expect(variables.resolve('host')?.value).toBe('row2.test');
    expect(variables.changedIn('iterationData').size).toBe(0);
  });
});
