import { afterEach, describe, expect, it } from 'vitest';
import { resolveControlPlanePorts } from './control-plane-ports.js';
import { buildFlavor } from './flavor.js';

const DEFAULT_PORTS = Array.from({ length: 20 }, (_, index) => 4110 + index);

afterEach(() => {
  globalThis.__CLIENT_BUILD_FLAVOR__ = undefined;
});

describe('resolveControlPlanePorts', () => {
  it('uses 4110–4129 when CLIENT_PORT_RANGE is unset or empty', () => {
    expect(resolveControlPlanePorts({})).toEqual(DEFAULT_PORTS);
    expect(resolveControlPlanePorts({ CLIENT_PORT_RANGE: '' })).toEqual(DEFAULT_PORTS);
  });

  it('uses the range CLIENT_PORT_RANGE names in a build run from the source tree', () => {
    expect(resolveControlPlanePorts({ CLIENT_PORT_RANGE: '21000-21002' })).toEqual([21000, 21001, 21002]);
    expect(resolveControlPlanePorts({ CLIENT_PORT_RANGE: '30000-30000' })).toEqual([30000]);
  });

  it('never honours CLIENT_PORT_RANGE in a release build, whatever CLIENT_FLAVOR says', () => {
    globalThis.__CLIENT_BUILD_FLAVOR__ = 'release';
    expect(buildFlavor()).toBe('release');
    expect(resolveControlPlanePorts({ CLIENT_PORT_RANGE: '21000-21019' })).toEqual(DEFAULT_PORTS);
    expect(resolveControlPlanePorts({ CLIENT_PORT_RANGE: '21000-21019', CLIENT_FLAVOR: 'dev' })).toEqual(DEFAULT_PORTS);
  });

  it.each(['21000', '21000-', 'a-b', '80-90', '21010-21000', '65000-65536', '20000-20100', ' 21000-21001'])(
    'refuses CLIENT_PORT_RANGE=%j with VALIDATION naming the variable',
    (range) => {
      expect(() => resolveControlPlanePorts({ CLIENT_PORT_RANGE: range })).toThrow(
        expect.objectContaining({ code: 'VALIDATION', message: expect.stringContaining('CLIENT_PORT_RANGE') }),
      );
    },
  );
});
