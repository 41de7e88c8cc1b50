import { parentPort } from 'node:worker_threads';
import { type ErrorBody, isAppError } from '@client/core';

/** What a thread pool sends a thread: one task at a time. */
export interface TaskMessage<Task> {
  id: number;
  task: Task;
}

/** What the thread sends back for the task with that `id`: its result, or the AppError it threw. */
export type AnswerMessage<Result> = { id: number; result: Result } | { id: number; error: ErrorBody };

/**
 * The thread side of `createThreadPool`: answers each task with `work(task)`. An AppError is an answer (the
 * caller gets it back); anything else thrown ends the thread, and the pool answers INTERNAL and replaces it.
 */
export function answerTasks<Task, Result>(work: (task: Task) => Result): void {
  const port = parentPort;
  if (port === null) throw new Error('answerTasks runs in a worker thread started by createThreadPool');
  port.on('message', ({ id, task }: TaskMessage<Task>) => {
    let answer: AnswerMessage<Result>;
    try {
      answer = { id, result: work(task) };
    } catch (error) {
      if (!isAppError(error)) throw error;
      answer = { id, error: error.toJSON() };
    }
    port.postMessage(answer);
  });
}
