import type { SortDirectionDTO } from '../page-response.js';

export interface SysUserDTO {
  readonly id: number;
  readonly name: string;
  readonly age: number;
}

/** `name`: 1–64 characters after trimming; `age`: an integer from 0 to 150. */
export interface SysUserCreateRequest {
  readonly name: string;
  readonly age: number;
}

export type SysUserUpdateRequest = SysUserCreateRequest;

export type SysUserSortColumnDTO = 'id' | 'name' | 'age';

/** Defaults: `pageSize` 20 (at most 100), `pageIndex` 1, each sort `DESC`. */
export interface SysUserPageRequest {
  readonly pageSize?: number;
  readonly pageIndex?: number;
  readonly sorts?: readonly { readonly column: SysUserSortColumnDTO; readonly direction?: SortDirectionDTO }[];
}
