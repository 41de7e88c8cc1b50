// A thread program for src/thread-pool.test.ts. It speaks the protocol of src/thread-tasks.ts by hand, since plain
// Node cannot load that TypeScript module: a task is an instruction, the answer says which thread ran it.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', ({ id, task }) => {
  switch (task.kind) {
    case 'echo':
      setTimeout(() => parentPort.postMessage({ id, result: { value: task.value, threadId } }), task.delayMs ?? 0);
      break;
    case 'refuse':
      parentPort.postMessage({ id, error: { code: 'VALIDATION', message: task.message } });
      break;
    case 'throw':
      throw new Error('the task asked its thread to fail');
    case 'exit':
      process.exit(3);
      break;
    case 'hang':
      break;
  }
});
