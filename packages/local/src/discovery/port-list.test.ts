import { describe, expect, it } from 'vitest';
import { formatPorts } from './port-list.js';

describe('formatPorts', () => {
  it('writes consecutive ports as one range', () => {
    expect(
      formatPorts([
        4110, 4111, 4112, 4113, 4114, 4115, 4116, 4117, 4118, 4119, 4120, 4121, 4122, 4123, 4124, 4125, 4126, 4127,
        4128, 4129,
      ]),
    ).toBe('4110–4129');
  });

  it('keeps gaps and single ports visible, in the given order', () => {
    expect(formatPorts([4110, 4111, 5000, 38211, 38212, 38213])).toBe('4110–4111, 5000, 38211–38213');
    expect(formatPorts([4113])).toBe('4113');
    expect(formatPorts([])).toBe('');
  });
});
