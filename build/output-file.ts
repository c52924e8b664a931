/** One file of the output, in memory until the write stage. */
export interface OutputFile {
  /** Root-relative path, e.g. '/club/histoire/palmares/index.html'. */
  path: string;
  contents: string | Uint8Array;
}
