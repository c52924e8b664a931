/** Replaced by build/launch.cjs when it compiles the build: the fingerprint of the sources it was compiled from. */
declare const __SQBB_CODE_VERSION__: string | undefined;

/** Set when the build runs compiled (npm run build), undefined when it runs from its TypeScript sources (tests, tsx). */
export const COMPILED_VERSION: string | undefined = typeof __SQBB_CODE_VERSION__ === 'string' ? __SQBB_CODE_VERSION__ : undefined;
