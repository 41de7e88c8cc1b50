/**
 * Files every resource with a `date` field shares, written by the first such resource: the domain's check of a
 * calendar date (in the common module, which the domain may use) and the infrastructure's reading of a date column.
 */
export const CALENDAR_DATE_FILE = 'date/calendar-date.ts';
export const CALENDAR_DATE_EXPORT = "export { isCalendarDate } from './date/calendar-date.js';";

export const CALENDAR_DATE_SOURCE = `/** Whether \`text\` is a calendar date written \`YYYY-MM-DD\` that exists: \`2024-02-29\`, not \`2023-02-29\`. */
export function isCalendarDate(text: string): boolean {
  if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(text)) return false;
  const date = new Date(\`\${text}T00:00:00Z\`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
`;

export const CALENDAR_DATE_TEST_FILE = 'date/calendar-date.test.ts';
export const CALENDAR_DATE_TEST_SOURCE = `import { describe, expect, it } from 'vitest';

import { isCalendarDate } from './calendar-date.js';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2000-02-29', '1999-12-31', '0001-01-01'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each(['2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31', '2024-1-01', '2024-02-29T00:00:00Z', ''])(
    'refuses "%s"',
    (text) => {
      expect(isCalendarDate(text)).toBe(false);
    },
  );
});
`;

/**
 * The infrastructure's reading of a unique column's refusal, written by the first resource with a `!unique` field:
 * each driver names a duplicate its own way, and the gateway reports it as the domain's `CONFLICT`.
 */
export const UNIQUE_VIOLATION_FILE = 'database/unique-violation.ts';

export function uniqueViolationSource(domainModule: string): string {
  return `import { DomainError } from '${domainModule}';

/** Whether \`error\` is a driver refusing a duplicate in a unique column: SQLite's, PostgreSQL's (23505), MySQL's. */
export function isUniqueViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || code === 'ER_DUP_ENTRY';
}

/** Runs \`write\`; a duplicate it writes into a unique column becomes \`DomainError.conflict(message)\`. */
export async function refusingDuplicates<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.conflict(message);
    throw error;
  }
}
`;
}

/**
 * The infrastructure's reading of a foreign key's refusal, written by the first resource with a `ref(…)` field: a
 * write naming a record that does not exist is the domain's `NOT_FOUND`, a delete of a record others still name its
 * `CONFLICT`. SQLite says both with one code, PostgreSQL (23503) too; MySQL has one for each.
 */
export const FOREIGN_KEY_VIOLATION_FILE = 'database/foreign-key-violation.ts';

export function foreignKeyViolationSource(domainModule: string): string {
  return `import { DomainError } from '${domainModule}';

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** Whether \`error\` is a driver refusing a write that names a record which does not exist. */
export function isMissingReference(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503' || code === 'ER_NO_REFERENCED_ROW_2';
}

/** Whether \`error\` is a driver refusing to delete a record that others still name. */
export function isReferencedRecord(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503' || code === 'ER_ROW_IS_REFERENCED_2';
}

/** Runs \`write\`; a record it names that does not exist becomes \`DomainError.notFound(message)\`. */
export async function refusingMissingReferences<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isMissingReference(error)) throw DomainError.notFound(message);
    throw error;
  }
}

/** Runs \`remove\`; a record others still name becomes \`DomainError.conflict(message)\`. */
export async function refusingReferencedDelete<T>(remove: () => Promise<T>, message: string): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    if (isReferencedRecord(error)) throw DomainError.conflict(message);
    throw error;
  }
}
`;
}
