export function usage(version: string): string {
  return `client ${version}: Client, a local-first API client with an agent control plane

Usage:
  client [--no-window]                          run the app (store, agent control plane, UI) until Ctrl-C;
                                                opens the UI window unless --no-window
  client status                                 print whether the control plane answers, and where (JSON)
  client project list                           print the projects (JSON)
  client project create <name> [--base-url URL] [--description TEXT]
                                                create a project (JSON); works beside a running app
  client project link <project> <folder>        keep the project as YAML files in the folder, which then wins:
                                                a folder that already holds client-project.yml is read in
  client project unlink <project>               stop keeping the project in its folder (JSON): the files stay,
                                                the project keeps what it holds now
  client project open <folder>                  the project linked to a folder of files, or a new one made
                                                from them (JSON)
  client agent allow --project <id|name> --minutes N
                                                let agents send the project's endpoints without asking,
                                                for N minutes (JSON); works beside a running app
  client agent revoke [--project <id|name>]     end every standing permission, or a project's (JSON)
  client agent list                             print the project permissions in force (JSON)
  client import <file|folder|url> [--project ID|NAME] [--format auto|openapi|swagger|postman|insomnia|bruno|har]
         [--on-match update|skip|duplicate] [--dry-run]
                                                import a collection into a new project, or merge it into one (JSON);
                                                a Postman environment file goes into the --project's environments;
                                                a linked project's folder is copied into a new project
  client export <project> --format openapi|postman [--folder ID] [--out FILE]
                                                export a project as OpenAPI 3.1 or Postman v2.1, secrets as {{vars}}
  client backup --out FILE [--with-secrets]     every project, environment and history entry to one JSON file;
                                                secrets only with --with-secrets, encrypted with a passphrase
                                                read from standard input
  client restore FILE [--with-secrets]          restore a backup as new projects; its secrets with --with-secrets
                                                and the passphrase on standard input
  client run <project id|name | file | folder> [--folder ID] [--env NAME|FILE] [--data FILE] [--iterations N]
         [--delay MS] [--bail] [--timeout MS] [--insecure] [--reporter cli|json|junit]… [--out-json FILE]
         [--out-junit FILE]
                                                run a project's (or folder's) requests with their scripts and
                                                assertion rows, as newman runs a collection; a collection file
                                                or a linked project's folder runs without being imported, with
                                                no data dir. Exit 0: every check passed,
                                                1: something failed, 2: the run could not start
  client run … --load [--connections N] [--duration 30s]
                                                send the requests over N connections (10) for the duration
                                                (10s) and print throughput, latency and statuses
  client mock <project id|name> [--folder ID] [--port N] [--no-validate] [--delay MS|MIN-MAX] [--cors ORIGINS]
                                                serve the project (or folder) as a mock API on 127.0.0.1 from
                                                its examples and API description, from port 4010 unless --port;
                                                prints a line per request until Ctrl-C. --cors: * (the default)
                                                or origins separated by commas; works beside a running app
  client --version | --help

Environment: CLIENT_DATA_DIR=/abs/path uses another data dir; CLIENT_FLAVOR=release|dev picks the install;
CLIENT_BROWSER=/abs/path opens the window with that browser instead of the first Chromium-family one found.
`;
}
