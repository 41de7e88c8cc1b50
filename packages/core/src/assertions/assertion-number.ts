const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * A value as the number an assertion compares, when it is one: a JSON number, or a text that is a decimal number
 * (`200`, `-1.5`, `1e3`); undefined for anything else (`0x10`, `Infinity`, '', a boolean).
 */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !NUMBER.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
