import type { CreateSysUserCommand } from '@__groupId__/__artifactId__-application';

import { sysUserBodySchema } from '../../controller/sys-user-schemas.js';
import type { RowProblemVO } from './sys-user-import-vo.js';
import type { SysUserSheetRow } from './sys-user-workbook-reader.js';

export type SysUserRowCheck =
  | { readonly ok: true; readonly commands: readonly CreateSysUserCommand[] }
  | { readonly ok: false; readonly problems: readonly RowProblemVO[] };

/**
 * Checks every row against the body schema of `POST /sys-users`, so a row is accepted exactly when the same
 * user sent alone would be, and reports every problem of every row rather than stopping at the first.
 */
export function validateSysUserRows(rows: readonly SysUserSheetRow[]): SysUserRowCheck {
  const commands: CreateSysUserCommand[] = [];
  const problems: RowProblemVO[] = [];
  for (const { row, name, age } of rows) {
    const result = sysUserBodySchema.safeParse({ name, age });
    if (result.success) commands.push(result.data);
    else {
      for (const issue of result.error.issues) {
        problems.push({ row, column: issue.path.join('.'), message: issue.message });
      }
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, commands };
}
