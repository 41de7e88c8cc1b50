import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchEntries, type Searchable, searchText } from './palette-match.js';

const entries: Searchable[] = [
  { label: 'List users', detail: 'GET /users' },
  { label: 'Create user', detail: 'POST /users' },
  { label: 'Hide sidebar', detail: 'Ctrl+B' },
  { label: 'Put the response below' },
  { label: 'Endpoint 09876', detail: 'GET /items/9876' },
  { label: 'Endpoint 9876', detail: 'GET /items/876' },
];
const haystack = entries.map(searchText);
const labels = (query: string, limit = 10) => matchEntries(entries, haystack, query, limit).map((m) => m.entry.label);

describe('matchEntries', () => {
  it('keeps the list in its order, up to the limit, for an empty query', () => {
    expect(labels('   ', 3)).toEqual(['List users', 'Create user', 'Hide sidebar']);
  });

  it('finds words with letters left out, ignoring case, and ranks a whole word first', () => {
    expect(labels('usr')).toEqual(expect.arrayContaining(['List users', 'Create user']));
    expect(labels('SIDEBAR')).toEqual(['Hide sidebar']);
    expect(labels('9876')[0]).toBe('Endpoint 9876');
  });

  it('takes the words of the query in any order', () => {
    expect(labels('below put')).toEqual(['Put the response below']);
  });

  it('says which parts matched, as ranges of the searched text', () => {
    const [match] = matchEntries(entries, haystack, 'sidebar', 10);
    expect(match?.ranges).toEqual([5, 12]);
    expect(searchText(entries[2] as Searchable).slice(5, 12)).toBe('sidebar');
  });

  it('finds a name with one letter wrong, swapped, left out or added, when nothing matches as typed', () => {
    expect(labels('sidebra')).toEqual(['Hide sidebar']);
    expect(labels('respanse')).toEqual(['Put the response below']);
    expect(labels('respnse')).toEqual(['Put the response below']);
    expect(labels('Creatte')).toEqual(['Create user']);
  });

  it('finds nothing for a query that is in no entry', () => {
    expect(labels('zzzz')).toEqual([]);
  });

  it('answers any query with entries of the list, at most the limit, and ranges inside their text', () => {
    const many = Array.from({ length: 3000 }, (_, index) => ({
      label: `Endpoint ${index}`,
      detail: `GET /a/${index}`,
    }));
    const manyHaystack = many.map(searchText);
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.integer({ min: 1, max: 60 }), (query, limit) => {
        for (const [list, texts] of [
          [entries, haystack],
          [many, manyHaystack],
        ] as const) {
          const found = matchEntries(list, texts, query, limit);
          expect(found.length).toBeLessThanOrEqual(limit);
          for (const { entry, ranges } of found) {
            expect(list).toContain(entry);
            expect(ranges.length % 2).toBe(0);
            for (const bound of ranges) expect(bound).toBeLessThanOrEqual(searchText(entry).length);
          }
        }
      }),
    );
  });
});
