interface EnabledToggleProps {
  /** What the row is, as a person names it: `Header X-Debug`. */
  label: string;
  enabled: boolean;
  /** The empty row at the end of a table, which has nothing to switch yet. */
  blank?: boolean;
  onChange: (enabled: boolean) => void;
}

/** The box in front of a row: ticked, the row is sent (or a variable defined); unticked, it is kept but left out. */
export function EnabledToggle({ label, enabled, blank = false, onChange }: EnabledToggleProps) {
  return (
    <input
      type="checkbox"
      className="kv-enabled"
      aria-label={`Use ${label}`}
      title={enabled ? 'On: untick to keep this row without using it' : 'Off: kept, but not used'}
      checked={enabled}
      disabled={blank}
      tabIndex={blank ? -1 : 0}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
