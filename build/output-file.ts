/** One file of the output, in memory until the write stage. */
export interface OutputFile {
  /** Root-relative path, e.g. '/club/histoire/palmares/index.html'. */
  path: string;
  contents: string | Uint8Array;
  /** The contents' length in bytes, when the maker already measured it (a page's UTF-8 length costs as much to measure again). */
  size?: number;
  /**
   * The size of the file this one replaces in the output in place, when the build cache knows it:
   * another size is another file, known without reading the one on disk.
   */
  previousSize?: number;
}
