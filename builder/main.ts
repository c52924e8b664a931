import { OptionsError } from '../build/options.js';
import { parseBuilderConfig, USAGE } from './config.js';
import { startBuilder } from './service.js';

/** Starts the service and keeps it until SIGTERM or SIGINT; resolves with the exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let builder;
  try {
    builder = await startBuilder(parseBuilderConfig(argv, env));
  } catch (error) {
    process.stderr.write(`Builder not started: ${error instanceof OptionsError ? '' : `${(error as Error).name}: `}${(error as Error).message}\n`);
    return 1;
  }
  const running = builder;
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      process.stdout.write(`${new Date().toISOString()} builder stopping (${signal}): waiting for the build running, if any\n`);
      running.stop().then(resolve, resolve);
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  });
  return 0;
}
