import type { CookieView } from '@client/core';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../api/client.js';
import { CookiesTable } from './cookies-table.js';
import { Dialog } from './dialog.js';
import { FormError } from './form-error.js';
import { Icon } from './icons.js';

interface CookieJarDialogProps {
  projectId: string;
  /** The host a new cookie is for unless the person writes another: the one the last request went to. */
  defaultDomain: string;
  onClose: () => void;
}

/**
 * The project's cookie jar: what its servers set and the app sends back on matching requests. Each cookie can
 * be deleted, a new one added (the same name, domain and path replaces one), the whole jar cleared.
 */
export function CookieJarDialog({ projectId, defaultDomain, onClose }: CookieJarDialogProps) {
  const [cookies, setCookies] = useState<CookieView[] | null>(null);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [domain, setDomain] = useState(defaultDomain);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** One change to the jar at a time; the jar as the app answers it replaces the list. */
  const run = async (change: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await change();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    api
      .listCookies(projectId)
      .then(setCookies, (caught: unknown) => setError(caught instanceof ApiError ? caught.message : String(caught)));
  }, [projectId]);

  const add = () =>
    run(async () => {
      const added: CookieView = {
        name: name.trim(),
        value,
        domain: domain.trim(),
        path: '/',
        expires: null,
        httpOnly: false,
        secure: false,
        sameSite: null,
      };
      setCookies(await api.putCookie(projectId, added));
      setName('');
      setValue('');
    });

  return (
    <Dialog
      title="Cookies"
      subtitle="What this project's servers set; sent back on the requests they match."
      width="wide"
      onClose={onClose}
      footer={
        confirmingClear ? (
          <>
            <span className="dialog-footer-note">Delete every cookie of this project?</span>
            <button type="button" className="button" onClick={() => setConfirmingClear(false)} data-autofocus>
              Keep them
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() =>
                void run(async () => {
                  setCookies(await api.clearCookies(projectId));
                  setConfirmingClear(false);
                })
              }
            >
              Delete all
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={cookies === null || cookies.length === 0}
              onClick={() => setConfirmingClear(true)}
            >
              Clear the jar
            </button>
            <button type="button" className="button button-primary" onClick={onClose}>
              Done
            </button>
          </>
        )
      }
    >
      {cookies === null ? (
        <p className="muted">Loading…</p>
      ) : cookies.length === 0 ? (
        <p className="muted">No cookies yet. A response that sets one puts it here.</p>
      ) : (
        <CookiesTable
          cookies={cookies}
          label="Cookie jar"
          actions={(cookie) => (
            <button
              type="button"
              className="icon-button"
              aria-label={`Delete ${cookie.name}`}
              disabled={busy}
              onClick={() => void run(async () => setCookies(await api.deleteCookie(projectId, cookie)))}
            >
              <Icon name="trash" size={14} />
            </button>
          )}
        />
      )}
      <form
        className="cookie-add"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <input
          className="input"
          aria-label="Cookie name"
          placeholder="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <input
          className="input mono"
          aria-label="Cookie value"
          placeholder="Value"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <input
          className="input mono"
          aria-label="Cookie domain"
          placeholder="Domain"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy || name.trim() === '' || domain.trim() === ''}>
          Add cookie
        </button>
      </form>
      <FormError message={error} />
    </Dialog>
  );
}
