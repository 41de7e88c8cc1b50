import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

// Loaded with `--import` through NODE_OPTIONS (which refuses `--cpu-prof`): records a CPU profile of the
// whole process and writes it to $BENCH_CPU_PROF_DIR when the process exits normally.
const directory = process.env.BENCH_CPU_PROF_DIR;
if (directory !== undefined) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('exit', () => {
    // The main thread's session answers synchronously, so the profile is written before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error === null) {
        const name = `${process.argv[1]?.split('/').pop() ?? 'node'}-${process.pid}.cpuprofile`;
        writeFileSync(join(directory, name), JSON.stringify(result.profile));
      }
    });
  });
}
