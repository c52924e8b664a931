import path from 'node:path';
import { OptionsError, parseOptions, wantsHelp } from './options.js';
import { log } from './progress.js';
import { saveSnapshot } from './wordpress/snapshot.js';

const USAGE = `Usage: WP_API_URL=https://cms.example/wp-json/wp/v2 npm run snapshot [-- --content DIR]
  Saves every post, category and tag of the live WordPress, and the media they use, into DIR
  (default data/wordpress), the embedded content of \`npm run build\`.`;

/** `npm run snapshot`: exit 0 with a summary, or non-zero with a one-line reason (snapshot untouched). */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    log(USAGE);
    return;
  }
  try {
    const options = parseOptions(argv, process.env);
    if (!options.wpUrl) throw new OptionsError('set WP_API_URL (or pass --wp URL) to the WordPress REST base');
    const result = await saveSnapshot(options.wpUrl, options.contentDir, log);
    log(
      `snapshot   ${result.posts} posts, ${result.categories} categories, ${result.tags} tags, ${result.mediaFiles} media files ` +
        `(${(result.mediaBytes / 1024).toFixed(0)} KB) saved in ${path.relative(process.cwd(), options.contentDir) || '.'}`,
    );
  } catch (error) {
    const reason = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
    process.stderr.write(`Snapshot failed: ${reason.split('\n')[0]}\n`);
    process.exitCode = 1;
  }
}

await main();
