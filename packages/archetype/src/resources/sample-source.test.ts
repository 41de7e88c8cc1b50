import { describe, expect, it } from 'vitest';

import { ARCHETYPES } from '../archetype-catalog.js';
import { ArchetypeError } from '../archetype-error.js';
import { parseResourceName } from './resource-name.js';
import { replaceLinesBetween, replaceOnce } from './sample-edits.js';
import { readSampleFiles, renameSample, SAMPLE_FILES } from './sample-source.js';

const spec = (name: string) => ({ name: parseResourceName(name), fields: [], modulePrefix: '@com.acme/shop' });
const parameters = { groupId: 'com.acme', artifactId: 'shop', version: '1.0.0', package: 'com.acme.shop' };

describe('renameSample', () => {
  it('gives every name of the sample, in code and in prose, the resource its own', () => {
    const text = [
      "import { SysUser } from '@com.acme/shop-domain';",
      'export const SYS_USER_RULES = {};',
      "const path = '/sys-users/:id'; // sys-user, table sys_user",
      'function update(sysUser: SysUser, sysUsers: SysUser[]) {}',
      '/** A user, a user or users: Users. The user. */',
    ].join('\n');
    expect(renameSample(text, spec('order'))).toBe(
      [
        "import { Order } from '@com.acme/shop-domain';",
        'export const ORDER_RULES = {};',
        "const path = '/orders/:id'; // order, table order",
        'function update(order: Order, orders: Order[]) {}',
        '/** An order, an order or orders: Orders. The order. */',
      ].join('\n'),
    );
  });

  it('renames each name once, so a resource whose name holds "user" is not renamed again', () => {
    const renamed = spec('super-user');
    expect(renameSample('sys-user sysUsers SysUser users a user', renamed)).toBe(
      'super-user superUsers SuperUser super users a super user',
    );
  });
});

describe('the sample files', () => {
  it('are all in the template, rendered with the project parameters', async () => {
    const sample = await readSampleFiles(ARCHETYPES[0].templateDir, parameters);
    expect(Object.keys(sample)).toEqual(Object.keys(SAMPLE_FILES));
    expect(sample.gateway).toContain("from '@com.acme/shop-common'");
    expect(Object.values(sample).join('\n')).not.toContain('__groupId__');
  });
});

describe('the edits of a sample file', () => {
  it('refuse a sample that no longer has what they change, naming the file', () => {
    const refused = (edit: () => unknown) => {
      try {
        edit();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const once = refused(() => replaceOnce('a a', 'x.ts', /a/, 'b'));
    expect(once).toBeInstanceOf(ArchetypeError);
    expect(once).toMatchObject({ code: 'TEMPLATE', message: expect.stringContaining('x.ts') });
    expect(refused(() => replaceLinesBetween('a\nb', 'y.ts', /^a$/, /^c$/, []))).toMatchObject({ code: 'TEMPLATE' });
    expect(replaceLinesBetween('{\n1\n2\n}\n', 'z.ts', /^\{$/, /^\}$/, ['3'])).toBe('{\n3\n}\n');
  });
});
