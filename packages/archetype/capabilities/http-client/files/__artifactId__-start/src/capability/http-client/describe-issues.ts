import type { z } from 'zod';

/** A schema failure on one line: `body.age: Too big: expected number to be <=150; body.name: …`. */
export function describeIssues(error: z.ZodError, root: string): string {
  return error.issues.map((issue) => `${[root, ...issue.path.map(String)].join('.')}: ${issue.message}`).join('; ');
}
