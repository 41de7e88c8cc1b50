import type { Readable, Writable } from 'node:stream';
import { ARCHETYPES, archetypeId, GENERATOR_VERSION } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { addCapabilities } from './capabilities/add-capabilities.js';
import { CAPABILITIES, findCapabilities, parseCapabilityList } from './capabilities/capability-catalog.js';
import { generateProject } from './generate-project.js';
import { packGenerator, replaceGeneratorPackage } from './generator-package.js';
import { PARAMETER_DEFAULTS } from './generator-parameters.js';
import {
  ADD_GOAL,
  ADD_RESOURCE_GOAL,
  DIFF_GOAL,
  GENERATE_GOAL,
  parseArguments,
  UPGRADE_GOAL,
} from './parse-arguments.js';
import { promptParameters } from './prompt-parameters.js';
import { interactiveModeOf, resolveArchetype, withDefaults } from './resolve-parameters.js';
import { addResource } from './resources/add-resource.js';
import { FIELD_TYPE_NAMES } from './resources/field-types.js';
import { diffProject } from './upgrade/diff-project.js';
import { earlierGenerator } from './upgrade/earlier-generator.js';
import { recordedProject } from './upgrade/project-render.js';
import { upgradeProject } from './upgrade/upgrade-project.js';
import { validateProjectParameters } from './validate-parameters.js';

export interface CliEnvironment {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: Readable & { isTTY?: boolean };
  readonly stdout: Writable & { isTTY?: boolean };
  readonly stderr: Writable;
}

const USAGE = `Usage: archetype archetype:generate [-D<name>=<value> | --<name> <value>]...
       archetype add <capability>...
       archetype diff
       archetype upgrade
       archetype add-resource <name> --fields <field>:<type>,... [--plural <plural>]

archetype:generate writes a layered, multi-module TypeScript service to ./<artifactId>.
add, run inside a generated project, adds optional capabilities to it; then run npm install.
diff, run inside a generated project, shows how its files differ from what this generator writes for it.
upgrade, run inside a generated project (after npm install), applies the template's changes since the generator
that made it to the files you have not changed, and lists the ones you have.
add-resource, run inside a generated project, writes a resource in every layer as the sys-user sample is
written: entity, gateway, app service, DTOs and client, table and migration, routes, and their tests.
  <name>   kebab-case, e.g. order or order-item (routes /orders, /order-items; table order_item)
  <plural> the name's plural where the English rule would not give it, e.g. --plural people
  <type>   ${FIELD_TYPE_NAMES.map((name) => (name === 'enum' ? 'enum(<value>|<value>...)' : name)).join(', ')}; with ? after it (string?) the field may be null

Parameters (defaults in brackets):
  archetypeGroupId     group of the archetype [${PARAMETER_DEFAULTS.archetypeGroupId}]
  archetypeArtifactId  archetype name [${PARAMETER_DEFAULTS.archetypeArtifactId}]
  archetypeVersion     archetype version [${PARAMETER_DEFAULTS.archetypeVersion}]
  groupId              npm scope of every module [${PARAMETER_DEFAULTS.groupId}]
  artifactId           project name, prefix of every module (required)
  version              version of every module [${PARAMETER_DEFAULTS.version}]
  package              base namespace: logger names, API info [${PARAMETER_DEFAULTS.package}]
  interactiveMode      false: never prompt (-B does the same) [prompts in a terminal]
  capabilities         comma-separated capabilities to include [none]

Capabilities:
${CAPABILITIES.map((capability) => `  ${capability.name.padEnd(21)}${capability.summary} (${capability.module})`).join('\n')}

Examples:
  archetype archetype:generate -DgroupId=com.acme -DartifactId=shop -DinteractiveMode=false
  archetype archetype:generate -DartifactId=shop -Dcapabilities=excel,http-client -B
  cd shop && archetype add distributed-lock
  cd shop && archetype add-resource order --fields customer:string,quantity:int,paid:boolean,placedOn:date
`;

/**
 * The directory the user ran the command in. npm runs scripts and workspace bins from the package's own
 * directory and keeps the original one in INIT_CWD.
 */
export function invocationDirectory(environment: Pick<CliEnvironment, 'cwd' | 'env'>): string {
  return environment.env.INIT_CWD || environment.cwd;
}

