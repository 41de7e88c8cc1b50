import validateNpmPackageName from 'validate-npm-package-name';
import { ArchetypeError } from './archetype-error.js';
import type { ProjectParameters } from './generator-parameters.js';

/** semver.org's pattern: `1.0.0`, `1.0.0-SNAPSHOT`, `2.1.0-rc.1+build.5`. */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const NAMESPACE = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
/** The longest module suffix: if this name is valid, every module name is. */
const LONGEST_MODULE_SUFFIX = '-infrastructure';

function npmNameProblems(name: string): string[] {
  const result = validateNpmPackageName(name);
  return result.validForNewPackages ? [] : [...(result.errors ?? []), ...(result.warnings ?? [])];
}

/** Why `value` cannot be the parameter `name`, or undefined when it can (also used by the prompts). */
export function parameterProblem(
  name: keyof ProjectParameters,
  value: string,
  groupId = 'com.example',
): string | undefined {
  switch (name) {
    case 'artifactId': {
      if (value === '') return 'artifactId must not be empty';
      // The module names join both: with a groupId that is wrong on its own, only that groupId is to blame.
      const scoped = parameterProblem('groupId', groupId) === undefined;
      const problems = [
        ...npmNameProblems(value),
        ...(scoped ? npmNameProblems(`@${groupId}/${value}${LONGEST_MODULE_SUFFIX}`) : []),
      ];
      return problems.length > 0
        ? `artifactId "${value}" does not make valid npm package names (${[...new Set(problems)].join('; ')})`
        : undefined;
    }
    case 'groupId': {
      const problems = value === '' ? ['it is empty'] : npmNameProblems(`@${value}/module`);
      return problems.length > 0 ? `groupId "${value}" is not a valid npm scope (${problems.join('; ')})` : undefined;
    }
    case 'version':
      return SEMVER.test(value) ? undefined : `version "${value}" is not a semantic version such as 1.0.0-SNAPSHOT`;
    case 'package':
      return NAMESPACE.test(value) ? undefined : `package "${value}" is not a dotted namespace such as com.example`;
  }
}

/** Checks every project parameter and throws an `INVALID_PARAMETER` error naming each problem. */
export function validateProjectParameters(parameters: ProjectParameters): ProjectParameters {
  const problems = (['groupId', 'artifactId', 'version', 'package'] as const)
    .map((name) => parameterProblem(name, parameters[name], parameters.groupId))
    .filter((problem) => problem !== undefined);
  if (problems.length > 0) throw new ArchetypeError('INVALID_PARAMETER', problems.join('\n'));
  return parameters;
}
