import { z } from 'zod';

/** One thing wrong in an uploaded workbook: the sheet row (1 is the header), the column and why. */
export const rowProblemVoSchema = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export type RowProblemVO = Readonly<z.infer<typeof rowProblemVoSchema>>;

/** The answer to a successful import: how many users were created and their ids, in row order. */
export const sysUserImportVoSchema = z.object({
  imported: z.number().int(),
  ids: z.array(z.number().int()).readonly(),
});

export type SysUserImportVO = Readonly<z.infer<typeof sysUserImportVoSchema>>;
