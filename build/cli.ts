/**
 * `npm run build`: exit 0 with a report, or non-zero with a one-line reason (output untouched).
 * It runs compiled (build/launch.cjs calls `main`), with React's production build chosen at
 * compile time: the development build is several times slower and its extra checks are the
 * tests' business, not the build's.
 */
import { OptionsError, parseOptions, USAGE } from './options.js';
import { runBuild } from './run.js';

/** Runs the command line `argv`; true when a build ran to its end. */
export async function main(argv: readonly string[]): Promise<boolean> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return false;
  }
  try {
    await runBuild(parseOptions(argv, process.env));
    return true;
  } catch (error) {
    const reason = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
    process.stderr.write(`Build failed: ${reason.split('\n')[0]}\n`);
    if (error instanceof OptionsError && error.message.includes('\n')) process.stderr.write(`${USAGE}\n`);
    process.exitCode = 1;
    return false;
  }
}
