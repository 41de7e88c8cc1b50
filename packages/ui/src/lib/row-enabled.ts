/** The row switched on (without `enabled`, as a row that was never off, so saving it changes nothing) or off. */
export function withEnabled<T extends { enabled?: boolean }>(row: T, enabled: boolean): T {
  const { enabled: _previous, ...rest } = row;
  return (enabled ? rest : { ...rest, enabled: false }) as T;
}
