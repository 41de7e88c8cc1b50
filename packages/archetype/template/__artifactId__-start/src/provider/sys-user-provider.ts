import { type ZodType, z } from 'zod';

import * as api from '@__groupId__/__artifactId__-api';
import type { SysUserAppService } from '@__groupId__/__artifactId__-application';
import { DomainError, type SysUser } from '@__groupId__/__artifactId__-domain';

import { idValueSchema } from '../controller/id-param-schema.js';
import { sysUserBodySchema, sysUserPageQuerySchema } from '../controller/sys-user-schemas.js';
import { domainErrorStatus } from '../web/domain-error-status.js';

const providerIdSchema = z.object({ id: idValueSchema });

function toDTO(sysUser: SysUser): api.SysUserDTO {
  return { id: sysUser.id, name: sysUser.name, age: sysUser.age };
}

/**
 * `SysUserApi` implemented in-process, for callers that reach this service through an RPC transport rather
 * than HTTP. Requests are validated with the same schemas as the HTTP routes; failures are `ApiError`s with
 * the same codes.
 */
export class SysUserProvider implements api.SysUserApi {
  constructor(private readonly sysUsers: SysUserAppService) {}

  page(request: api.SysUserPageRequest): Promise<api.PageResponse<api.SysUserDTO>> {
    return this.call(async () => {
      const { page } = validate(sysUserPageQuerySchema, { page: request });
      const result = await this.sysUsers.page(page);
      return { ...result, list: result.list.map(toDTO) };
    });
  }

  get(id: number): Promise<api.SysUserDTO> {
    return this.call(async () => toDTO(await this.sysUsers.get(validate(providerIdSchema, { id }).id)));
  }

  create(request: api.SysUserCreateRequest): Promise<number> {
    return this.call(() => this.sysUsers.create(validate(sysUserBodySchema, request)));
  }

  update(id: number, request: api.SysUserUpdateRequest): Promise<void> {
    return this.call(() =>
      this.sysUsers.update({ ...validate(providerIdSchema, { id }), ...validate(sysUserBodySchema, request) }),
    );
  }

  delete(id: number): Promise<void> {
    return this.call(() => this.sysUsers.delete(validate(providerIdSchema, { id }).id));
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw new api.ApiError(domainErrorStatus(error), error.message);
      throw error;
    }
  }
}

function validate<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new api.ApiError(api.ResultCode.BAD_REQUEST, z.prettifyError(result.error));
  return result.data;
}
