/** Lines for a person reading the terminal, each prefixed with the local time of day. */
export function createLineLogger(write: (text: string) => void): (line: string) => void {
  return (line) => {
    const time = new Date().toLocaleTimeString('en-GB', { hour12: false });
    write(`${time} ${line}\n`);
  };
}
