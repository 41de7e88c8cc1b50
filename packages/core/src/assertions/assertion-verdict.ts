/** One assertion row's verdict: what the window shows beside the row after a Send, and what a run reports. */
export interface AssertionVerdict {
  /** The row's text (`status eq 200`): its name in results and reports. */
  assertion: string;
  passed: boolean;
  /** A switched-off row: never checked, never failed. */
  skipped?: true;
  /** The value the row read, as text (cut when long); null when it found nothing. */
  actual: string | null;
  /** Why it failed, in words a person acts on; absent when it passed. */
  message?: string;
}
