import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

import { describe, expect, it } from 'vitest';

import { SysUser } from '@__groupId__/__artifactId__-domain';

import { writeSysUserWorkbook } from './sys-user-workbook-writer.js';

const TOTAL = 1_000_000;
const PAGE_SIZE = 250;
const PAGES = TOTAL / PAGE_SIZE;

/** Users 1..TOTAL, counting the pieces asked for. */
function fakeUsers() {
  return {
    asked: 0,
    async listAfter(afterId: number, limit: number): Promise<SysUser[]> {
      this.asked++;
      const count = Math.max(0, Math.min(limit, TOTAL - afterId));
      return Array.from({ length: count }, (_, i) => SysUser.restore(afterId + i + 1, { name: 'user', age: 30 }));
    },
  };
}

/** The number of pieces asked for once it stops changing for 200 ms (or after 10 s). */
async function settledAsks(users: { asked: number }): Promise<number> {
  let previous = -1;
  for (let i = 0; i < 50 && users.asked !== previous; i++) {
    previous = users.asked;
    await delay(200);
  }
  return users.asked;
}

describe('writeSysUserWorkbook', () => {
  it('stops asking for users while nobody reads the workbook', async () => {
    const users = fakeUsers();
    const output = new PassThrough();
    const writing = writeSysUserWorkbook(users, output, PAGE_SIZE);
    expect(await settledAsks(users)).toBeLessThan(PAGES);
    output.destroy();
    await writing;
  });

  it('stops reading once the output is closed', async () => {
    const users = fakeUsers();
    const output = new PassThrough();
    output.resume();
    const writing = writeSysUserWorkbook(users, output, PAGE_SIZE);
    await delay(100);
    output.destroy();
    await writing;
    const askedAtClose = users.asked;
    await delay(200);
    expect(users.asked).toBe(askedAtClose);
    expect(askedAtClose).toBeLessThan(PAGES);
  });
});
