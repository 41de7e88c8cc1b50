import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Every e2e process runs its apps, client-mcp and `client status` on a block of control-plane ports of its own
 * (`CLIENT_PORT_RANGE`), never on 4110–4129: a person's own Client, another test run, or the bystander app that
 * the e2e run starts on purpose must never be found, and test files may then run side by side. A block is
 * leased with a file created exclusively in a directory every run on this machine shares.
 */
const BLOCK_SIZE = 20;
/** 20000–29999: below Linux's ephemeral range (32768+), so outgoing connections never land in a block. */
const FIRST_BLOCK_PORT = 20_000;
const BLOCK_COUNT = 500;
const LEASE_DIR = join(tmpdir(), 'client-e2e-port-leases');
const LEASE_OWNER = 'CLIENT_E2E_PORT_LEASE_PID';

export interface PortRange {
  first: number;
  last: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the block's lease file, or takes it over from a process that died holding it. */
function tryLease(path: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o644 });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) return false;
      rmSync(path, { force: true });
    }
  }
  return false;
}

function leaseBlock(): PortRange {
  mkdirSync(LEASE_DIR, { recursive: true, mode: 0o1777 });
  const start = Math.floor(Math.random() * BLOCK_COUNT);
  for (let offset = 0; offset < BLOCK_COUNT; offset++) {
    const first = FIRST_BLOCK_PORT + ((start + offset) % BLOCK_COUNT) * BLOCK_SIZE;
    const path = join(LEASE_DIR, String(first));
    if (tryLease(path)) {
      process.once('exit', () => rmSync(path, { force: true }));
      return { first, last: first + BLOCK_SIZE - 1 };
    }
  }
  throw new Error(`every control-plane port block under ${LEASE_DIR} is leased by a live process`);
}

/**
 * The port block of this test process, leased on first use and set as `CLIENT_PORT_RANGE` in its environment,
 * which every app, `client` command and client-mcp it starts inherits.
 */
export function testPortRange(): PortRange {
  const current = /^(\d+)-(\d+)$/.exec(process.env.CLIENT_PORT_RANGE ?? '');
  if (current !== null && process.env[LEASE_OWNER] === String(process.pid)) {
    return { first: Number(current[1]), last: Number(current[2]) };
  }
  const range = leaseBlock();
  process.env.CLIENT_PORT_RANGE = `${range.first}-${range.last}`;
  process.env[LEASE_OWNER] = String(process.pid);
  return range;
}

/** The ports of this test process's block, in the order the app tries them. */
export function testPorts(): number[] {
  const { first, last } = testPortRange();
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** `20000–20019`, as the app and client-mcp write a range in their messages. */
export function testPortsText(): string {
  const { first, last } = testPortRange();
  return `${first}–${last}`;
}
