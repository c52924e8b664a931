import { projectRoot } from '../../data/project-root.js';
import { computeCodeVersion } from '../code-version.cjs';
import { COMPILED_VERSION } from '../compiled.js';

let computed: string | undefined;

/** The fingerprint of the code building the site (see build/code-version.cjs). */
export function codeVersion(): string {
  return COMPILED_VERSION ?? (computed ??= computeCodeVersion(projectRoot()));
}
