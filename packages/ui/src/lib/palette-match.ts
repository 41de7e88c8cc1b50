import uFuzzy from '@leeoniya/ufuzzy';

/** What the palette searches in an entry: its label, then a detail such as an endpoint's path. */
export interface Searchable {
  label: string;
  detail?: string;
}

/** An entry that matched, with the matched parts of `searchText(entry)` as [start, end) pairs, flat. */
export interface PaletteMatch<T> {
  entry: T;
  ranges: number[];
}

let matcher: uFuzzy | null = null;
let typoMatcher: uFuzzy | null = null;

/**
 * Each term of the query may skip letters inside a word ("usr" finds "users"), in any order of the terms. Made at
 * the first search, not when the page loads: it builds an `Intl.Collator`, which reads the locale's collation data.
 */
function fuzzy(): uFuzzy {
  matcher ??= new uFuzzy({ intraIns: Infinity });
  return matcher;
}

/**
 * Each term of five letters or more may hold one typo past its first letter: a letter wrong, swapped with the next,
 * left out or added ("ordres" finds "orders"); a term of three or four letters, one swap. Tried only when the query
 * matches nothing as typed, so a typo never pushes exact matches down the list.
 */
function typoFuzzy(): uFuzzy {
  typoMatcher ??= new uFuzzy({ intraMode: 1 });
  return typoMatcher;
}

/** How many orders of the query's terms are tried: a few words, typed in any order. */
const TERM_ORDERS = 3;

export function searchText(entry: Searchable): string {
  return entry.detail === undefined ? entry.label : `${entry.label} ${entry.detail}`;
}

/**
 * The entries that match `query`, best first, at most `limit`; an empty query keeps the list as it is. Matching
 * ignores case; a query of punctuation alone matches nothing rather than everything.
 */
export function matchEntries<T extends Searchable>(
  entries: readonly T[],
  haystack: readonly string[],
  query: string,
  limit: number,
): PaletteMatch<T>[] {
  const needle = query.trim();
  if (needle === '') return entries.slice(0, limit).map((entry) => ({ entry, ranges: [] }));
  // Every match is ranked (ranking 10,000 endpoints takes a few tens of milliseconds at worst, for one letter).
  const search = (engine: uFuzzy) => engine.search(haystack as string[], needle, TERM_ORDERS, Number.POSITIVE_INFINITY);
  let [indexes, info, order] = search(fuzzy());
  if (indexes === null || indexes.length === 0) [indexes, info, order] = search(typoFuzzy());
  if (indexes === null || info === null || order === null) return [];
  const picked: PaletteMatch<T>[] = [];
  for (const position of order.slice(0, limit)) {
    const entry = entries[info.idx[position] as number];
    if (entry !== undefined) picked.push({ entry, ranges: info.ranges[position] ?? [] });
  }
  return picked;
}
