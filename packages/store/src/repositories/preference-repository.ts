import type { StoreContext } from '../store-context.js';

/** The app's own settings, by name; what each holds is its reader's business. */
export class PreferenceRepository {
  constructor(private readonly context: StoreContext) {}

  get(key: string): string | undefined {
    return this.context.statement<{ value: string }>('SELECT value FROM preferences WHERE key = ?').get(key)?.value;
  }

  set(key: string, value: string): void {
    this.context
      .statement(
        'INSERT INTO preferences (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }
}
