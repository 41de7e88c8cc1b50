/** How long one test file took, from its import to its last hook. */
export interface FileDuration {
  readonly file: string;
  readonly project: string;
  readonly durationMs: number;
}

/** The `count` slowest files, slowest first, one line each: rank, seconds, project and file. */
export function slowestFilesLines(files: ReadonlyArray<FileDuration>, count = 10): string[] {
  const slowest = [...files].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
  const width = String(slowest.length).length;
  return [
    `Slowest ${slowest.length} test files:`,
    ...slowest.map(
      (entry, index) =>
        `${String(index + 1).padStart(width)}. ${(entry.durationMs / 1000).toFixed(1).padStart(6)} s  [${entry.project}] ${entry.file}`,
    ),
  ];
}
