import { ApiError } from '../api-error.js';
import type { ApiResponse } from '../api-response.js';
import type { PageResponse } from '../page-response.js';
import type { SysUserApi } from './sys-user-api.js';
import type { SysUserCreateRequest, SysUserDTO, SysUserPageRequest, SysUserUpdateRequest } from './sys-user-dto.js';

/** The nested query parameters of `GET /sys-users/page`: `page.pageSize`, `page.sorts[0].column`, … */
export function sysUserPageQueryString(request: SysUserPageRequest): string {
  const params = new URLSearchParams();
  if (request.pageSize !== undefined) params.set('page.pageSize', String(request.pageSize));
  if (request.pageIndex !== undefined) params.set('page.pageIndex', String(request.pageIndex));
  request.sorts?.forEach((sort, i) => {
    params.set(`page.sorts[${i}].column`, sort.column);
    if (sort.direction !== undefined) params.set(`page.sorts[${i}].direction`, sort.direction);
  });
  return params.toString();
}

/** A `SysUserApi` over HTTP; `baseUrl` is e.g. `http://localhost:8080`. Errors become `ApiError`. */
export function createSysUserClient(baseUrl: string, fetchImpl: typeof fetch = fetch): SysUserApi {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchImpl(new URL(path, baseUrl), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const result = (await response.json()) as ApiResponse<T>;
    if (!response.ok) throw new ApiError(result.code, result.msg, result.traceId);
    return result.data;
  }

  return {
    page: (request) => call<PageResponse<SysUserDTO>>('GET', `/sys-users/page?${sysUserPageQueryString(request)}`),
    get: (id) => call<SysUserDTO>('GET', `/sys-users/${id}`),
    create: (request: SysUserCreateRequest) => call<number>('POST', '/sys-users', request),
    update: (id, request: SysUserUpdateRequest) => call<void>('PUT', `/sys-users/${id}`, request),
    delete: (id) => call<void>('DELETE', `/sys-users/${id}`),
  };
}
