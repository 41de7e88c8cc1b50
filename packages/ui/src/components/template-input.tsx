import type { VariableScope } from '../lib/variables.js';
import { CodeEditor } from './code-editor.js';

interface TemplateInputProps {
  label: string;
  value: string;
  scope: VariableScope;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
  onEnter?: () => void;
  onPaste?: (text: string, whole: boolean) => boolean;
  onBlur?: () => void;
}

/**
 * A one-line field that takes `{{variables}}`: the shared editor (lib/editor/setup.ts) in its one-line form,
 * so a URL, a header value or an auth field colours, completes and explains variables as a body does.
 */
export function TemplateInput({ className = '', ...props }: TemplateInputProps) {
  return <CodeEditor {...props} className={`input template-input ${className}`} />;
}
