import { z } from 'zod';

import type {
  PageResponse,
  SysUserCreateRequest,
  SysUserDTO,
  SysUserPageRequest,
  SysUserUpdateRequest,
} from '@__groupId__/__artifactId__-api';

import type { HttpClients } from './http-clients.js';
import { defineOperations, type HttpClient } from './operation-definition.js';

// Each schema is checked against the DTO of the api module, so a contract change there breaks the build here.
const sysUserSchema = z.object({ id: z.number().int(), name: z.string(), age: z.number().int() }) satisfies z.ZodType<
  SysUserDTO,
  unknown
>;

const sysUserPageSchema = z.object({
  list: z.array(sysUserSchema),
  totalCount: z.number().int(),
  pageSize: z.number().int(),
  pageIndex: z.number().int(),
}) satisfies z.ZodType<PageResponse<SysUserDTO>, unknown>;

const pageQuerySchema = z.object({
  page: z.object({
    pageSize: z.number().int().positive().optional(),
    pageIndex: z.number().int().positive().optional(),
    sorts: z
      .array(z.object({ column: z.enum(['id', 'name', 'age']), direction: z.enum(['ASC', 'DESC']).optional() }))
      .optional(),
  }) satisfies z.ZodType<SysUserPageRequest>,
});

const sysUserBodySchema = z.object({ name: z.string(), age: z.number().int() }) satisfies z.ZodType<
  SysUserCreateRequest & SysUserUpdateRequest
>;

/** The sample user API of a service made from this archetype (this one, by default), called over HTTP. */
export const sysUserOperations = defineOperations({
  page: { method: 'GET', path: '/sys-users/page', query: pageQuerySchema, data: sysUserPageSchema },
  get: { method: 'GET', path: '/sys-users/:id', data: sysUserSchema },
  create: { method: 'POST', path: '/sys-users', body: sysUserBodySchema, data: z.number().int() },
  update: { method: 'PUT', path: '/sys-users/:id', body: sysUserBodySchema, data: z.null() },
  delete: { method: 'DELETE', path: '/sys-users/:id', data: z.null() },
});

export type SysUserHttpClient = HttpClient<typeof sysUserOperations>;

/** The client configured as `httpClient.clients.sysUser`. */
export function createSysUserHttpClient(clients: HttpClients): SysUserHttpClient {
  return clients.create('sysUser', sysUserOperations);
}
