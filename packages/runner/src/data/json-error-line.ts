/** The line (from 1) of `text` where JSON.parse stopped, from its error. */
export function jsonErrorLine(text: string, error: Error): number {
  const stated = /at position (\d+)/.exec(error.message);
  const offset = stated === null ? lastViablePrefix(text) : Number(stated[1]);
  return text.slice(0, offset).split('\n').length;
}

/**
 * How long the longest start of `text` is that valid JSON could still follow (where the parser stopped): V8
 * names no position for an unexpected token. A start is viable when it parses, or fails only for ending early.
 */
function lastViablePrefix(text: string): number {
  const viable = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (error) {
      const message = (error as Error).message;
      return message.includes('Unexpected end') || message.endsWith(`at position ${length}`);
    }
  };
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (viable(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
