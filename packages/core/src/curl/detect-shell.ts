import type { ShellName } from './shell-command.js';

/**
 * Tells a Windows cmd command (Chrome/Firefox "Copy as cURL (cmd)") from a bash one. Continuations decide:
 * lines ending in ` ^` (as both browsers write them) are cmd, lines ending in `\` are bash. A one-line command is cmd only when it uses cmd's
 * `^"` escape and no single quote, since bash commands quote with `'` and cmd copies never do.
 */
export function detectShell(text: string): ShellName {
  let caretLines = 0;
  let backslashLines = 0;
  let singleQuotes = false;
  let caretQuote = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      const previous = text[i - 1];
      const beforeCaret = text[i - 2];
      if (previous === '^' && (beforeCaret === ' ' || beforeCaret === '\t')) caretLines++;
      else if (previous === '\\') backslashLines++;
    } else if (c === "'") singleQuotes = true;
    else if (c === '^' && text[i + 1] === '"') caretQuote = true;
  }
  if (caretLines > 0 || backslashLines > 0) return caretLines > backslashLines ? 'cmd' : 'bash';
  return caretQuote && !singleQuotes ? 'cmd' : 'bash';
}
