import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Icon, type IconName } from './icons.js';

export type ToastTone = 'info' | 'success' | 'warning' | 'error' | 'agent';

interface Toast {
  id: number;
  message: string;
  detail?: string;
  tone: ToastTone;
}

export interface ToastApi {
  show(message: string, options?: { tone?: ToastTone; detail?: string }): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const VISIBLE_MS = 5000;
const ERROR_VISIBLE_MS = 9000;

export function useToasts(): ToastApi {
  const toasts = useContext(ToastContext);
  if (toasts === null) throw new Error('useToasts must be used inside <ToastProvider>');
  return toasts;
}

/**
 * Short notices in one `role="status"` live region that exists from the start, so screen readers
 * announce each toast as it is added.
 */
/** At most this many toasts show at once, the newest last: more would cover the response. */
const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((message: string, options: { tone?: ToastTone; detail?: string } = {}) => {
    const toast: Toast = { id: nextId.current++, message, tone: options.tone ?? 'info' };
    if (options.detail !== undefined) toast.detail = options.detail;
    setToasts((current) => [...current.slice(1 - MAX_VISIBLE), toast]);
  }, []);
  const value = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/**
 * Each tone's sign and what it is called: a warning (something done, with things to read) has a sign of its own, so
 * that only a failure shows the ✕.
 */
const TONE_ICONS: Record<ToastTone, { icon: IconName; label: string }> = {
  info: { icon: 'sparkle', label: 'notice' },
  success: { icon: 'check', label: 'done' },
  warning: { icon: 'warning', label: 'warnings' },
  error: { icon: 'x', label: 'failed' },
  agent: { icon: 'agent', label: 'from an agent' },
};

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    // Something to act on stays long enough to be read.
    const lasting = toast.tone === 'error' || toast.tone === 'warning';
    const timer = setTimeout(() => onDismiss(toast.id), lasting ? ERROR_VISIBLE_MS : VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  const { icon, label } = TONE_ICONS[toast.tone];
  return (
    <div className={`toast toast-${toast.tone}`}>
      <span className="toast-icon" role="img" aria-label={label}>
        <Icon name={icon} />
      </span>
      <div className="toast-text">
        <div className="toast-message">{toast.message}</div>
        {toast.detail !== undefined && (
          <div className="toast-detail" title={toast.detail}>
            {toast.detail}
          </div>
        )}
      </div>
      <button
        type="button"
        className="icon-button toast-close"
        aria-label="Dismiss"
        onClick={() => onDismiss(toast.id)}
      >
        <Icon name="x" size={14} />
      </button>
    </div>
  );
}
