import { z } from 'zod';

/**
 * A positive integer id in a path, written in decimal digits only: `0x1`, `1e0`, `+1` or `1.0` are refused
 * rather than read as 1, and so is anything beyond `Number.MAX_SAFE_INTEGER`.
 */
export const idParamSchema = z
  .string()
  .regex(/^\d{1,16}$/, 'must be a positive integer')
  .meta({ examples: ['1'] })
  .transform(Number)
  .pipe(z.number().int('must be a positive integer').positive().max(Number.MAX_SAFE_INTEGER));

/** An id given as a number (the in-process provider). */
export const idValueSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
