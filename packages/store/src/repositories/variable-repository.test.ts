import { describe, expect, it } from 'vitest';
import { useTempStores } from '../store.test-support.js';

const temp = useTempStores();

describe('project variables', () => {
  it('sets, reads and lists variables in the order they were first set; replacing keeps the place', () => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop' });
    store.variables.set(id, 'base_url', 'https://a.test');
    store.variables.set(id, 'version', 'v1');
    expect(store.variables.set(id, 'base_url', 'https://b.test')).toEqual({
      projectId: id,
      key: 'base_url',
      value: 'https://b.test',
    });
    store.variables.set(id, 'empty', '');
    expect(store.variables.list(id)).toEqual([
      { projectId: id, key: 'base_url', value: 'https://b.test' },
      { projectId: id, key: 'version', value: 'v1' },
      { projectId: id, key: 'empty', value: '' },
    ]);
    expect(store.variables.get(id, 'base_url')).toBe('https://b.test');
    expect(store.variables.get(id, 'missing')).toBeUndefined();
  });

  it('keeps variables apart per project', () => {
    const store = temp.open();
    const shop = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.test' });
    const billing = store.projects.create({ name: 'Billing', baseUrl: 'https://billing.test' });
    expect(store.variables.get(shop.id, 'base_url')).toBe('https://shop.test');
    expect(store.variables.get(billing.id, 'base_url')).toBe('https://billing.test');
  });

  it('deletes a variable and answers NOT_FOUND for one that does not exist', () => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop', baseUrl: 'https://shop.test' });
    store.variables.delete(id, 'base_url');
    expect(store.variables.list(id)).toEqual([]);
    expect(() => store.variables.delete(id, 'base_url')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('no variable "base_url"') }),
    );
  });

  it('answers NOT_FOUND for a project that does not exist', () => {
    const store = temp.open();
    expect(() => store.variables.set('p-404', 'a', 'b')).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND', message: expect.stringContaining('"p-404"') }),
    );
    expect(() => store.variables.list('p-404')).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it.each([
    ['', 'variable key must not be empty'],
    ['a{b', 'variable key "a{b" must not contain { or }; it is used as {{a{b}}'],
  ])('refuses the key %j with VALIDATION', (key, message) => {
    const store = temp.open();
    const { id } = store.projects.create({ name: 'Shop' });
    expect(() => store.variables.set(id, key, 'x')).toThrow(expect.objectContaining({ code: 'VALIDATION', message }));
  });
});
