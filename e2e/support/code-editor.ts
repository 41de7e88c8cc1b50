import type { Locator } from 'playwright-core';

/** The little of the DOM read here (e2e code is type-checked without the DOM library). */
interface DrawnNode {
  textContent: string | null;
  /** Elements have one, text nodes not. */
  classList?: { contains(name: string): boolean };
}
interface DrawnContent {
  querySelectorAll(selector: string): ArrayLike<{ childNodes: ArrayLike<DrawnNode> }>;
}

/**
 * The text a code editor shows, its placeholder (drawn only while it is empty) left out. The editors draw only
 * the lines in view and fold some away, so this is what a person sees, which is what these tests check.
 */
export function editorText(editor: Locator): Promise<string> {
  return editor.evaluate((content) =>
    Array.from((content as unknown as DrawnContent).querySelectorAll('.cm-line'), (line) =>
      Array.from(line.childNodes)
        .filter((node) => node.classList?.contains('cm-placeholder') !== true)
        .map((node) => node.textContent ?? '')
        .join(''),
    ).join('\n'),
  );
}
