/** The options in bin/client.js's shebang, in order: the Node options every launcher of the app passes. */
export function appNodeFlags(clientBin?: string): string[];
