/** Exit code for a command line client-mcp does not understand (the usual usage-error code). */
export const USAGE_EXIT_CODE = 2;
