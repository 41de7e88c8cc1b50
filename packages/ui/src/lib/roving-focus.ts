import type { KeyboardEvent } from 'react';

const STEPS: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  Home: 'first',
  End: 'last',
};

/**
 * The WAI-ARIA tabs pattern with automatic activation: the tablist is one Tab stop (the selected tab), and
 * Left, Right, Home and End move to another tab and select it.
 */
export function onTablistKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const step = STEPS[event.key];
  if (step === undefined) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const target =
    step === 'first'
      ? 0
      : step === 'last'
        ? tabs.length - 1
        : (index + (step === 'next' ? 1 : -1) + tabs.length) % tabs.length;
  tabs[target]?.focus();
  tabs[target]?.click();
}
