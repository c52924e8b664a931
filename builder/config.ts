import { OptionsError, parseOptions, USAGE as BUILD_USAGE, type BuildOptions } from '../build/options.js';
import { MIN_SECRET_LENGTH } from './signature.js';

/** The builder's settings: the contract of issue 32 (README, "The builder service"). */
export interface BuilderConfig {
  host: string;
  port: number;
  secret: string;
  /** `--check`: test each link of the chain and exit. */
  check: boolean;
  /** Set but no longer used (previews are read through the plugin): said once at start. */
  obsolete: string[];
  /** Run after each build that changed something, with SQBB_CHANGED_PATHS. */
  publish?: string;
  /** The build's own flags, parsed again for every build. */
  buildArgs: string[];
  /** Those flags as the first build reads them (checked at start). */
  build: BuildOptions & { wpUrl: string };
}

export const USAGE = `Usage: npm run builder -- [--check] [--publish COMMAND] [build options]
  Builds the site within seconds of a WordPress notification, publishes scheduled posts on time and
  serves previews of drafts.
  --check           checks each link of the chain (WordPress, the plugin and its secret, the builder
                    reached from WordPress, previews, the output folder), one line each, and exits
  --publish CMD     run after each build that changed files (BUILDER_PUBLISH), through the shell;
                    SQBB_CHANGED_PATHS names a file of the changed paths, SQBB_OUT_DIR the output
  Environment: BUILDER_SECRET (required, ${MIN_SECRET_LENGTH}+ characters, the plugin's SQBB_BUILDER_SECRET),
  BUILDER_PORT (default 8787), BUILDER_HOST (default 127.0.0.1), and the build's own:
${BUILD_USAGE.split('\n').slice(1).join('\n')}`;

export function parseBuilderConfig(argv: readonly string[], env: NodeJS.ProcessEnv): BuilderConfig {
  const buildArgs: string[] = [];
  let check = false;
  let publish = env.BUILDER_PUBLISH || undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] as string;
    if (arg === '--publish' || arg.startsWith('--publish=')) {
      const value = arg.startsWith('--publish=') ? arg.slice('--publish='.length) : argv[++index];
      if (!value) throw new OptionsError('option --publish needs a command');
      publish = value;
    } else if (arg === '--check') {
      check = true;
    } else if (arg === '--clean') {
      throw new OptionsError('--clean: the builder builds incrementally, as cron does; keep the nightly --clean in cron');
    } else {
      buildArgs.push(arg);
    }
  }
  const build = parseOptions(buildArgs, env);
  if (!build.wpUrl) throw new OptionsError('set WP_API_URL (or pass --wp URL): the builder builds from a live WordPress');
  if (build.clean) throw new OptionsError('BUILD_CLEAN: the builder builds incrementally, as cron does');
  const secret = env.BUILDER_SECRET ?? '';
  if (secret.length < MIN_SECRET_LENGTH) throw new OptionsError(`BUILDER_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32), the same as the plugin's SQBB_BUILDER_SECRET`);
  const port = Number(env.BUILDER_PORT ?? '8787');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new OptionsError(`BUILDER_PORT: "${env.BUILDER_PORT}" is not a port number`);
  return {
    host: env.BUILDER_HOST || '127.0.0.1',
    port,
    secret,
    check,
    obsolete: ['WP_APP_USER', 'WP_APP_PASSWORD'].filter((name) => env[name]),
    ...(publish ? { publish } : {}),
    buildArgs,
    build: { ...build, wpUrl: build.wpUrl },
  };
}
