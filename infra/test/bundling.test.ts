import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTable } from '@daftar/functions/routes';
import { removeSynthesizedOutputs, resourcesOf, synthesize } from './synthesize.js';

afterAll(removeSynthesizedOutputs);

describe('bundling', () => {
  it('bundles a handler offline with the local esbuild into one ESM file that runs', () => {
    const started = Date.now();
    // With an asset folder, as the invoices function has its PDF fonts.
    const { resourceTemplates, assembly } = synthesize({ routeTable: { meta: { ...routeTable.meta, assets: ['fonts'] } }, schedules: {}, consumers: {} }, { bundle: true });
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(120);

    const [, fn] = resourcesOf([resourceTemplates.meta!], 'AWS::Lambda::Function')[0]!;
    const assetDir = join(assembly.directory, `asset.${(fn.Properties.Code.S3Key as string).replace(/\.zip$/, '')}`);
    const bundle = join(assetDir, 'index.mjs');
    expect(existsSync(bundle)).toBe(true);
    expect(existsSync(`${bundle}.map`)).toBe(true);
    // Copied beside index.mjs, where documents/pdf/fonts.ts looks first.
    expect(existsSync(join(assetDir, 'fonts', 'IBMPlexSansArabic-Regular.ttf'))).toBe(true);
    const code = readFileSync(bundle, 'utf8');
    expect(code.startsWith("import { createRequire as __daftarCreateRequire } from 'node:module';")).toBe(true);
    // The SDK is bundled, not left to the runtime's copy.
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//);

    // Load the bundle in a plain Node process, as Lambda does, and call the health route.
    const event = {
      version: '2.0', routeKey: 'GET /api/v1/health', rawPath: '/api/v1/health', rawQueryString: '',
      headers: { host: 'example.com' }, isBase64Encoded: false,
      requestContext: { requestId: 'bundle-test', http: { method: 'GET', path: '/api/v1/health', sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'vitest' } },
    };
    const script = `const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
const response = await handler(${JSON.stringify(event)}, { awsRequestId: 'bundle-test' });
process.stdout.write('\\nRESPONSE ' + JSON.stringify(response));`;
    const output = execFileSync(process.execPath, ['--enable-source-maps', '--input-type=module', '-e', script], {
      // What the stack sets (values are never used by the health route, but entities read
      // TABLE_NAME when their module loads).
      env: {
        PATH: process.env.PATH, AWS_REGION: 'me-central-1', LOG_LEVEL: 'error', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        TABLE_NAME: 'daftar', JWT_SECRET_ID: 'jwt', UPLOADS_BUCKET: 'uploads', EXPORTS_BUCKET: 'exports',
        EINVOICE_QUEUE_URL: 'https://sqs.me-central-1.amazonaws.com/1/einvoice', FORECAST_QUEUE_URL: 'https://sqs.me-central-1.amazonaws.com/1/forecast',
        APP_URL: 'https://app.daftar.jo',
      },
      encoding: 'utf8',
    });
    const response = JSON.parse(output.slice(output.lastIndexOf('RESPONSE ') + 'RESPONSE '.length)) as { statusCode: number; body: string };
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it('refuses to bundle when a route-table resource has no handler file', () => {
    expect(() => synthesize({
      routeTable: { meta: routeTable.meta, ledger: { description: 'not written yet', routes: ['GET /api/v1/ledger'] } },
      schedules: {},
      consumers: {},
    }, { bundle: true })).toThrow(/functions\/src has no ledger\/handler\.ts/);
  });
});
