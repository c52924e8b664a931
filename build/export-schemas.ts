import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { dataDir } from '../data/project-root.js';
import { DATA_FILES } from '../src/schemas/data-files.js';

/**
 * `npm run schemas`: the zod schemas of src/schemas as JSON Schemas in data/schemas/<name>.json,
 * which every data file names in "$schema" so that editors complete and check it while typing.
 * The input side is exported (what the file holds); rules written as code (a local image must
 * exist, ids unique) are the build's to check. A unit test fails when these files are stale.
 */
export function exportedSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, spec] of Object.entries(DATA_FILES)) {
    const schema = z.toJSONSchema(spec.schema, { io: 'input', unrepresentable: 'any' });
    const titled = { ...schema, title: name === 'season' ? 'data/season/<YYYY-YY>.json' : `data/${name}.json` };
    files.set(`${name}.json`, `${JSON.stringify(titled, null, 2)}\n`);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = path.join(dataDir(), 'schemas');
  const schemas = exportedSchemas();
  mkdirSync(folder, { recursive: true });
  for (const [file, text] of schemas) writeFileSync(path.join(folder, file), text);
  process.stdout.write(`${schemas.size} JSON Schemas written to data/schemas/\n`);
}
