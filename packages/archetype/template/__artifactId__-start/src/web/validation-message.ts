import type { FastifySchemaValidationError } from 'fastify';

/** `/page/sorts/0/column` → `page.sorts[0].column`, the name the client sent. */
function parameterName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** One line naming every invalid field: `age: Too big: expected number to be <=150; name: …`. */
export function validationMessage(issues: readonly FastifySchemaValidationError[], context?: string): string {
  return issues
    .map((issue) => {
      const name = parameterName(issue.instancePath) || context || 'request';
      return `${name}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}
