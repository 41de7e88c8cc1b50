import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from './icons.js';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: 'narrow' | 'wide';
  /** Extra text under the title. */
  subtitle?: ReactNode;
}

/** The dialogs open now, the topmost last: Escape belongs to that one only. */
const openDialogs: symbol[] = [];

/** A modal dialog: Escape and the backdrop close it, focus moves in on open and back on close. */
export function Dialog({ title, onClose, children, footer, width = 'narrow', subtitle }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const token = Symbol('dialog');
    openDialogs.push(token);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first =
      panel.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      panel.current?.querySelector<HTMLElement>('.dialog-body :is(input, textarea, select, button)');
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      // An Escape something inside took (an editor closing its completion list) is not the dialog's.
      if (event.key === 'Escape' && !event.defaultPrevented && openDialogs.at(-1) === token) {
        event.stopPropagation();
        close.current();
      }
    };
    // A press that starts on the backdrop closes; one that starts inside and ends outside does not.
    const onPress = (event: MouseEvent) => {
      if (event.target === backdrop.current) close.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPress);
      openDialogs.splice(openDialogs.indexOf(token), 1);
      previous?.focus();
    };
  }, []);

  return (
    <div className="dialog-backdrop" ref={backdrop}>
      <div ref={panel} className={`dialog dialog-${width}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="dialog-header">
          <div>
            <h2 id={titleId}>{title}</h2>
            {subtitle !== undefined && <p className="dialog-subtitle">{subtitle}</p>}
          </div>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <Icon name="x" />
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        {footer !== undefined && <footer className="dialog-footer">{footer}</footer>}
      </div>
    </div>
  );
}

interface DialogActionsProps {
  confirmLabel: ReactNode;
  onCancel: () => void;
  /** Leave out to have the button submit the form whose id is `form`. */
  onConfirm?: () => void;
  form?: string;
  disabled?: boolean;
  tone?: 'primary' | 'danger';
  /** Which button takes the focus when the dialog opens; none by default (the first field has it). */
  autoFocus?: 'confirm' | 'cancel';
}

/** A dialog footer's buttons: Cancel, then the one that does what the dialog is for. */
export function DialogActions({
  confirmLabel,
  onCancel,
  onConfirm,
  form,
  disabled,
  tone = 'primary',
  autoFocus,
}: DialogActionsProps) {
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={onCancel}
        data-autofocus={autoFocus === 'cancel' ? true : undefined}
      >
        Cancel
      </button>
      <button
        type={form === undefined ? 'button' : 'submit'}
        form={form}
        className={`button button-${tone}`}
        disabled={disabled}
        onClick={onConfirm}
        data-autofocus={autoFocus === 'confirm' ? true : undefined}
      >
        {confirmLabel}
      </button>
    </>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <DialogActions
          confirmLabel={confirmLabel}
          onCancel={onCancel}
          onConfirm={onConfirm}
          tone={danger ? 'danger' : 'primary'}
          // Enter alone must never delete or discard: a destructive question starts on Cancel.
          autoFocus={danger ? 'cancel' : 'confirm'}
        />
      }
    >
      <p className="dialog-message">{message}</p>
    </Dialog>
  );
}
