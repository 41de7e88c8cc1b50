import pino from 'pino';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

import type { SysUserDTO } from '@__groupId__/__artifactId__-api';

import { createHttpClient } from './create-http-client.js';
import { defineOperations } from './operation-definition.js';
import type { SysUserHttpClient } from './sys-user-http-client.js';

// Checked by `npm run typecheck`: a wrong type here fails the build, whatever vitest reports.
const client = createHttpClient(
  defineOperations({
    health: { method: 'GET', path: '/health' },
    member: {
      method: 'GET',
      path: '/orgs/:orgId/members/:memberId',
      query: z.object({ expand: z.boolean() }).optional(),
      data: z.object({ id: z.string() }).transform((member) => member.id),
    },
    rename: { method: 'PATCH', path: '/orgs/:orgId', body: z.object({ name: z.string() }), data: z.null() },
  }),
  { name: 'org', baseUrl: 'http://org.test', timeoutMs: 1, slowCallThresholdMs: 1, logger: pino({ enabled: false }) },
);

describe('client method types', () => {
  it('take the path parameters, query and body the definition declares', () => {
    expectTypeOf(client.member).toBeCallableWith({ params: { orgId: 'acme', memberId: 7 } });
    expectTypeOf(client.member).toBeCallableWith({ params: { orgId: 'acme', memberId: 7 }, query: { expand: true } });
    expectTypeOf(client.rename).toBeCallableWith({ params: { orgId: 1 }, body: { name: 'Acme' } });
    // @ts-expect-error the query must fit its schema
    expectTypeOf(client.member).toBeCallableWith({ params: { orgId: 'acme', memberId: 7 }, query: { expand: 1 } });
    // @ts-expect-error the body is required
    expectTypeOf(client.rename).toBeCallableWith({ params: { orgId: 1 } });
    // @ts-expect-error memberId is missing
    expectTypeOf(client.member).toBeCallableWith({ params: { orgId: 1 } });
    expectTypeOf(client.health).toBeCallableWith();
    // @ts-expect-error an operation without path parameters takes none
    expectTypeOf(client.health).toBeCallableWith({ params: { id: 1 } });
  });

  it('resolve to the output of the data schema, or unknown without one', () => {
    expectTypeOf(client.member).returns.resolves.toEqualTypeOf<string>();
    expectTypeOf(client.rename).returns.resolves.toEqualTypeOf<null>();
    expectTypeOf(client.health).returns.resolves.toBeUnknown();
  });

  it('give the sys-user client the DTO types of the api module', () => {
    expectTypeOf<Awaited<ReturnType<SysUserHttpClient['get']>>>().toMatchTypeOf<SysUserDTO>();
    expectTypeOf<Awaited<ReturnType<SysUserHttpClient['page']>>['list'][number]>().toMatchTypeOf<SysUserDTO>();
  });
});
