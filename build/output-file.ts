/** One file of the output, in memory until the write stage. */
export interface OutputFile {
  /** Root-relative path, e.g. '/club/histoire/palmares/index.html'. */
  path: string;
  contents: string | Uint8Array;
  /** The contents' length in bytes, when the maker already measured it (a page's UTF-8 length costs as much to measure again). */
  size?: number;
}
