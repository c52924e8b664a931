// Preloaded into a child build by tests/unit/wordpress-hostile.test.ts: prints the process's peak
// resident memory (kilobytes) on stderr when it exits, whatever the exit.
'use strict';
process.on('exit', () => process.stderr.write(`max-rss-kb ${process.resourceUsage().maxRSS}\n`));
