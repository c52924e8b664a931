/**
 * Why one image could not be used. The build never fails on an image: the caller turns a problem
 * into a warning naming the post, and the page shows the post without that image.
 */
type MediaProblemKind =
  /** Not a URL the build may fetch (another host or scheme, outside the uploads folder). */
  | 'refused'
  /** No answer after the retries (timeout, DNS), or WordPress's addresses unreadable this time. */
  | 'unreachable'
  /** An error status (404, 500 after the retries…). */
  | 'http'
  | 'too-large'
  /** The bytes are no image at all (an HTML error page saved as .jpg). */
  | 'not-an-image'
  /** An image the site does not publish (TIFF, BMP, HEIC…). */
  | 'unsupported'
  /** SVG declared as another type, or the other way round. */
  | 'type-mismatch'
  /** The file cannot be decoded to the end. */
  | 'truncated'
  | 'too-many-pixels'
  /** A snapshot's local file that is not there. */
  | 'missing-file'
  /** Inspected but not converted or stored (an encoder error, a full disk). */
  | 'failed';

export interface MediaProblemData {
  kind: MediaProblemKind;
  /** One line, with the URL or file; the caller adds the post. */
  message: string;
}

export class MediaProblem extends Error {
  override name = 'MediaProblem';
  constructor(
    readonly kind: MediaProblemKind,
    message: string,
  ) {
    super(message);
  }

  toData(): MediaProblemData {
    return { kind: this.kind, message: this.message };
  }
}

/** Problems that will not go away by asking again; transient ones (timeouts, 5xx) are not remembered. */
export function isLasting(problem: MediaProblemData): boolean {
  return problem.kind !== 'unreachable' && problem.kind !== 'failed' && !(problem.kind === 'http' && /\bHTTP (5\d\d|429)\b/.test(problem.message));
}
