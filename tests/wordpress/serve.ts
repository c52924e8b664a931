import { startWordPress } from './server.js';

/**
 * `npx tsx tests/wordpress/serve.ts [seed.json]`: a seeded test WordPress until Ctrl-C, e.g. to
 * refresh the embedded snapshot with `WP_API_URL=<printed URL> npm run snapshot`.
 */
const wordpress = await startWordPress(process.argv[2], (line) => console.log(line));
console.log(`WP_API_URL=${wordpress.apiUrl}`);
const shutdown = () => {
  wordpress.stop().then(() => process.exit(0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
