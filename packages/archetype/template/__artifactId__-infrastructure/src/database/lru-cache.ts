/** A map that keeps its `capacity` most recently used entries and drops the least recently used one beyond. */
export class LruCache<K, V> {
  // A Map iterates in insertion order: re-inserting an entry on use keeps the least recently used one first.
  private readonly entries = new Map<K, V>();

  // The most recently used key: using it again changes no order, and a hot query is used again and again.
  private newest: K | undefined;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) this.touch(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.touch(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  private touch(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
  }

  /** The value for `key`, made by `create` and kept when there was none. */
  getOrCreate(key: K, create: () => V): V {
    const value = this.get(key);
    if (value !== undefined) return value;
    const created = create();
    this.set(key, created);
    return created;
  }

  clear(): void {
    this.entries.clear();
    this.newest = undefined;
  }
}
