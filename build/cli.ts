/**
 * `npm run build`: exit 0 with a report, or non-zero with a one-line reason (output untouched).
 * It runs compiled (build/launch.mjs), with React's production build chosen at compile time: the
 * development build is several times slower and its extra checks are the tests' business, not the
 * build's.
 */
export {};

const { OptionsError, parseOptions, USAGE } = await import('./options.js');
const { runBuild } = await import('./run.js');

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  try {
    await runBuild(parseOptions(argv, process.env));
  } catch (error) {
    const reason = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
    process.stderr.write(`Build failed: ${reason.split('\n')[0]}\n`);
    if (error instanceof OptionsError && error.message.includes('\n')) process.stderr.write(`${USAGE}\n`);
    process.exitCode = 1;
  }
}

await main();
