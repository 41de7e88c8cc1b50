const twoDigits = (value: number): string => (value < 10 ? `0${value}` : String(value));

/**
 * The 24-hour local time of day, as `toLocaleTimeString('en-GB', { hour12: false })` writes it. Read from the date's
 * own fields: an `Intl.DateTimeFormat` loads the runtime's locale data, about 8 MiB of resident memory for the
 * lifetime of the app, to write the same eight characters.
 */
function formatTimeOfDay(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}

/** Lines for a person reading the terminal, each prefixed with the local time of day (`14:03:07`). */
export function createLineLogger(write: (text: string) => void): (line: string) => void {
  return (line) => {
    write(`${formatTimeOfDay(new Date())} ${line}\n`);
  };
}