/** Runs the command and returns the process exit code. */
export async function runCli(argv: readonly string[], environment: CliEnvironment): Promise<number> {
  const print = (line: string): void => void environment.stdout.write(`${line}\n`);
  try {
    const parsed = parseArguments(argv);
    if (parsed.help) {
      environment.stdout.write(USAGE);
      return 0;
    }
    if (parsed.version) {
      print(GENERATOR_VERSION);
      return 0;
    }
    if (parsed.goal === ADD_GOAL) {
      const result = await addCapabilities(invocationDirectory(environment), parsed.operands);
      print(`[INFO] Added ${parsed.operands.join(', ')} to ${result.directory}`);
      for (const path of result.added) print(`[INFO] Added: ${path}`);
      for (const path of result.changed) print(`[INFO] Changed: ${path}`);
      print('[INFO] Next: npm install && npm run verify');
      return 0;
    }
    if (parsed.goal === ADD_RESOURCE_GOAL) {
      const [name, ...extra] = parsed.operands;
      if (name === undefined || extra.length > 0) {
        throw new ArchetypeError('USAGE', 'name one resource: archetype add-resource <name> --fields name:type,...');
      }
      const result = await addResource(invocationDirectory(environment), {
        name,
        fields: parsed.fields,
        plural: parsed.plural,
      });
      print(`[INFO] Added resource ${name} to ${result.directory}`);
      for (const path of result.added) print(`[INFO] Added: ${path}`);
      for (const path of result.changed) print(`[INFO] Changed: ${path}`);
      print('[INFO] Next: npm run verify');
      return 0;
    }
    if (parsed.goal === DIFF_GOAL) {
      const project = await recordedProject(invocationDirectory(environment));
      const differences = await diffProject(project);
      for (const difference of differences) environment.stdout.write(difference.patch);
      print(
        differences.length === 0
          ? `[INFO] ${project.directory} is as archetype ${archetypeId(ARCHETYPES[0])} writes it`
          : `[INFO] ${differences.length} file(s) differ from what archetype ${archetypeId(ARCHETYPES[0])} writes: ${differences.map((difference) => difference.path).join(', ')}`,
      );
      return 0;
    }
    if (parsed.goal === UPGRADE_GOAL) {
      const project = await recordedProject(invocationDirectory(environment));
      const today = archetypeId(ARCHETYPES[0]);
      if (project.archetypeId === today) {
        print(`[INFO] ${project.directory} is on archetype ${today} already; archetype diff shows what differs`);
        return 0;
      }
      const result = await upgradeProject(project, await earlierGenerator(project.directory, project.archetypeId));
      if (result.upgraded.includes('package.json')) await replaceGeneratorPackage(project.directory);
      print(`[INFO] Upgraded ${project.directory} from ${project.archetypeId} to ${today}`);
      for (const path of result.upgraded) print(`[INFO] Upgraded: ${path}`);
      for (const path of result.added) print(`[INFO] Added: ${path}`);
      for (const path of result.removed) print(`[INFO] Removed: ${path}`);
      for (const path of result.kept)
        print(`[WARNING] Changed by you, not upgraded (merge by hand; archetype diff shows how): ${path}`);
      print('[INFO] Next: npm install && npm run verify');
      return 0;
    }
    if (parsed.goal !== GENERATE_GOAL) {
      throw new ArchetypeError(
        'USAGE',
        parsed.goal === undefined
          ? `no goal given; run: archetype ${GENERATE_GOAL} -DartifactId=<name> (see --help)`
          : `unknown goal "${parsed.goal}"; the goals are ${GENERATE_GOAL}, ${ADD_GOAL}, ${ADD_RESOURCE_GOAL}, ${DIFF_GOAL} and ${UPGRADE_GOAL}`,
      );
    }
    // Each named once, in the order given: `-Dcapabilities=excel,excel` is the excel capability.
    const capabilities = [...new Set(parseCapabilityList(parsed.values.capabilities ?? ''))];
    findCapabilities(capabilities);
    const archetype = resolveArchetype(parsed.values);
    const parentDir = invocationDirectory(environment);
    const interactive =
      interactiveModeOf(parsed.values) !== false &&
      environment.stdin.isTTY === true &&
      environment.stdout.isTTY === true;
    const parameters = interactive
      ? await promptParameters(archetype, parsed.values, parentDir, {
          input: environment.stdin,
          output: environment.stdout,
        })
      : withDefaults(parsed.values);
    // Checked before the first [INFO] line: a refused run says only why.
    validateProjectParameters(parameters);
    print(`[INFO] Generating project from archetype ${archetypeId(archetype)}`);
    for (const [name, value] of Object.entries(parameters)) print(`[INFO] Parameter: ${name}, Value: ${value}`);
    if (capabilities.length > 0) print(`[INFO] Parameter: capabilities, Value: ${capabilities.join(',')}`);
    const project = await generateProject({
      archetype,
      parameters,
      parentDir,
      capabilities,
      generatorPackage: packGenerator,
    });
    print(`[INFO] Project created in ${project.directory} (${project.files.length} files)`);
    print(`[INFO] Next: cd ${parameters.artifactId} && npm install && npm start`);
    return 0;
  } catch (error) {
    if (!(error instanceof ArchetypeError)) throw error;
    environment.stderr.write(`[ERROR] ${error.message}\n`);
    return 1;
  }
}

/** What `bin/archetype.js` calls. */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
}
