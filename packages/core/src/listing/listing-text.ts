/**
 * How a listing says when and how many, shared by the UI and by the first screen the UI server draws before the
 * UI's scripts run, which must read the same.
 */

/**
 * `3 min ago`, or the date for anything older than a day, in `locale` (the runtime's own when it is absent or not a
 * language tag).
 */
export function formatWhen(iso: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(iso);
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  if (seconds < 45) return 'just now';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h ago`;
  try {
    return then.toLocaleDateString(locale);
  } catch {
    return then.toLocaleDateString();
  }
}

/** `1 endpoint`, `3 endpoints`: a count with its noun (regular plurals only). */
export function counted(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
