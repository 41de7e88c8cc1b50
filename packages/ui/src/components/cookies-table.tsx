import type { CookieView } from '@client/core';
import type { ReactNode } from 'react';

function flags(cookie: CookieView): string {
  return [
    cookie.httpOnly ? 'HttpOnly' : '',
    cookie.secure ? 'Secure' : '',
    cookie.sameSite ? `SameSite=${cookie.sameSite}` : '',
  ]
    .filter((flag) => flag !== '')
    .join(' · ');
}

function expiresLabel(expires: string | null): string {
  return expires === null ? 'Session' : new Date(expires).toLocaleString();
}

/** Cookies as rows: name, value, where they apply, until when, and their flags; `actions` adds a last cell. */
export function CookiesTable({
  cookies,
  label,
  actions,
}: {
  cookies: readonly CookieView[];
  label: string;
  actions?: (cookie: CookieView) => ReactNode;
}) {
  return (
    <table className="headers-table cookies-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">Domain and path</th>
          <th scope="col">Expires</th>
          <th scope="col">Flags</th>
          {actions !== undefined && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {cookies.map((cookie) => (
          <tr key={`${cookie.domain} ${cookie.path} ${cookie.name}`}>
            <th scope="row">{cookie.name}</th>
            <td className="mono">{cookie.value}</td>
            <td className="mono">
              {cookie.domain}
              {cookie.path}
            </td>
            <td>{expiresLabel(cookie.expires)}</td>
            <td>{flags(cookie)}</td>
            {actions !== undefined && <td>{actions(cookie)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
