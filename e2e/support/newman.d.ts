/** The part of newman's Node API the parity tests use: newman ships no types of its own. */
declare module 'newman' {
  export interface NewmanRunOptions {
    collection: string;
    environment?: string;
    iterationData?: string;
    iterationCount?: number;
    reporters: string[];
    reporter: Record<string, { export: string }>;
    timeoutRequest?: number;
  }
  export function run(options: NewmanRunOptions, done: (error: Error | null) => void): unknown;
}
