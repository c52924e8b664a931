/**
 * `npm run builder`: the builder service (README, "The builder service"). React's production build,
 * as the compiled build (build/launch.mjs) uses: chosen before anything loads React.
 */
process.env.NODE_ENV ??= 'production';

const { main } = await import('./main.js');
// Kept-alive connections to WordPress would hold the process a few seconds after the service stopped.
process.exit(await main(process.argv.slice(2), process.env));

export {};
