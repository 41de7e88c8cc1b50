import type { z } from 'zod';

import type { PathParameterNames, PathParameterValue } from './path-template.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One remote operation, declared once; the client method's argument and result types follow from it. */
export interface OperationDefinition {
  readonly method: HttpMethod;
  /** `/sys-users/:id`: each whole segment `:name` is a path parameter. */
  readonly path: string;
  /** Validates the query object before the call; nested objects and arrays become `a.b` and `a[0]`. */
  readonly query?: z.ZodType;
  /** Validates the JSON body before the call. */
  readonly body?: z.ZodType;
  /** Validates the unwrapped `data` of the answer. Without it the method returns `unknown`. */
  readonly data?: z.ZodType;
}

export type OperationDefinitions = Readonly<Record<string, OperationDefinition>>;

/** Per call, on top of what the definition says. */
export interface CallOptions {
  /** Extra request headers, e.g. `authorization`. */
  readonly headers?: Readonly<Record<string, string>>;
}

type ParametersInput<Path extends string> = [PathParameterNames<Path>] extends [never]
  ? { readonly params?: never }
  : { readonly params: Readonly<Record<PathParameterNames<Path>, PathParameterValue>> };

/** `query` or `body`: required when the schema refuses `undefined`, optional when it accepts it. */
type SchemaInput<Key extends 'query' | 'body', Schema> = Schema extends z.ZodType
  ? undefined extends z.input<Schema>
    ? { readonly [K in Key]?: z.input<Schema> }
    : { readonly [K in Key]: z.input<Schema> }
  : { readonly [K in Key]?: never };

type DefinitionSchema<Definition, Key extends 'query' | 'body' | 'data'> = Definition extends {
  readonly [K in Key]: infer Schema extends z.ZodType;
}
  ? Schema
  : undefined;

/** The argument of a client method: `{params, query, body}`, each present when the definition needs it. */
export type OperationInput<Definition extends OperationDefinition> = ParametersInput<Definition['path']> &
  SchemaInput<'query', DefinitionSchema<Definition, 'query'>> &
  SchemaInput<'body', DefinitionSchema<Definition, 'body'>>;

/** What a client method resolves to: the validated `data`, or `unknown` when there is no `data` schema. */
export type OperationResult<Definition extends OperationDefinition> =
  DefinitionSchema<Definition, 'data'> extends z.ZodType ? z.output<DefinitionSchema<Definition, 'data'>> : unknown;

type OperationMethod<Definition extends OperationDefinition> =
  // A method that needs nothing may be called without an argument.
  Record<never, never> extends OperationInput<Definition>
    ? (input?: OperationInput<Definition>, options?: CallOptions) => Promise<OperationResult<Definition>>
    : (input: OperationInput<Definition>, options?: CallOptions) => Promise<OperationResult<Definition>>;

/** One method per operation. */
export type HttpClient<Operations extends OperationDefinitions> = {
  readonly [Name in keyof Operations]: OperationMethod<Operations[Name]>;
};

/** Declares a client's operations, keeping each path as a literal type so its `:params` are typed. */
export function defineOperations<const Operations extends OperationDefinitions>(operations: Operations): Operations {
  return operations;
}
