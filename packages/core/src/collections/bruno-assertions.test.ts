import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAssertions } from '../assertions/read-assertions.js';
import { brunoAssertions } from './bruno-assertions.js';

const assert = (name: string, value: string, enabled = true) => ({ name, value, enabled });

describe("Bruno's assert rows", () => {
  it('become rows where a row says the same', () => {
    const { rows, script } = brunoAssertions([
      assert('res.status', 'eq 200'),
      assert('res.status', 'neq 500'),
      assert('res.responseTime', 'lt 1000'),
      assert("res.headers['content-type']", 'contains json'),
      assert('res.headers.etag', 'isDefined'),
      assert('res.body', 'isJson'),
      assert('res.body.id', 'isNumber'),
      assert('res.body.name', 'isString'),
      assert('res.body.active', 'isBoolean'),
      assert('res.body.tags', 'isArray'),
      assert('res.body.deleted', 'isNull'),
      assert('res.body.items[0]["sku"]', 'eq "A-1"'),
      assert('res.body.items.length', 'eq 3'),
      assert('res.body.tags', 'length 2'),
      assert('res.body.name', 'matches /^Ch/'),
      assert('res.body.count', 'gte {{min}}'),
      assert('res.body.price', 'lte 9.5', false),
      assert('res.body.title', 'Chair'),
    ]);
    expect(script).toEqual([]);
    expect(rows).toEqual([
      { source: 'status', property: '', operator: 'eq', value: '200' },
      { source: 'status', property: '', operator: 'neq', value: '500' },
      { source: 'responseTime', property: '', operator: 'lt', value: '1000' },
      { source: 'header', property: 'content-type', operator: 'contains', value: 'json' },
      { source: 'header', property: 'etag', operator: 'exists', value: '' },
      { source: 'jsonpath', property: '$', operator: 'isType', value: 'object' },
      { source: 'jsonpath', property: '$.id', operator: 'isType', value: 'number' },
      { source: 'jsonpath', property: '$.name', operator: 'isType', value: 'string' },
      { source: 'jsonpath', property: '$.active', operator: 'isType', value: 'boolean' },
      { source: 'jsonpath', property: '$.tags', operator: 'isType', value: 'array' },
      { source: 'jsonpath', property: '$.deleted', operator: 'isType', value: 'null' },
      { source: 'jsonpath', property: '$.items[0]["sku"]', operator: 'eq', value: 'A-1' },
      { source: 'jsonpath', property: '$.items', operator: 'length', value: '3' },
      { source: 'jsonpath', property: '$.tags', operator: 'length', value: '2' },
      { source: 'jsonpath', property: '$.name', operator: 'matches', value: '^Ch' },
      { source: 'jsonpath', property: '$.count', operator: 'gte', value: '{{min}}' },
      { source: 'jsonpath', property: '$.price', operator: 'lte', value: '9.5', enabled: false },
      { source: 'jsonpath', property: '$.title', operator: 'eq', value: 'Chair' },
    ]);
    expect(readAssertions(rows, 'tests')).toEqual(rows);
  });

  it("become Bruno test lines, checked as Bruno's assert runtime checks them, where rows cannot say it", () => {
    const { rows, script } = brunoAssertions([
      assert('res.status', 'in 200,201'),
      assert('res.status', 'notIn [500, 502]'),
      assert('res.body.name', 'notContains x'),
      assert('res.body.name', 'notMatches ^a'),
      assert('res.body.name', 'startsWith "Ch"'),
      assert('res.body.name', 'endsWith {{suffix}}'),
      assert('res.body.price', 'between 1, 10'),
      assert('res.body.items', 'isEmpty'),
      assert('res.body.items', 'isNotEmpty'),
      assert('res.body.gone', 'isUndefined'),
      assert('res.body.ok', 'isTruthy'),
      assert('res.body.ok', 'isFalsy', false),
      assert('res.body.items.filter((item) => item.on).length', 'gt 0'),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Bruno's own JavaScript in a right-hand side.
      assert('res.body.when', 'eq ${Date.now()}'),
    ]);
    expect(rows).toEqual([]);
    expect(script).toEqual([
      'test("res.status: in 200,201", function () { expect(res.status).to.be.oneOf([200, 201]); });',
      'test("res.status: notIn [500, 502]", function () { expect(res.status).to.not.be.oneOf([500, 502]); });',
      'test("res.body.name: notContains x", function () { expect(res.body.name).to.not.include(`x`); });',
      'test("res.body.name: notMatches ^a", function () { expect(res.body.name).to.not.match(new RegExp("^a")); });',
      'test("res.body.name: startsWith \\"Ch\\"", function () { expect(res.body.name).to.satisfy((text) => String(text).startsWith("Ch")); });',
      'test("res.body.name: endsWith {{suffix}}", function () { expect(res.body.name).to.satisfy((text) => String(text).endsWith(bru.interpolate("{{suffix}}"))); });',
      'test("res.body.price: between 1, 10", function () { expect(res.body.price).to.be.within(...[1, 10]); });',
      'test("res.body.items: isEmpty", function () { expect(res.body.items).to.be.empty; });',
      'test("res.body.items: isNotEmpty", function () { expect(res.body.items).to.not.be.empty; });',
      'test("res.body.gone: isUndefined", function () { expect(res.body.gone).to.be.undefined; });',
      'test("res.body.ok: isTruthy", function () { expect(res.body.ok).to.be.true; });',
      '// switched off: test("res.body.ok: isFalsy", function () { expect(res.body.ok).to.be.false; });',
      'test("res.body.items.filter((item) => item.on).length: gt 0", function () { expect(res.body.items.filter((item) => item.on).length).to.be.greaterThan(0); });',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the test line a Bruno template value becomes.
      'test("res.body.when: eq ${Date.now()}", function () { expect(res.body.when).to.equal(`${Date.now()}`); });',
    ]);
  });

  it('never throws, and every row it gives is one the store accepts', () => {
    const entry = fc.record({
      name: fc.oneof(fc.constantFrom('res.status', 'res.body.a', "res.headers['x']", 'res.body'), fc.string()),
      value: fc.oneof(
        fc
          .tuple(fc.constantFrom('eq', 'in', 'matches', 'length', 'isJson', 'between', 'gt'), fc.string())
          .map(([operator, value]) => `${operator} ${value}`),
        fc.string(),
      ),
      enabled: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(entry, { maxLength: 5 }), fc.jsonValue({ maxDepth: 3 })), (input) => {
        const { rows, script } = brunoAssertions(input);
        expect(readAssertions(rows, 'tests')).toEqual(rows);
        for (const line of script) expect(line).not.toMatch(/[\r\n]/);
      }),
      { numRuns: 500 },
    );
  });
});
