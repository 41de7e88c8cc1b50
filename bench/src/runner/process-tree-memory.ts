import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Proportional set size of a process in bytes (its private pages, and its share of the ones it shares), from /proc. */
export function proportionalBytes(pid: number): number {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const match = /^Pss:\s+(\d+) kB$/m.exec(rollup);
  if (match === null) throw new Error(`no Pss in /proc/${pid}/smaps_rollup`);
  return Number(match[1]) * 1024;
}

/** Each live process's parent, read from /proc/<pid>/stat (the field after the parenthesised command name). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return parentOf;
}

function executableOf(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return '';
  }
}

/**
 * Summed PSS of every descendant of `root` whose executable's path contains `program` — a browser's processes
 * (browser, zygotes, renderers, network and utility services) started by this process, leaving out the others it
 * started (the app, servers).
 */
export function descendantsProportionalBytes(root: number, program: string): { bytes: number; processes: number } {
  const parentOf = parents();
  const inTree = (pid: number): boolean => {
    for (let at = parentOf.get(pid); at !== undefined && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  };
  let bytes = 0;
  let processes = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid) || !executableOf(pid).includes(program)) continue;
    try {
      bytes += proportionalBytes(pid);
      processes += 1;
    } catch {
      // Exited while being measured.
    }
  }
  return { bytes, processes };
}
