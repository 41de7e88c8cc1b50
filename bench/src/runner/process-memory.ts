import { readFileSync } from 'node:fs';

/** Resident set size of a process in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Lets a freshly started or freshly loaded process settle (lazy loading, timers, GC) before it is measured. */
export function settle(ms = 1_000): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
