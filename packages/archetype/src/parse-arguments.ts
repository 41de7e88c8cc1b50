import { ArchetypeError } from './archetype-error.js';
import { isParameterName, PARAMETER_NAMES, type ParameterValues } from './generator-parameters.js';

export const GENERATE_GOAL = 'archetype:generate';
/** `archetype add <capability>...`, run inside a generated project. */
export const ADD_GOAL = 'add';
/** `archetype add-resource <name> --fields name:type,...`, run inside a generated project. */
export const ADD_RESOURCE_GOAL = 'add-resource';
/** `archetype diff`: how the project differs from what today's generator writes for it. */
export const DIFF_GOAL = 'diff';
/** `archetype upgrade`: today's template changes applied to the files the user has not changed. */
export const UPGRADE_GOAL = 'upgrade';
const GOALS_WITH_OPERANDS = new Set([ADD_GOAL, ADD_RESOURCE_GOAL]);

export interface ParsedArguments {
  readonly goal: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
  /** The words after the goal: the capabilities of `add`, the resource name of `add-resource`. */
  readonly operands: readonly string[];
  /** `--fields` of `add-resource`. */
  readonly fields: string | undefined;
  /** `--plural` of `add-resource`. */
  readonly plural: string | undefined;
  /** Every parameter given on the command line, last one wins. */
  readonly values: ParameterValues;
}

function setParameter(values: ParameterValues, name: string, value: string, as: string): void {
  if (!isParameterName(name)) {
    throw new ArchetypeError('USAGE', `unknown parameter ${as}; known parameters: ${PARAMETER_NAMES.join(', ')}`);
  }
  values[name] = value;
}

/**
 * Reads Maven's forms (`-DartifactId=shop`, `-D artifactId=shop`, `-DinteractiveMode` meaning true, `-B` /
 * `--batch-mode` meaning `interactiveMode=false`) and the usual Node forms (`--artifactId shop`,
 * `--artifactId=shop`).
 */
export function parseArguments(argv: readonly string[]): ParsedArguments {
  const values: ParameterValues = {};
  let goal: string | undefined;
  const operands: string[] = [];
  let fields: string | undefined;
  let plural: string | undefined;
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === undefined) break;
    if (argument === '-h' || argument === '--help') {
      help = true;
    } else if (argument === '-v' || argument === '--version') {
      version = true;
    } else if (argument === '-B' || argument === '--batch-mode') {
      values.interactiveMode = 'false';
    } else if (argument.startsWith('-D')) {
      const property = argument === '-D' ? argv[++i] : argument.slice(2);
      if (property === undefined || property === '')
        throw new ArchetypeError('USAGE', '-D must be followed by name=value');
      const equals = property.indexOf('=');
      const name = equals === -1 ? property : property.slice(0, equals);
      setParameter(values, name, equals === -1 ? 'true' : property.slice(equals + 1), `-D${name}`);
    } else if (argument.startsWith('--')) {
      const equals = argument.indexOf('=');
      const name = argument.slice(2, equals === -1 ? undefined : equals);
      let value: string | undefined;
      if (equals !== -1) value = argument.slice(equals + 1);
      else if (!(argv[i + 1] ?? '-').startsWith('-')) value = argv[++i];
      if (value === undefined) throw new ArchetypeError('USAGE', `--${name} needs a value: --${name} <value>`);
      if (name === 'fields') fields = value;
      else if (name === 'plural') plural = value;
      else setParameter(values, name, value, `--${name}`);
    } else if (argument.startsWith('-')) {
      throw new ArchetypeError('USAGE', `unknown option ${argument}; see archetype --help`);
    } else if (goal === undefined) {
      goal = argument;
    } else {
      operands.push(argument);
    }
  }
  if (!GOALS_WITH_OPERANDS.has(goal ?? '') && operands.length > 0) {
    throw new ArchetypeError(
      'USAGE',
      `unexpected argument "${operands[0]}"; only one goal (${GENERATE_GOAL}, ${ADD_GOAL} or ${ADD_RESOURCE_GOAL}) is accepted`,
    );
  }
  for (const [option, value] of [
    ['fields', fields],
    ['plural', plural],
  ] as const) {
    if (value !== undefined && goal !== ADD_RESOURCE_GOAL) {
      throw new ArchetypeError(
        'USAGE',
        `--${option} belongs to ${ADD_RESOURCE_GOAL}: archetype ${ADD_RESOURCE_GOAL} <name> --fields name:type,...`,
      );
    }
  }
  return { goal, help, version, operands, fields, plural, values };
}
