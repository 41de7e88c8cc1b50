import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { buildGenerator, type CommandResult, INSTALL_TIMEOUT, runArchetype, runCommand } from './archetype-process.js';

/** The project every archetype e2e file works on: the sample service with all four optional capabilities. */
export const PROJECT = {
  artifactId: 'market',
  package: 'com.acme.market',
  capabilities: ['distributed-lock', 'excel', 'http-client', 'read-write-splitting'],
} as const;

interface Outcome {
  readonly failure?: string;
}

/**
 * Generates the project as a user would, two capabilities at generation and two with `archetype add` (one of
 * them from a module folder, where add finds the project root above it), then `npm install` and `npm run build`.
 * Throws naming the step that failed, with its output.
 */
async function generateAndInstall(parentDir: string, projectDir: string): Promise<void> {
  const steps: [string, () => Promise<CommandResult>][] = [
    ['build the generator', buildGenerator],
    [
      'archetype:generate',
      () =>
        runArchetype(
          [
            'archetype:generate',
            '-DgroupId=com.acme',
            `-DartifactId=${PROJECT.artifactId}`,
            `-Dpackage=${PROJECT.package}`,
            '-Dcapabilities=http-client,excel',
            '-DinteractiveMode=false',
          ],
          parentDir,
        ),
    ],
    [
      'add distributed-lock',
      () => runArchetype(['add', 'distributed-lock'], join(projectDir, `${PROJECT.artifactId}-start`)),
    ],
    ['add read-write-splitting', () => runArchetype(['add', 'read-write-splitting'], projectDir)],
    ['npm install', () => runCommand('npm', ['install', '--no-audit', '--no-fund'], projectDir)],
    ['npm run build', () => runCommand('npm', ['run', 'build'], projectDir)],
  ];
  for (const [name, step] of steps) {
    const result = await step();
    if (result.code !== 0) throw new Error(`${name} exited with ${result.code}:\n${result.output}`);
  }
}

/**
 * The directory of the shared generated-and-installed project. The first caller of the run makes it (`npm install`
 * compiles better-sqlite3, so once saves minutes); a caller that finds it under way waits for it, and every
 * caller sees the same failure when making it failed.
 */
export async function sharedArchetypeProject(): Promise<string> {
  const workDir = inject('archetypeWorkDir');
  const projectDir = join(workDir, PROJECT.artifactId);
  const outcomeFile = join(workDir, 'outcome.json');
  let maker = true;
  try {
    // mkdir is atomic: exactly one caller gets to make the project.
    mkdirSync(join(workDir, 'making'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    maker = false;
  }
  if (maker) {
    const outcome: Outcome = await generateAndInstall(workDir, projectDir).then(
      () => ({}),
      (error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }),
    );
    // Written aside and renamed, so a waiting caller never reads half a file.
    writeFileSync(`${outcomeFile}.part`, JSON.stringify(outcome));
    renameSync(`${outcomeFile}.part`, outcomeFile);
  } else {
    const deadline = Date.now() + INSTALL_TIMEOUT;
    while (!existsSync(outcomeFile)) {
      if (Date.now() > deadline)
        throw new Error(`the shared archetype project was not made within ${INSTALL_TIMEOUT} ms`);
      await sleep(500);
    }
  }
  const { failure } = JSON.parse(readFileSync(outcomeFile, 'utf8')) as Outcome;
  if (failure !== undefined) throw new Error(`the shared archetype project could not be made: ${failure}`);
  return projectDir;
}

/**
 * A copy of the shared project (its node_modules included) for a test that changes the project, so the files that
 * share it, which may run at the same time, never see the change.
 */
export async function copyOfSharedProject(name: string): Promise<string> {
  const projectDir = await sharedArchetypeProject();
  const copy = join(inject('archetypeWorkDir'), name, PROJECT.artifactId);
  mkdirSync(dirname(copy), { recursive: true });
  // cp -a keeps npm's relative workspace links and the compiled better-sqlite3 as they are.
  const result = await runCommand('cp', ['-a', projectDir, copy], dirname(copy));
  if (result.code !== 0) throw new Error(`could not copy the shared archetype project:\n${result.output}`);
  return copy;
}
