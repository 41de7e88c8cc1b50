import { en } from 'zod/locales';
import * as z from 'zod/mini';

// zod/mini ships without messages ("Invalid input" for everything) until a locale is configured.
z.config(en());

/** What a failed check found, in one line: `projectId: Invalid input: expected string, received number`. */
export function schemaProblem(error: z.core.$ZodError, limit = 3): string {
  const issues = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length - limit;
  return more > 0 ? `${issues.join('; ')} (and ${more} more)` : issues.join('; ');
}
