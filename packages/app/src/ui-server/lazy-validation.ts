import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type RouteCompiler = FastifySchemaCompiler<unknown>;
type Validator = ReturnType<RouteCompiler>;
type BuildValidator = BuildCompilerFromPool;

/** A route's validator that compiles on the route's first request, then validates as the compiled one does. */
function lazily(compile: RouteCompiler): RouteCompiler {
  return (route) => {
    let validate: Validator | undefined;
    const lazy: Validator = (data: unknown) => {
      validate ??= compile(route);
      const result = validate(data);
      // Fastify reads why a body was refused from the validator it holds, which is this one.
      lazy.errors = validate.errors ?? null;
      return result;
    };
    return lazy;
  };
}

/**
 * Fastify's own validator compiler (Ajv with Fastify's options), compiling each route's schemas when the route is
 * first called instead of when the server starts: compiling all of the UI server's took about a third of a second
 * of CPU at every start, most of it for routes a session never calls.
 */
export function lazyValidation(): NonNullable<FastifyServerOptions['schemaController']> {
  const pool = AjvCompiler();
  // The pool is declared as returning Ajv's compile; at run time it returns Fastify's route compiler, as this does.
  const buildValidator: BuildValidator = (externalSchemas, options) =>
    lazily(pool(externalSchemas, options) as unknown as RouteCompiler) as unknown as ReturnType<BuildValidator>;
  return { compilersFactory: { buildValidator } };
}
