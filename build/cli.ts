/**
 * `npm run build`: exit 0 with a report, or non-zero with a one-line reason (the site online
 * untouched). It runs compiled (build/launch.mjs calls `main`), with React's production build
 * chosen at compile time.
 */
import { BuildLockedError } from './lock.js';
import { OptionsError, parseOptions, USAGE, wantsHelp } from './options.js';
import { runBuild } from './pipeline.js';
import { withoutCredentials } from './redact-credentials.js';

/** Runs the command line `argv`; true when a build ran to its end. */
export async function main(argv: readonly string[]): Promise<boolean> {
  if (wantsHelp(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return false;
  }
  try {
    await runBuild(parseOptions(argv, process.env));
    return true;
  } catch (error) {
    const reason = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
    process.stderr.write(`Build failed: ${withoutCredentials(reason.split('\n')[0] ?? '')}\n`);
    if (error instanceof OptionsError && error.message.includes('\n')) process.stderr.write(`${USAGE}\n`);
    process.exitCode = error instanceof BuildLockedError ? error.exitCode : 1;
    return false;
  }
}
