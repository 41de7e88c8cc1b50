import { ArchetypeError } from './archetype-error.js';

const NESTED_FLAG = /^ {2}"root": false,\n/m;

/**
 * Inside this repository the template's `biome.json` is a nested configuration (`"root": false`), so the
 * template is checked with the rules the generated project uses. The generated project's copy is its root
 * configuration: the flag is dropped, and nothing else changes.
 */
export function standaloneBiomeConfig(text: string): string {
  if (!NESTED_FLAG.test(text)) {
    throw new ArchetypeError('TEMPLATE', 'the template biome.json must declare "root": false on its own line');
  }
  return text.replace(NESTED_FLAG, '');
}
