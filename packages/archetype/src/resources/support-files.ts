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
