/** The embedded default, and the two server databases the project is tested against. */
export const DATABASE_DRIVERS = ['better-sqlite3', 'pg', 'mysql2'] as const;
export type DatabaseDriver = (typeof DATABASE_DRIVERS)[number];

/** The `datasource` block of `application.yaml`. */
export interface DataSourceConfig {
  /** The npm package of the driver; it is loaded only when selected, so unused drivers can be uninstalled. */
  readonly driver: DatabaseDriver;
  /** `:memory:` or a file path for SQLite, `postgres://host:port/db` or `mysql://host:port/db` otherwise. */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly maximumPoolSize: number;
}
