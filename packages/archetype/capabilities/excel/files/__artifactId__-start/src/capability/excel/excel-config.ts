import { z } from 'zod';

import type { ApplicationConfig } from '../../config/application-config.js';

const excelConfigSchema = z.object({
  export: z.object({
    pageSize: z.number().int().min(1).max(10_000),
  }),
  import: z.object({
    maxFileBytes: z.number().int().min(1),
    maxRows: z.number().int().min(1),
  }),
});

export type ExcelConfig = z.infer<typeof excelConfigSchema>;

/** The `excel` section of application.yaml; a missing or wrong key stops the start with the key's path. */
export function readExcelConfig(config: ApplicationConfig): ExcelConfig {
  const result = excelConfigSchema.safeParse(config.excel);
  if (!result.success) {
    throw new Error(`invalid configuration of the excel section:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
