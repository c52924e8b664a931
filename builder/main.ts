import { OptionsError } from '../build/options.js';
import { checkChain, formatCheck } from './check.js';
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
    const config = parseBuilderConfig(argv, env);
    if (config.check) {
      const lines = await checkChain(config);
      process.stdout.write(`${formatCheck(lines)}\n`);
      return lines.every((line) => line.ok) ? 0 : 1;
    }
    builder = await startBuilder(config);
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
