import { type CompiledQuery, type RawBuilder, sql } from 'kysely';

/** Stands in a compiled query for a value each run supplies; `name` is the key of that value. */
class Parameter {
  constructor(readonly name: string) {}
}

/** A placeholder for a value supplied when the query runs: `.limit(parameter<number>('limit'))`. */
export function parameter<T>(name: string): RawBuilder<T> {
  return sql<T>`${new Parameter(name)}`;
}

/**
 * A query built and compiled once, run many times with different values. Building and compiling a Kysely
 * query on every call costs more than SQLite takes to run a small one; a query whose SQL text is fixed (or
 * fixed per key, such as a page's sort order) is compiled once with `parameter` placeholders, and `with` gives
 * the compiled query of one run. The values are bound parameters, never SQL text.
 */
export class PreparedQuery<Row> {
  constructor(private readonly compiled: CompiledQuery<Row>) {}

  /** The compiled query with every placeholder replaced by its value in `values`. */
  with(values: Readonly<Record<string, unknown>> = {}): CompiledQuery<Row> {
    const parameters = this.compiled.parameters.map((value) => {
      if (!(value instanceof Parameter)) return value;
      if (!Object.hasOwn(values, value.name)) throw new Error(`no value for the query parameter ${value.name}`);
      return values[value.name];
    });
    return { ...this.compiled, parameters };
  }
}
