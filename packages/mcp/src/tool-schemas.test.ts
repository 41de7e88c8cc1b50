import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { TOOLS } from './tool-list.js';

describe('tool-schemas.json', () => {
  it('holds the JSON Schema of every tool’s input and output, as zod writes them (update: vitest -u)', async () => {
    const schemas = Object.fromEntries(
      TOOLS.map((tool) => [
        tool.name,
        {
          inputSchema: z.toJSONSchema(tool.input(), { target: 'draft-7', io: 'input' }),
          outputSchema: z.toJSONSchema(tool.output(), { target: 'draft-7', io: 'output' }),
        },
      ]),
    );

    await expect(`${JSON.stringify(schemas, null, 2)}\n`).toMatchFileSnapshot('./tool-schemas.json');
  });
});
