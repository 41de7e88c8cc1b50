/** An import or export source as Biome orders them: segment by segment, each without its extension. */
function sourceSegments(source: string): string[] {
  return source.split('/').map((segment) => segment.replace(/\.[jt]s$/, ''));
}

/** Compares two module sources (`./a/b.js`) the way Biome's organizeImports orders them. */
export function compareSources(a: string, b: string): number {
  const left = sourceSegments(a);
  const right = sourceSegments(b);
  for (const [i, segment] of left.entries()) {
    const other = right[i];
    if (other === undefined) break;
    if (segment !== other) return segment < other ? -1 : 1;
  }
  return left.length - right.length;
}

const sourceOf = (line: string) => /from '([^']+)'/.exec(line)?.[1] ?? '';

/** Puts `export … from` lines into a module's index where Biome's organizeImports expects them. */
export function insertExports(index: string, lines: readonly string[]): string {
  const result = index.trimEnd().split('\n');
  for (const line of lines) {
    const at = result.findIndex(
      (existing) => existing.startsWith('export') && compareSources(sourceOf(line), sourceOf(existing)) < 0,
    );
    result.splice(at === -1 ? result.length : at, 0, line);
  }
  return `${result.join('\n')}\n`;
}
