/** One thing wrong in an uploaded workbook: the sheet row (1 is the header), the column and why. */
export interface RowProblemVO {
  readonly row: number;
  readonly column: string;
  readonly message: string;
}

/** The answer to a successful import: how many users were created and their ids, in row order. */
export interface SysUserImportVO {
  readonly imported: number;
  readonly ids: readonly number[];
}
