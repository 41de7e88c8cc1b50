import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { pageVoSchema } from '../vo/page-vo.js';
import { sysUserVoSchema } from '../vo/sys-user-vo.js';
import { responseSerializerCompiler } from './response-serializer.js';
import { apiResponseSchema } from './unified-response.js';

const pageBody = apiResponseSchema(pageVoSchema(sysUserVoSchema));
const serialize = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/sys-users/page', httpStatus: '200' });

const user = fc.record({
  id: fc.integer({ min: 1 }),
  // Any UTF-16 text, lone surrogates and control characters included: both must escape them alike.
  name: fc.string({ unit: 'binary', maxLength: 64 }),
  age: fc.integer({ min: 0, max: 150 }),
});
const page = fc.record({
  code: fc.constant(200 as const),
  data: fc.record({
    list: fc.array(user, { maxLength: 20 }),
    totalCount: fc.nat(),
    pageSize: fc.integer({ min: 1, max: 1000 }),
    pageIndex: fc.integer({ min: 1 }),
  }),
  msg: fc.constant('success' as const),
});

describe('responseSerializerCompiler', () => {
  it('writes every valid body exactly as JSON.stringify writes what the zod schema keeps of it', () => {
    const write = serialize(pageBody);
    fc.assert(
      fc.property(page, (body) => {
        expect(write(body)).toBe(JSON.stringify(pageBody.parse(body)));
      }),
    );
  });

  it('sends only the properties the schema names', () => {
    const write = serialize(pageBody);
    const body = { code: 200, data: { list: [{ id: 1, name: 'alice', age: 20, password: 'x' }] }, msg: 'success' };
    const withCounts = { ...body, data: { ...body.data, totalCount: 1, pageSize: 20, pageIndex: 1 }, secret: 1 };
    expect(JSON.parse(write(withCounts))).toEqual({
      code: 200,
      data: { list: [{ id: 1, name: 'alice', age: 20 }], totalCount: 1, pageSize: 20, pageIndex: 1 },
      msg: 'success',
    });
  });

  it('refuses a body that lacks what the schema requires or has a value of another type', () => {
    const write = serialize(sysUserVoSchema);
    expect(() => write({ id: 1, name: 'alice' })).toThrow(/age/);
    expect(() => write({ id: 'one', name: 'alice', age: 20 })).toThrow();
  });

  it('writes null data and JSON Schema given as it is', () => {
    expect(serialize(apiResponseSchema(z.null()))({ code: 200, data: null, msg: 'success' })).toBe(
      '{"code":200,"data":null,"msg":"success"}',
    );
    expect(serialize({ type: 'object', properties: { ok: { type: 'boolean' } } })({ ok: true, no: 1 })).toBe(
      '{"ok":true}',
    );
  });
});
