import type { ReactNode } from 'react';

/** A field named by `label`, which its control carries as its accessible name (so the shown label is not read too). */
export function NamedField({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="field">
      <span className="field-label" aria-hidden="true">
        {label}
      </span>
      {children}
      {hint !== undefined && <span className="field-hint">{hint}</span>}
    </div>
  );
}
