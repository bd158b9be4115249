/**
 * How every Daftar Lambda is bundled: the one definition used by DaftarFunction (CDK) and by the
 * bundle benchmark (bench/bundles.ts), so the benchmark measures what deploys.
 *
 * The bundle is split at dynamic `import()`s: esbuild writes `index.mjs` plus chunks beside it, and
 * a module reached only through `import()` (the PDF writer with pdfkit and fontkit, the mailer, the
 * SDK's rarely used credential providers) is a chunk Node reads only when a request needs it, not
 * at every cold start. Code shared by the handler and such a module goes into chunks that
 * index.mjs imports statically, so each module still exists once per Lambda instance.
 */
import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { cpSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * ESM bundles still contain CommonJS dependencies (busboy, parts of the SDK's transitive tree)
 * that call `require` for Node built-ins; ESM has no `require`, so the banner provides one. It
 * heads every chunk, since each is a module of its own.
 */
export const ESM_REQUIRE_BANNER = "import { createRequire as __daftarCreateRequire } from 'node:module'; const require = __daftarCreateRequire(import.meta.url);";

/**
 * Modules replaced in every bundle, relative to the repository root (esbuild's working directory).
 * fontkit imports brotli for WOFF2 fonts only; the stand-in keeps its 454 KiB dictionary out of
 * the PDF routes' bundles (documents/pdf/no-woff2.ts).
 */
export const LAMBDA_ALIASES: Record<string, string> = {
  'brotli/decompress.js': './functions/src/documents/pdf/no-woff2.ts',
};

/** The handler's file in the output directory (the Lambda handler is `index.handler`). */
export const LAMBDA_MAIN_FILE = 'index.mjs';

/**
 * esbuild options of every Lambda. `charset: 'utf8'` keeps Arabic text and non-ASCII bytes of the
 * dependencies as they are (esbuild's ASCII default escapes each, ~6 % larger); Node reads ESM
 * files as UTF-8. Chunks are written beside index.mjs, so `import.meta.url` of any chunk names the
 * bundle's directory (documents/pdf/fonts.ts finds `fonts/` there).
 */
export const lambdaBuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  banner: { js: ESM_REQUIRE_BANNER },
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  charset: 'utf8',
  alias: LAMBDA_ALIASES,
  external: [],
  splitting: true,
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
} as const satisfies BuildOptions;

export interface LambdaBundleRequest {
  /** Absolute path of the handler's source file (or `overrides.stdin` gives the source). */
  entryPath?: string;
  /** Directory to write index.mjs, its chunks and source maps into. */
  outDir: string;
  /** The repository root: esbuild's working directory, against which LAMBDA_ALIASES resolve. */
  repoRoot: string;
  /** Folders of functions/assets copied into outDir (`fonts` → `<outDir>/fonts/`). */
  assets?: readonly string[];
  /** Options over lambdaBuildOptions (the benchmark's ASCII comparison build). */
  overrides?: BuildOptions;
}

/** Bundles one Lambda synchronously (CDK's local bundling cannot wait for a promise). */
export function bundleLambda(request: LambdaBundleRequest): { metafile: Metafile } {
  const result = buildSync({
    ...lambdaBuildOptions,
    ...request.overrides,
    ...(request.entryPath ? { entryPoints: [request.entryPath] } : {}),
    entryNames: LAMBDA_MAIN_FILE.replace(/\.mjs$/, ''),
    outdir: request.outDir,
    absWorkingDir: request.repoRoot,
    metafile: true,
  });
  for (const folder of request.assets ?? []) {
    cpSync(join(request.repoRoot, 'functions', 'assets', folder), join(request.outDir, folder), { recursive: true });
  }
  return { metafile: result.metafile };
}

/**
 * The files Node reads when the Lambda's init imports index.mjs: index.mjs and every chunk it
 * imports statically, transitively (not those behind an `import()`), as paths relative to the
 * output directory. Found from the import statements esbuild wrote, so it needs no metafile.
 */
export function initialFiles(outDir: string, main = LAMBDA_MAIN_FILE): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(outDir, file), 'utf8');
    // Minified chunk imports: `import{a as b}from"./chunk-X.mjs";` or `import"./chunk-X.mjs";`.
    // `import("./x.mjs")` (a call) is a dynamic import and does not match.
    for (const match of code.matchAll(/import(?:\s*\{[^}]*\}\s*from|\s*\*\s*as\s*[\w$]+\s*from|\s+[\w$]+\s*from)?\s*["']\.\/([^"']+\.mjs)["']/g)) {
      visit(match[1]!);
    }
  };
  visit(main);
  return [...seen];
}

/** Bytes of the files initialFiles() names: what a cold start parses. */
export function initialBytes(outDir: string, main = LAMBDA_MAIN_FILE): number {
  return initialFiles(outDir, main).reduce((sum, file) => sum + statSync(join(outDir, file)).size, 0);
}
