import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules) on the page as it is, or only on the elements `selector` picks, and
 * returns its serious and critical findings.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol: the page's own Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axe.source);
  // A dialog still fading in has the contrast of its first frames: its colours are read once it has ended.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)))`);
  const violations = await page.evaluate<AxeViolation[]>(`
    window.axe
      .run(${selector === undefined ? 'document' : JSON.stringify({ include: [[selector]] })}, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
      .then((result) => result.violations.map(({ id, impact, help, nodes }) => ({
        id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      })))
  `);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** One line per offending element, readable in a failed assertion. */
export function describeViolations(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? violation.help}`,
    ),
  );
}
