import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { confirm, intro, isCancel, outro, text } from '@clack/prompts';
import { type Archetype, archetypeId } from './archetype-catalog.js';
import { ArchetypeError } from './archetype-error.js';
import { PARAMETER_DEFAULTS, type ParameterValues, type ProjectParameters } from './generator-parameters.js';
import { parameterProblem } from './validate-parameters.js';

export interface PromptStreams {
  readonly input: Readable;
  readonly output: Writable;
}

function cancelled(): never {
  throw new ArchetypeError('CANCELLED', 'generation cancelled; nothing was written');
}

/**
 * Asks for every project parameter not given on the command line (defaults pre-filled), then for confirmation,
 * as Maven's interactive mode does.
 */
export async function promptParameters(
  archetype: Archetype,
  given: ParameterValues,
  parentDir: string,
  streams: PromptStreams,
): Promise<ProjectParameters> {
  intro(`archetype ${archetypeId(archetype)}`, streams);
  const ask = async (
    name: keyof ProjectParameters,
    message: string,
    check: (value: string) => string | undefined,
  ): Promise<string> => {
    const value = given[name];
    if (value !== undefined) return value;
    const defaultValue = name === 'artifactId' ? undefined : PARAMETER_DEFAULTS[name];
    const answer = await text({
      message,
      ...(defaultValue === undefined ? { placeholder: 'shop' } : { initialValue: defaultValue }),
      validate: (input) => check(input ?? ''),
      ...streams,
    });
    return isCancel(answer) ? cancelled() : answer;
  };
  const groupId = await ask('groupId', 'groupId (npm scope of every module)', (v) => parameterProblem('groupId', v));
  const artifactId = await ask('artifactId', 'artifactId (project directory and module prefix)', (v) =>
    existsSync(join(parentDir, v)) && v !== ''
      ? `${join(parentDir, v)} already exists`
      : parameterProblem('artifactId', v, groupId),
  );
  const version = await ask('version', 'version', (v) => parameterProblem('version', v));
  const basePackage = await ask('package', 'package (base namespace)', (v) => parameterProblem('package', v));
  const parameters = { groupId, artifactId, version, package: basePackage };
  const confirmed = await confirm({
    message: `Generate ./${artifactId} with groupId ${groupId}, version ${version}, package ${basePackage}?`,
    ...streams,
  });
  if (isCancel(confirmed) || !confirmed) cancelled();
  outro('generating', streams);
  return parameters;
}
