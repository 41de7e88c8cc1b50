import { AppError } from '@client/core';
import type { CallToolResult, Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import { guardTool } from './guard-tool.js';
import { once } from './once.js';
import type { ServedTool, ToolCall } from './protocol/tool-server.js';
import { schemaProblem } from './schema-problem.js';
import type { ToolContext } from './tool-context.js';
import { errorResult } from './tool-result.js';
import toolSchemas from './tool-schemas.json' with { type: 'json' };

/** One tool of client-mcp: what tools/list says of it, and what a call does once its arguments have passed. */
export interface ToolDefinition<Input extends z.ZodMiniObject = z.ZodMiniObject> {
  name: string;
  title: string;
  description: string;
  /** The schemas of its arguments and result, made on first use (see output-schemas.ts). */
  input: () => Input;
  output: () => z.ZodMiniObject;
  annotations: ToolAnnotations;
  run(args: z.output<Input>, context: ToolContext, call: ToolCall): Promise<CallToolResult>;
}

/** The input of a tool that takes no arguments. */
export const noArgumentsSchema = once(() => z.object({}));

/** The input of a tool that reads one thing of a project and needs nothing else. */
export const projectArgumentsSchema = once(() =>
  z.object({ projectId: z.string().check(z.describe('The project, from list_projects')) }),
);

/**
 * The JSON Schema (draft-07, which every client's validator knows) of each tool's input and output, as tools/list
 * gives them: written from the zod schemas ahead of time (tool-schemas.test.ts checks that it still is), so that
 * client-mcp does not carry zod's JSON Schema generator, a third of zod's code, to every agent session.
 */
const JSON_SCHEMAS = toolSchemas as Record<
  string,
  { inputSchema: Tool['inputSchema']; outputSchema: Tool['outputSchema'] }
>;

/**
 * The tool as served: arguments that do not fit the input schema are a `VALIDATION` tool error naming each
 * problem, so the agent can correct its call; every other failure is a tool error too (`guardTool`).
 */
export function serveTool<Input extends z.ZodMiniObject>(
  definition: ToolDefinition<Input>,
  context: ToolContext,
): ServedTool {
  const { name, title, description, input, annotations } = definition;
  const schemas = JSON_SCHEMAS[name];
  if (schemas === undefined)
    throw new AppError('INTERNAL', `tool-schemas.json has no schemas for ${name}; run its test with -u`);
  return {
    name,
    describe: () => ({ name, title, description, ...schemas, annotations }),
    call(args, call) {
      const parsed = input().safeParse(args);
      if (!parsed.success) {
        const message = `invalid arguments for ${name}: ${schemaProblem(parsed.error)}`;
        return Promise.resolve(errorResult({ code: 'VALIDATION', message }));
      }
      return guardTool(() => definition.run(parsed.data, context, call));
    },
  };
}
