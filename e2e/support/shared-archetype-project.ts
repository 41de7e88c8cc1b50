import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject, vi } from 'vitest';
import { authEnvironment, bearerHeader } from './archetype-auth.js';
import { cachedInstall } from './archetype-install-cache.js';
import {
  buildGenerator,
  type CommandResult,
  freePort,
  INSTALL_TIMEOUT,
  projectNode,
  type RunningService,
  runArchetype,
  runCommand,
  startService,
  userEnvironment,
} from './archetype-process.js';

/**
 * The project every archetype e2e file works on: the sample service with all five optional capabilities and one
 * resource added with `archetype add-resource`, so that one `npm run verify` checks all of them.
 */
export const PROJECT = {
  artifactId: 'market',
  package: 'com.acme.market',
  capabilities: ['auth', 'distributed-lock', 'excel', 'http-client', 'read-write-splitting'],
  addedResource: {
    name: 'order',
    fields:
      'customer:string,quantity:int,price:number,paid:boolean,placedOn:date,priority:enum(low|high),note:string?,code:string!unique,buyerId:ref(sys-user)',
  },
} as const;

/** The tests add-resource writes for the added resource, one per layer, which the shared project's verify runs. */
export const ADDED_RESOURCE_TESTS = [
  `${PROJECT.artifactId}-domain/src/order/order.test.ts`,
  `${PROJECT.artifactId}-application/src/order/order-app-service.test.ts`,
  `${PROJECT.artifactId}-api/src/order/order-client.test.ts`,
  `${PROJECT.artifactId}-infrastructure/src/order/order-gateway-impl.test.ts`,
  `${PROJECT.artifactId}-start/src/order-api.test.ts`,
];

interface Outcome {
  readonly failure?: string;
  /** What `archetype add-resource` printed when the project was made. */
  readonly addResourceOutput?: string;
}

/**
 * Generates the project as a user would, three capabilities at generation and two with `archetype add` (one of
 * them from a module folder, where add finds the project root above it), a resource with `archetype add-resource`
 * (from a module folder too), then `npm install` (or a copy of what an earlier run installed from the same
 * manifests: archetype-install-cache.ts) and `npm run build`. Resolves to add-resource's output; throws naming the
 * step that failed, with its output.
 */
async function generateAndInstall(parentDir: string, projectDir: string): Promise<string> {
  const { name, fields } = PROJECT.addedResource;
  let addResourceOutput = '';
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
            '-Dcapabilities=http-client,excel,auth',
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
    [
      `add-resource ${name}`,
      async () => {
        const added = await runArchetype(
          ['add-resource', name, '--fields', fields],
          join(projectDir, `${PROJECT.artifactId}-domain`),
        );
        addResourceOutput = added.output;
        return added;
      },
    ],
    [
      'npm install',
      () => cachedInstall(projectDir, () => runCommand('npm', ['install', '--no-audit', '--no-fund'], projectDir)),
    ],
    ['npm run build', () => runCommand('npm', ['run', 'build'], projectDir)],
  ];
  for (const [step, run] of steps) {
    const result = await run();
    if (result.code !== 0) throw new Error(`${step} exited with ${result.code}:\n${result.output}`);
  }
  return addResourceOutput;
}

/**
 * The directory of the shared generated-and-installed project. The first caller of the run makes it (`npm install`
 * compiles better-sqlite3, so once saves minutes); a caller that finds it under way waits for it, and every
 * caller sees the same failure when making it failed.
 */
export async function sharedArchetypeProject(): Promise<string> {
  const workDir = inject('archetypeWorkDir');
  const projectDir = join(workDir, PROJECT.artifactId);
  const outcomeFile = outcomeFileOf(workDir);
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
      (addResourceOutput) => ({ addResourceOutput }),
      (error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }),
    );
    // Written aside and renamed, so a waiting caller never reads half a file.
    writeFileSync(`${outcomeFile}.part`, JSON.stringify(outcome));
    renameSync(`${outcomeFile}.part`, outcomeFile);
  } else {
    // Another file's worker makes it; its outcome file appears, whole, when it is done.
    await vi.waitFor(
      () => {
        if (!existsSync(outcomeFile))
          throw new Error(`the shared archetype project was not made within ${INSTALL_TIMEOUT} ms`);
      },
      { timeout: INSTALL_TIMEOUT, interval: 500 },
    );
  }
  const { failure } = readOutcome(outcomeFile);
  if (failure !== undefined) throw new Error(`the shared archetype project could not be made: ${failure}`);
  return projectDir;
}

/** Where the maker of the shared project writes how making it went. */
function outcomeFileOf(workDir: string): string {
  return join(workDir, 'outcome.json');
}

function readOutcome(outcomeFile: string): Outcome {
  return JSON.parse(readFileSync(outcomeFile, 'utf8')) as Outcome;
}

/** What `archetype add-resource` printed when the shared project was made. */
export async function addResourceOutput(): Promise<string> {
  await sharedArchetypeProject();
  return readOutcome(outcomeFileOf(inject('archetypeWorkDir'))).addResourceOutput ?? '';
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

/**
 * The shared project's service, started as its README says on a free port of its own, trusting the tests' token
 * issuer (archetype-auth.ts), once it has said so.
 */
export async function startSharedService(projectDir: string): Promise<{ service: RunningService; port: number }> {
  const port = await freePort();
  const service = await startService(
    projectNode(),
    [`${PROJECT.artifactId}-start/dist/main.js`],
    projectDir,
    userEnvironment({ PORT: String(port), ...(await authEnvironment()) }),
    `"started ${PROJECT.artifactId}`,
  );
  return { service, port };
}

/** The `Authorization` header of a token the shared service takes, with these scopes and roles. */
export function serviceBearer(scopes: readonly string[] = ['write'], roles: readonly string[] = []) {
  return bearerHeader(PROJECT.artifactId, scopes, roles);
}
