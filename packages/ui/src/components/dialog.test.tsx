import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.js';
import { useSubmit } from '../hooks/use-submit.js';
import { ConfirmDialog, Dialog, DialogActions } from './dialog.js';
import { FormError } from './form-error.js';

afterEach(cleanup);

describe('DialogActions', () => {
  it('gives a confirm dialog a focused Cancel and a danger button, each calling its handler', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Delete"
        message="Delete it?"
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirm.className).toBe('button button-danger');
    fireEvent.click(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('submits the form it names from the footer, and not while disabled', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    function FormDialog({ disabled }: { disabled: boolean }) {
      return (
        <Dialog
          title="Name it"
          onClose={() => undefined}
          footer={
            <DialogActions confirmLabel="Create" onCancel={() => undefined} form="name-form" disabled={disabled} />
          }
        >
          <form id="name-form" onSubmit={onSubmit} />
        </Dialog>
      );
    }
    const { rerender } = render(<FormDialog disabled />);
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create.getAttribute('type')).toBe('submit');
    expect(create.hasAttribute('disabled')).toBe(true);
    rerender(<FormDialog disabled={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('useSubmit and FormError', () => {
  function Saver({ action }: { action: () => Promise<void> }) {
    const { busy, error, run } = useSubmit();
    const [saved, setSaved] = useState(false);
    return (
      <>
        <button type="button" disabled={busy} onClick={() => void run(action).then(() => setSaved(true))}>
          Save
        </button>
        <FormError message={error} />
        {saved && <span>done</span>}
      </>
    );
  }

  it('shows the API’s message when the action fails and lets the user try again', async () => {
    const action = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new ApiError('VALIDATION', 'the name is taken; pick another', 400));
    render(<Saver action={action} />);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('the name is taken; pick another'));
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
  });

  it('stays busy after the action succeeds, as the dialog closes then', async () => {
    render(<Saver action={async () => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('done');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Dialog', () => {
  it('closes on Escape, unless something inside took that Escape for itself', () => {
    const onClose = vi.fn();
    render(
      <Dialog title="Settings" onClose={onClose}>
        <input
          aria-label="Field"
          onKeyDown={(event) => {
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
        <input aria-label="Plain field" />
      </Dialog>,
    );
    fireEvent.keyDown(screen.getByLabelText('Field'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByLabelText('Plain field'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
