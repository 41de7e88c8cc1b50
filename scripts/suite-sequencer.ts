import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files share one generated-and-installed project (e2e/support/shared-archetype-project.ts). */
const SHARED_PROJECT_TESTS = 'archetype';

/**
 * The order test files start in, two at a time. The first archetype file goes first: it makes the project the
 * archetype files share, minutes of `npm install` and `npm run verify` that the other worker spends on every
 * other file meanwhile. The other archetype files go last, once the project is there, so none of them holds a
 * worker only to wait for it.
 */
export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = sorted.filter((file) => file.project.name === SHARED_PROJECT_TESTS);
    const others = sorted.filter((file) => file.project.name !== SHARED_PROJECT_TESTS);
    return [...shared.slice(0, 1), ...others, ...shared.slice(1)];
  }
}
