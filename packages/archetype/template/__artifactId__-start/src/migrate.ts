import { Database, type MigrationCommand } from '@__groupId__/__artifactId__-infrastructure';

import { loadConfig } from './config/load-config.js';

/**
 * `npm run db:migrate [-- latest | down | status]`: applies the pending migrations (the default), undoes the
 * last one, or lists them, on the primary datasource of the configuration (`PROFILE`, `APP_…` and `.env` apply).
 * A release step when `migrations.runAtStartup` is false.
 */
const COMMANDS: readonly MigrationCommand[] = ['latest', 'down', 'status'];

async function migrate(command: MigrationCommand): Promise<void> {
  const config = await loadConfig();
  const database = await Database.connect(config.datasource);
  try {
    if (command === 'status') {
      for (const { name, executedAt } of await database.migrationStatus()) {
        console.log(`${executedAt ? `applied ${executedAt.toISOString()}` : 'pending'}  ${name}`);
      }
      return;
    }
    const names = command === 'latest' ? await database.migrateToLatest() : await database.migrateDown();
    const verb = command === 'latest' ? 'applied' : 'undid';
    console.log(names.length > 0 ? `${verb} ${names.join(', ')}` : 'nothing to do');
  } finally {
    await database.close();
  }
}

const command = (process.argv[2] ?? 'latest') as MigrationCommand;
if (!COMMANDS.includes(command)) {
  console.error(`unknown command "${command}"; use one of ${COMMANDS.join(', ')}`);
  process.exitCode = 2;
} else {
  await migrate(command).catch((error: unknown) => {
    console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
