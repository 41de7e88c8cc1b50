/**
 * `npm run dev`: the service from its TypeScript sources under `tsx watch`, which restarts it when a file it
 * loads changes. The `dev` profile (`application-dev.yaml`) is the default here: readable log lines.
 */
process.env.PROFILE ??= 'dev';
await import('./main.js');
