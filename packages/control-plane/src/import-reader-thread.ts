// The program of the control plane's import reader threads (see import-reader-pool.ts).
import { readImport } from './read-import.js';
import { answerTasks } from './thread-tasks.js';

answerTasks(readImport);
