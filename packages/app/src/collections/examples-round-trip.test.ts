import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '@client/core';
import { applyImportPlan, openStore, type Store } from '@client/store';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportProject, exportText } from './export-project.js';
import { readCollection } from './read-collection.js';

/** The real collections beside the repository; the cases below skip, counted, where they are absent. */
const SHARED = join(import.meta.dirname, '../../../../../shared/collections');
const shared = existsSync(SHARED);

let dir = '';
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'client-examples-'));
  store = openStore(join(dir, 'client.db'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Imports a file into a new project of the store; its endpoints as the store gives them back. */
async function imported(file: string): Promise<{ projectId: string; endpoints: Endpoint[] }> {
  const summary = applyImportPlan(store, await readCollection(file));
  const projectId = summary.projectId ?? '';
  return { projectId, endpoints: store.endpoints.list(projectId) };
}

const kept = (endpoints: Endpoint[]) =>
  endpoints
    .map((endpoint) => ({
      endpoint: `${endpoint.method} ${endpoint.path}`,
      examples: endpoint.examples,
      contract: endpoint.contract,
    }))
    .sort((a, b) => a.endpoint.localeCompare(b.endpoint));

async function roundTrip(file: string, format: 'openapi' | 'postman') {
  const first = await imported(file);
  const out = join(dir, `exported.${format}.json`);
  writeFileSync(out, exportText(exportProject(store, first.projectId, format)));
  const second = await imported(out);
  return { first: first.endpoints, second: second.endpoints };
}

/** A dereferenced schema with a cycle through a named schema, and the examples of a 3.0 document. */
const CYCLIC = `openapi: 3.0.3
info: { title: Tree, version: '1' }
servers: [{ url: 'https://tree.example.com' }]
components:
  schemas:
    Node:
      type: object
      properties:
        name: { type: string, nullable: true }
        children: { type: array, items: { $ref: '#/components/schemas/Node' } }
paths:
  /tree:
    get:
      responses:
        '200':
          description: The tree
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Node' }
              examples:
                leaf: { value: { name: leaf, children: [] } }
                nested: { value: { name: root, children: [{ name: null, children: [] }] } }
`;

describe('examples and contracts through the store, an export and an import again', () => {
  it('keep a document with a cycle of schemas, and its contract validates its own examples', async () => {
    const file = join(dir, 'tree.yaml');
    writeFileSync(file, CYCLIC);
    const { first, second } = await roundTrip(file, 'openapi');
    expect(kept(second)).toEqual(kept(first));
    const [tree] = first;
    expect(tree?.examples?.map((example) => example.name)).toEqual(['leaf', 'nested']);
    expect(tree?.contract?.defs.Node).toEqual({
      type: 'object',
      properties: {
        name: { type: ['string', 'null'] },
        children: { type: 'array', items: { $ref: '#/$defs/Node' } },
      },
    });
    const response = tree?.contract?.responses[0]?.content[0]?.schema;
    const validate = new Ajv2020().compile({ ...(response as object), $defs: tree?.contract?.defs });
    for (const example of tree?.examples ?? []) expect(validate(JSON.parse(example.body))).toBe(true);
    expect(validate({ name: 3 })).toBe(false);
  });

  it
    .skipIf(!shared)
    .each([
      'openapi30/petstore-expanded.yaml',
      'openapi30/uspto.yaml',
      'openapi31/realworld-conduit.openapi.yml',
      'swagger20/petstore.json',
    ])('keep the examples and contracts of %s, every schema compiling as JSON Schema 2020-12', async (name) => {
    const { first, second } = await roundTrip(join(SHARED, name), 'openapi');
    expect(first.some((endpoint) => endpoint.contract !== undefined)).toBe(true);
    expect(kept(second)).toEqual(kept(first));
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const { contract } of first) {
      const schemas = [
        ...(contract?.parameters ?? []).map((parameter) => parameter.schema),
        ...(contract?.requestBody?.content ?? []).map((media) => media.schema),
        ...(contract?.responses ?? []).flatMap((response) => response.content.map((media) => media.schema)),
      ];
      for (const schema of schemas) {
        if (typeof schema === 'object') expect(() => ajv.compile({ ...schema, $defs: contract?.defs })).not.toThrow();
      }
    }
  });

  it.skipIf(!shared)('keep the saved responses of a Postman v2.0 collection through a Postman export', async () => {
    const { first, second } = await roundTrip(
      join(SHARED, 'postman20/newman-echo-v2.postman_collection.json'),
      'postman',
    );
    expect(first.flatMap((endpoint) => endpoint.examples ?? [])).toHaveLength(10);
    expect(kept(second)).toEqual(kept(first));
  });
});
