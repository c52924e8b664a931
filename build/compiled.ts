import { projectRoot } from '../data/project-root.js';
import { computeCodeVersion } from './code-version.mjs';

/** Defined by build/launch.mjs when it compiles the build: the fingerprint of the sources it was compiled from. */
declare const __SQBB_CODE_VERSION__: string | undefined;

/** Set when the build runs compiled (npm run build), undefined when it runs from its TypeScript sources (tests). */
export const COMPILED_VERSION: string | undefined = typeof __SQBB_CODE_VERSION__ === 'string' ? __SQBB_CODE_VERSION__ : undefined;

let computed: string | undefined;

/** The fingerprint of the code building the site (see build/code-version.mjs). */
export function codeVersion(): string {
  return COMPILED_VERSION ?? (computed ??= computeCodeVersion(projectRoot()));
}
