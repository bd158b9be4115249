/**
 * Writes functions/src/meta/openapi.json from every resource's route definitions. The document is
 * generated at build time so the meta Lambda does not bundle every other resource's code;
 * meta/openapi.test.ts fails when the committed file is stale. Run: npm run openapi.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resourceNames, handlerEntry } from '../routes.js';
import { buildOpenApi } from './openapi.js';

export async function generateOpenApi() {
  // Entities bind their table name when their module loads; generation reads no data.
  process.env.TABLE_NAME ??= 'openapi-generation';
  const resources = [];
  for (const name of resourceNames) {
    const mod = await import(`../${handlerEntry(name).replace(/\.ts$/, '.js')}`);
    resources.push(mod.routes);
  }
  return buildOpenApi(resources);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = await generateOpenApi();
  const out = fileURLToPath(new URL('./openapi.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${out}: ${Object.keys(doc.paths).length} paths`);
}
