/**
 * The layout both directions share: one worksheet whose first row names the columns, then one user per row.
 * An export writes `id`, `name`, `age`; an import reads `name` and `age` wherever they stand and ignores any
 * other column, so an exported file imports as new users.
 */
export const SYS_USER_SHEET = {
  name: 'sys-users',
  fileName: 'sys-users.xlsx',
  exportColumns: [
    { header: 'id', width: 10 },
    { header: 'name', width: 32 },
    { header: 'age', width: 8 },
  ],
  importColumns: ['name', 'age'],
} as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
