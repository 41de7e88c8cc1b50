/**
 * Splits a schema script into statements: a statement ends with `;` at the end of a line, and lines starting
 * with `--` are comments. Enough for the project's own `schema*.sql` files, not a general SQL parser.
 */
export function splitSqlScript(script: string): string[] {
  return script
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((statement) =>
      statement
        .split(/\r?\n/)
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => statement.length > 0);
}
