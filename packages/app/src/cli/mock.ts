import { ensureDataDir } from '@client/local';
import { openStore } from '@client/store';
import { createMockControl } from '../mocks/create-mock-control.js';
import { createLineLogger } from '../runtime/line-logger.js';
import { setReadyFlags } from '../runtime/v8-flags.js';
import { batchedWrites } from './batched-writes.js';
import type { CliOutput } from './cli-output.js';
import { resolveProject } from './collection-import.js';
import type { CliInstall } from './install-location.js';
import type { MockCliInput } from './mock-arguments.js';
import { formatMockLogLine } from './mock-log-line.js';
import { waitForStopSignal } from './stop-signal.js';

/**
 * `client mock`: serves one project (or folder) as a mock on 127.0.0.1 until Ctrl-C or SIGTERM, printing its address
 * and then a line per request. It opens the data dir's database itself, as `client run` does, so it works whether
 * the app runs or not; the mock is this process's, not in the app's list.
 */
export async function runMock(install: CliInstall, input: MockCliInput, output: CliOutput): Promise<number> {
  ensureDataDir(install.dataDir);
  const store = openStore(install.databasePath);
  try {
    const projectId = resolveProject(store, input.project);
    const mocks = createMockControl({ store });
    // Listened for before the address is printed: whoever reads it may signal at once.
    const stopped = waitForStopSignal(output);
    const lines = batchedWrites(output.out);
    const log = createLineLogger(lines.write);
    mocks.onEvent((event) => {
      if (event.type === 'mock-request') log(formatMockLogLine(event.entry));
    });
    const mock = await mocks.start({ ...input.options, projectId, startedBy: 'person' });
    // Answering is hot code from the first request on: the optimizing compiler, off while the start loaded its
    // modules, is on for it (without it a request took five times the CPU; `mock-throughput` in bench/README.md).
    setReadyFlags();
    const folder = mock.folderId === null ? '' : `, folder ${mock.folderId}`;
    output.out(`Mock: ${mock.url}\nProject: ${mock.projectName}${folder}\nPress Ctrl-C to stop.\n`);
    const signal = await stopped;
    lines.flush();
    output.out(`Stopping (${signal})…\n`);
    await mocks.stopAll();
    lines.flush();
    output.out('Stopped.\n');
    return 0;
  } finally {
    await store.close();
  }
}
