interface SegmentedChoiceProps<T extends string> {
  /** What the group chooses, for screen readers. */
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
}

/** A small segmented control choosing one of a few views (a body's Pretty and Raw, a stream's Events and Text). */
export function SegmentedChoice<T extends string>({ label, options, value, onChange }: SegmentedChoiceProps<T>) {
  return (
    <div className="segmented segmented-small" role="radiogroup" aria-label={label}>
      {options.map(({ id, label: text }) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control reads better than radio dots here
        <button
          key={id}
          type="button"
          role="radio"
          aria-checked={value === id}
          className={value === id ? 'segment segment-active' : 'segment'}
          onClick={() => onChange(id)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
