import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpointFileText, readEndpointFile, readEnvironmentFile } from '@client/core';
import { describe, expect, it } from 'vitest';

/** The files README's "Projects as files" shows are files the reader takes as they are. */
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('### Projects as files'), readme.indexOf('## Tests that run'));
const yamlBlocks = [...section.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const agentFile = /<<'YAML'\n([\s\S]*?)YAML\n/.exec(section)?.[1] ?? '';

describe('the README’s project files', () => {
  it('shows a request file the reader takes whole, written back byte for byte', () => {
    const [request] = yamlBlocks;
    const read = readEndpointFile(request ?? '', 'Users/Create user.yml');
    expect(read.problem).toBeUndefined();
    expect(read.value?.endpoint.name).toBe('Create user');
    expect(endpointFileText(read.value?.endpoint ?? ({} as never), read.value?.seq)).toBe(request);
  });

  it('shows an environment file with a secret marked and no value', () => {
    const read = readEnvironmentFile(yamlBlocks[1] ?? '', 'environments/Staging.yml');
    expect(read.value?.variables.find((variable) => variable.key === 'token')).toEqual({
      key: 'token',
      value: '',
      secret: true,
      allowedHosts: ['staging.example.com'],
    });
  });

  it('shows an agent how to add an endpoint with a file of only what it needs', () => {
    const read = readEndpointFile(agentFile, 'api/Orders/Create order.yml');
    expect(read.problem).toBeUndefined();
    expect(read.value?.endpoint).toMatchObject({
      name: 'Create order',
      method: 'POST',
      path: '/orders',
      state: 'Designing',
    });
    expect(read.value?.endpoint.tests).toEqual([{ source: 'status', property: '', operator: 'eq', value: '201' }]);
  });
});
