import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';

/** Which workspace packages each package may import (docs/ARCHITECTURE.md#packages-and-layers). Anything not listed is forbidden. */
export const ALLOWED_DEPENDENCIES: Record<string, readonly string[]> = {
  core: [],
  store: ['core'],
  local: ['core'],
  secrets: ['core', 'local'],
  http: ['core'],
  runner: ['core', 'http'],
  'control-plane': ['core', 'store', 'local'],
  mcp: ['core', 'local'],
  app: ['core', 'store', 'local', 'secrets', 'http', 'runner', 'control-plane', 'ui'],
  ui: ['core'],
  archetype: [],
};

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

function packageRules(): IForbiddenRuleType[] {
  const packages = Object.keys(ALLOWED_DEPENDENCIES);
  const rules: IForbiddenRuleType[] = [];
  for (const [name, allowed] of Object.entries(ALLOWED_DEPENDENCIES)) {
    const forbidden = packages.filter((other) => other !== name && !allowed.includes(other));
    if (forbidden.length === 0) continue;
    rules.push({
      name: `${name}-imports-only-${allowed.join('-') || 'nothing-of-ours'}`,
      severity: 'error',
      from: { path: `(^|/)packages/${name}/` },
      to: { path: `(^|/)packages/(${forbidden.join('|')})/` },
    });
  }
  rules.push(
    {
      name: 'core-does-no-io',
      severity: 'error',
      from: { path: '(^|/)packages/core/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      // core is pure and reused by the UI: no npm package either, only its own modules (its tests may use
      // their test libraries) and the pure libraries named here (`yaml`, for a linked project's files).
      name: 'core-imports-only-core',
      severity: 'error',
      from: { path: '(^|/)packages/core/src/', pathNot: '[.]test(-support)?[.]ts$' },
      to: { dependencyTypesNot: ['core'], pathNot: '(^|/)packages/core/src/|(^|/)node_modules/yaml/' },
    },
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'no-unresolvable-imports', severity: 'error', from: {}, to: { couldNotResolve: true } },
  );
  return rules;
}

/** Cruises `paths` (relative to `baseDir`) and returns every broken dependency rule. */
export async function findViolations(baseDir: string, paths: string[]): Promise<Violation[]> {
  const result = await cruise(paths, {
    baseDir,
    ruleSet: { forbidden: packageRules() },
    // Dependencies into node_modules stay in the graph (core may have none) but are not followed. The generator's
    // template and capability files are a generated project's code, resolvable only once generated.
    exclude: { path: '(^|/)dist/|(^|/)packages/archetype/(template|capabilities/[^/]+/files)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    validate: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['client-source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text instead of a result');
  return result.output.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }));
}
