import type { ProjectParameters } from './generator-parameters.js';

/** The only placeholders substituted in template paths and contents; any other `__x__` is left as it is. */
export const TEMPLATE_TOKENS = ['__groupId__', '__artifactId__', '__version__', '__package__'] as const;
export type TemplateToken = (typeof TEMPLATE_TOKENS)[number];

const TOKEN_PATTERN = new RegExp(TEMPLATE_TOKENS.join('|'), 'g');

/** Files stored under another name because npm drops `.gitignore` from packages. */
const RENAMED_FILES: Readonly<Record<string, string>> = { _gitignore: '.gitignore' };

export function tokenValues(parameters: ProjectParameters): Record<TemplateToken, string> {
  return {
    __groupId__: parameters.groupId,
    __artifactId__: parameters.artifactId,
    __version__: parameters.version,
    __package__: parameters.package,
  };
}

export function renderText(text: string, values: Record<TemplateToken, string>): string {
  return text.replace(TOKEN_PATTERN, (token) => values[token as TemplateToken]);
}

/** A template-relative path (`/`-separated) as it appears in the generated project. */
export function renderPath(path: string, values: Record<TemplateToken, string>): string {
  return path
    .split('/')
    .map((segment) => RENAMED_FILES[segment] ?? renderText(segment, values))
    .join('/');
}
