/** A file picked in the window, as the app keeps it to send: the page cannot learn the file's own path. */
export interface PickedFile {
  /** Where the app keeps its copy; what the endpoint's body names. */
  path: string;
  name: string;
  size: number;
}
