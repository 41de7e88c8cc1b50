/** Characters that need no escape at all in a cmd.exe argument, quoted or not. */
const PLAIN = /^[A-Za-z0-9_\-.:/=@+,]+$/;
/** Characters cmd.exe leaves alone inside an argument; every other one gets a `^`. */
const CMD_SAFE = /[A-Za-z0-9\s_\-:=+~'/.,?;()*`\\]/;

/**
 * Quotes a value for a Windows command line (cmd.exe running curl.exe), as browsers' "Copy as cURL (cmd)"
 * writes it, so that curl receives exactly `value`. Two parsers read it in turn: the C runtime's argument
 * splitting (a quote inside quotes is `\"`, and backslashes before a quote double), then, before it, cmd.exe,
 * whose quote state must never toggle (every quote is `^"`), whose specials each get a `^`, and which would
 * expand `%NAME%` (broken up as `%^NAME`). A line break is `^` and the break twice: the first continues the line,
 * the second is the character.
 */
export function toCmdWord(value: string): string {
  if (PLAIN.test(value)) return value;
  const forRuntime = value
    .replace(/(\\*)"/g, (_match, slashes: string) => `${slashes}${slashes}\\"`)
    .replace(/(\\+)$/, '$1$1');
  let out = '';
  for (let i = 0; i < forRuntime.length; i++) {
    const c = forRuntime.charAt(i);
    if (c === '\n') out += '^\n\n';
    else if (c === '%') out += /[A-Za-z0-9_]/.test(forRuntime.charAt(i + 1)) ? '%^' : '^%';
    else if (CMD_SAFE.test(c) && c !== '\r') out += c;
    else out += `^${c}`;
  }
  return `^"${out}^"`;
}
