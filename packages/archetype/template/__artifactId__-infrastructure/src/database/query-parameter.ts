import { type CompiledQuery, type RawBuilder, sql } from 'kysely';

/** Stands in a compiled query for a value each run supplies; `name` is the key of that value. */
class QueryParameter {
  constructor(readonly name: string) {}
}

/** A placeholder for a value given when the query runs (`Database.cachedQuery`): `.limit(param<number>('limit'))`. */
export function param<T>(name: string): RawBuilder<T> {
  return sql<T>`${new QueryParameter(name)}`;
}

/** `compiled` with each `param` placeholder replaced by its value in `values`: bound parameters, never SQL text. */
export function bindParameters<Row>(
  compiled: CompiledQuery<Row>,
  values: Readonly<Record<string, unknown>>,
): CompiledQuery<Row> {
  const parameters = compiled.parameters.map((value) => {
    if (!(value instanceof QueryParameter)) return value;
    if (!Object.hasOwn(values, value.name)) throw new Error(`no value for the query parameter ${value.name}`);
    return values[value.name];
  });
  return { ...compiled, parameters };
}
