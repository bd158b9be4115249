/**
 * Writes functions/assets/api-docs/openapi.json from every resource's route definitions. The
 * document is generated at build time so the meta Lambda does not bundle every other resource's
 * code, and kept as an asset beside its bundle (routes.ts `assets`) rather than imported, so the
 * bundle does not carry it either; meta/openapi.test.ts fails when the committed file is stale.
 * Run: npm run openapi.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resourceNames, handlerEntry } from '../routes.js';
import { buildOpenApi } from './openapi.js';

/** Where the generated document is kept (and read from by meta/handler.ts when running from source). */
export const OPENAPI_FILE = fileURLToPath(new URL('../../assets/api-docs/openapi.json', import.meta.url));

export async function generateOpenApi() {
  // Entities bind their table name when their module loads; generation reads no data.
  process.env.TABLE_NAME ??= 'openapi-generation';
  // Imported after: the pipeline's modules define entities.
  const { routeDefinitions } = await import('../http/api.js');
  const resources = [];
  for (const name of resourceNames) {
    const mod = await import(`../${handlerEntry(name).replace(/\.ts$/, '.js')}`);
    resources.push(await routeDefinitions(mod.routes));
  }
  return buildOpenApi(resources);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = await generateOpenApi();
  writeFileSync(OPENAPI_FILE, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`wrote ${OPENAPI_FILE}: ${Object.keys(doc.paths).length} paths`);
}
