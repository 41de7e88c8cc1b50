export function usage(version: string): string {
  return `client ${version}: Client, a local-first API client with an agent control plane

Usage:
  client [--no-window]                          run the app (store, agent control plane, UI) until Ctrl-C;
                                                opens the UI window unless --no-window
  client status                                 print whether the control plane answers, and where (JSON)
  client project list                           print the projects (JSON)
  client project create <name> [--base-url URL] [--description TEXT]
                                                create a project (JSON); works beside a running app
  client --version | --help

Environment: CLIENT_DATA_DIR=/abs/path uses another data dir; CLIENT_FLAVOR=release|dev picks the install;
CLIENT_BROWSER=/abs/path opens the window with that browser instead of the first Chromium-family one found.
`;
}
