import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToasts } from './toasts.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ message }: { message: string }) {
  const toasts = useToasts();
  return (
    <button type="button" onClick={() => toasts.show(message, { tone: 'agent', detail: 'in Shop' })}>
      show
    </button>
  );
}

describe('ToastProvider', () => {
  it('announces toasts in one role="status" live region that exists before any toast', () => {
    render(
      <ToastProvider>
        <Trigger message="Imported List users from an agent" />
      </ToastProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('status').textContent).toContain('Imported List users from an agent');
    expect(screen.getByRole('status').textContent).toContain('in Shop');
  });

  it("names each toast's sign: a warning is not shown as a failure", () => {
    function Both() {
      const toasts = useToasts();
      return (
        <button
          type="button"
          onClick={() => {
            toasts.show('Imported 3 endpoints', { tone: 'warning', detail: '1 skipped' });
            toasts.show('Could not import', { tone: 'error' });
          }}
        >
          show
        </button>
      );
    }
    render(
      <ToastProvider>
        <Both />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByRole('img').map((sign) => sign.getAttribute('aria-label'))).toEqual(['warnings', 'failed']);
  });

  it('shows at most three toasts, dropping the oldest', () => {
    render(
      <ToastProvider>
        <Trigger message="Saved" />
      </ToastProvider>,
    );
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  });

  it('dismisses a toast on its button and by itself after a few seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Saved" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
