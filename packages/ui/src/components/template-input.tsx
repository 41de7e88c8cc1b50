import { type ClipboardEvent, type KeyboardEvent, type Ref, useRef } from 'react';
import { resolveTemplate, tokenizeTemplate, type VariableScope } from '../lib/variables.js';

interface TemplateInputProps {
  label: string;
  value: string;
  scope: VariableScope;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  onPaste?: (event: ClipboardEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
}

/**
 * A one-line input whose `{{variables}}` are coloured: known ones in the accent colour, secrets in
 * amber, unknown ones in red. The text is drawn by a mirror behind a transparent input, so the caret,
 * selection and undo stay the browser's own.
 */
export function TemplateInput({
  label,
  value,
  scope,
  onChange,
  placeholder,
  className = '',
  inputRef,
  onKeyDown,
  onPaste,
  onBlur,
}: TemplateInputProps) {
  const mirror = useRef<HTMLDivElement>(null);
  const syncScroll = (input: HTMLInputElement) => {
    if (mirror.current !== null) mirror.current.scrollLeft = input.scrollLeft;
  };
  const resolved = resolveTemplate(value, scope, { secret: 'mask' });
  return (
    <div className={`template-input ${className}`}>
      <div className="template-mirror" ref={mirror} aria-hidden="true">
        {tokenizeTemplate(value, scope).map((part, index) =>
          part.kind === 'text' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
            <span key={index}>{part.text}</span>
          ) : (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
              key={index}
              className={
                part.variable === undefined
                  ? 'template-var template-var-missing'
                  : part.variable.secret
                    ? 'template-var template-var-secret'
                    : 'template-var'
              }
            >
              {part.text}
            </span>
          ),
        )}
        {/* Keeps the mirror as tall as the input when the value is empty. */}
        {'\u200b'}
      </div>
      <input
        ref={inputRef}
        className="input template-field"
        aria-label={label}
        title={resolved === value ? undefined : resolved}
        placeholder={placeholder}
        value={value}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => {
          onChange(event.target.value);
          syncScroll(event.target);
        }}
        onScroll={(event) => syncScroll(event.currentTarget)}
        onSelect={(event) => syncScroll(event.currentTarget)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={onBlur}
      />
    </div>
  );
}
