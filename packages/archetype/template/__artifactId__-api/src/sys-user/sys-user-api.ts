import type { PageResponse } from '../page-response.js';
import type { SysUserCreateRequest, SysUserDTO, SysUserPageRequest, SysUserUpdateRequest } from './sys-user-dto.js';

/**
 * The user service as other services see it. `createSysUserClient` implements it over HTTP; the start module's
 * provider implements it in-process. Changing a DTO field here is a contract change.
 */
export interface SysUserApi {
  page(request: SysUserPageRequest): Promise<PageResponse<SysUserDTO>>;
  get(id: number): Promise<SysUserDTO>;
  /** Returns the new user's id. */
  create(request: SysUserCreateRequest): Promise<number>;
  update(id: number, request: SysUserUpdateRequest): Promise<void>;
  delete(id: number): Promise<void>;
}
