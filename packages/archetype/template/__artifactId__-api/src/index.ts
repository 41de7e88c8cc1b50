export { ApiError } from './api-error.js';
export type { ApiResponse } from './api-response.js';
export { SUCCESS_MESSAGE } from './api-response.js';
export type { PageResponse, SortDirectionDTO } from './page-response.js';
export { ResultCode } from './result-code.js';
export type { SysUserApi } from './sys-user/sys-user-api.js';
export { createSysUserClient, sysUserPageQueryString } from './sys-user/sys-user-client.js';
export type {
  SysUserCreateRequest,
  SysUserDTO,
  SysUserPageRequest,
  SysUserSortColumnDTO,
  SysUserUpdateRequest,
} from './sys-user/sys-user-dto.js';
