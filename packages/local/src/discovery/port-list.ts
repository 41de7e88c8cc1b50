/** `[4110, 4111, …, 4129]` → `4110–4129`; gaps are kept: `[4110, 4111, 5000]` → `4110–4111, 5000`. */
export function formatPorts(ports: readonly number[]): string {
  const runs: string[] = [];
  let start: number | undefined;
  let previous: number | undefined;
  const close = (): void => {
    if (start === undefined || previous === undefined) return;
    runs.push(start === previous ? String(start) : `${start}–${previous}`);
  };
  for (const port of ports) {
    if (previous !== undefined && port === previous + 1) {
      previous = port;
      continue;
    }
    close();
    start = port;
    previous = port;
  }
  close();
  return runs.join(', ');
}
