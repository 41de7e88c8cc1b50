import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from './archetype-catalog.js';
import { CAPABILITIES } from './capabilities/capability-catalog.js';
import { generateProject } from './generate-project.js';
import { scratchDirectory } from './generate-project.test-support.js';

const run = promisify(execFile);
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
const newScratch = scratchDirectory('archetype-format-');

/**
 * Token substitution changes line lengths, and Biome re-wraps lines by length: the template keeps lines with
 * tokens short and unwrapped so that the generated project passes its own `biome check` for short and long
 * names alike (up to about 40 characters of groupId and artifactId together).
 */
describe('a generated project', { timeout: 30_000 }, () => {
  const everyCapability = CAPABILITIES.map((capability) => capability.name);
  it.each([
    { groupId: 'x', artifactId: 'a', capabilities: [] },
    { groupId: 'com.acme', artifactId: 'shop', capabilities: [] },
    { groupId: 'com.example.platform', artifactId: 'inventory-service', capabilities: [] },
    { groupId: 'x', artifactId: 'a', capabilities: everyCapability },
    { groupId: 'com.example.platform', artifactId: 'inventory-service', capabilities: everyCapability },
  ])(
    'passes its own Biome check with groupId $groupId, artifactId $artifactId and capabilities $capabilities',
    async ({ capabilities, ...names }) => {
      const project = await generateProject({
        archetype: ARCHETYPES[0],
        parameters: { ...names, version: '1.0.0', package: 'com.example' },
        parentDir: newScratch(),
        capabilities,
      });
      const result = await run(process.execPath, [biome, 'check', '--max-diagnostics=5', '.'], {
        cwd: project.directory,
      }).then(
        ({ stdout, stderr }) => ({ ok: true, output: `${stdout}${stderr}` }),
        (error: { stdout: string; stderr: string }) => ({ ok: false, output: `${error.stdout}${error.stderr}` }),
      );
      expect(result.output).toContain('Checked');
      expect(result.ok, result.output).toBe(true);
    },
  );
});
