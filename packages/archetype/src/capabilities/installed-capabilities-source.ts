import type { Capability } from './capability.js';

const LINE_WIDTH = 120;
const HEADER =
  '// The capabilities added with `archetype add <name>` or `-Dcapabilities=…`. `archetype add` rewrites this file.';
const DECLARATION = 'export const INSTALLED_CAPABILITIES: readonly CapabilityModule[] = [';

/**
 * `<artifactId>-start/src/capability/installed-capabilities.ts` for these capabilities (in start order),
 * formatted as Biome formats it, so `npm run lint` in the project stays green.
 */
export function installedCapabilitiesSource(capabilities: readonly Capability[]): string {
  const imports = [
    { source: './capability-module.js', line: "import type { CapabilityModule } from './capability-module.js';" },
    ...capabilities.map(({ registration }) => ({
      source: `./${registration.file}.js`,
      line: `import { ${registration.exportName} } from './${registration.file}.js';`,
    })),
  ].sort((a, b) => (a.source < b.source ? -1 : 1));
  const names = capabilities.map(({ registration }) => registration.exportName);
  const oneLine = `${DECLARATION}${names.join(', ')}];`;
  const declaration =
    oneLine.length <= LINE_WIDTH ? oneLine : `${DECLARATION}\n${names.map((name) => `  ${name},\n`).join('')}];`;
  return `${HEADER}\n${imports.map(({ line }) => line).join('\n')}\n\n${declaration}\n`;
}
