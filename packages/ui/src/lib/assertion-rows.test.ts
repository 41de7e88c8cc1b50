import { describe, expect, it } from 'vitest';
import { newAssertion, rowProblem, withOperator, withSource } from './assertion-rows.js';
import { moveItem, placeItem } from './move-item.js';

describe('editing an assertion row', () => {
  it('starts from status eq 200, which saving accepts', () => {
    expect(newAssertion()).toEqual({ source: 'status', property: '', operator: 'eq', value: '200' });
    expect(rowProblem(newAssertion())).toBeNull();
  });

  it('keeps a property only for sources that name one, and starts a JSONPath at $.', () => {
    const header = withSource(newAssertion(), 'header');
    expect(header.property).toBe('');
    const named = { ...header, property: 'Content-Type' };
    expect(withSource(named, 'header').property).toBe('Content-Type');
    expect(withSource(named, 'jsonpath').property).toBe('$.');
    expect(withSource({ ...named, source: 'jsonpath', property: '$.id' }, 'status').property).toBe('');
  });

  it('drops the value for exists, which takes none, and keeps it for the others', () => {
    const row = { ...newAssertion(), source: 'body' as const, value: 'ok' };
    expect(withOperator(row, 'exists')).toMatchObject({ operator: 'exists', value: '' });
    expect(withOperator(row, 'contains')).toMatchObject({ operator: 'contains', value: 'ok' });
  });

  it('says in plain words what saving would refuse, naming the field', () => {
    expect(rowProblem({ source: 'status', property: '', operator: 'gt', value: 'fast' })).toBe(
      'The value must be a number for gt (or a {{variable}} holding one), not "fast"',
    );
    expect(rowProblem({ source: 'header', property: '', operator: 'exists', value: '' })).toBe(
      'The property must not be empty: name the header, like Content-Type',
    );
    expect(rowProblem({ source: 'body', property: '', operator: 'matches', value: '(' })).toMatch(
      /^The value is not a regular expression/,
    );
    expect(rowProblem({ source: 'responseTime', property: '', operator: 'lt', value: '{{maxMs}}' })).toBeNull();
  });
});

describe('moving items of a list', () => {
  it('moves one place up or down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('puts a dragged item where it is dropped', () => {
    expect(placeItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(placeItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(placeItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
