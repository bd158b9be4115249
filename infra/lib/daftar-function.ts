import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Charset, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { functionsSourceDir, lockFile, repoRoot } from './paths.js';

/**
 * ESM bundles still contain CommonJS dependencies (busboy, parts of the SDK's transitive tree)
 * that call `require` for Node built-ins; ESM has no `require`, so the banner provides one.
 */
export const ESM_REQUIRE_BANNER = "import { createRequire as __daftarCreateRequire } from 'node:module'; const require = __daftarCreateRequire(import.meta.url);";

export const API_FUNCTION_MEMORY_MB = 1024;

/**
 * Modules replaced in every bundle, relative to the repository root (esbuild's working directory
 * when CDK bundles). fontkit imports brotli for WOFF2 fonts only; the stand-in keeps its 454 KiB
 * dictionary out of the PDF routes' bundles (documents/pdf/no-woff2.ts).
 */
export const LAMBDA_ALIASES: Record<string, string> = {
  'brotli/decompress.js': './functions/src/documents/pdf/no-woff2.ts',
};

/**
 * esbuild arguments NodejsFunction has no working prop for. Its `charset` prop never reaches the
 * esbuild command line, so the bundles came out ASCII (every Arabic letter and non-ASCII byte of
 * the dependencies escaped, ~6 % larger); `--charset=utf8` is passed here instead. Node reads
 * ESM files as UTF-8, so the output means the same.
 */
export const LAMBDA_ESBUILD_ARGS: Record<string, string | string[]> = {
  '--charset': 'utf8',
  '--alias': Object.entries(LAMBDA_ALIASES).map(([from, to]) => `${from}=${to}`),
};

export interface DaftarFunctionProps {
  /** The entry file relative to functions/src, e.g. `invoices/handler.ts`. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  timeout: Duration;
  memorySize?: number;
  /**
   * Folders of functions/assets copied beside the bundle (`fonts` → `<bundle>/fonts/`): files the
   * code reads at run time, such as the fonts of the bilingual PDFs.
   */
  assets?: readonly string[];
}

/**
 * A Daftar Lambda: Node.js 22 on Graviton, one minified ESM file with its source map, the AWS
 * SDK v3 bundled (see docs/infrastructure.md), and a log group with a retention period.
 */
export class DaftarFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: DaftarFunctionProps) {
    const entryPath = join(functionsSourceDir, props.entry);
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const common = {
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? API_FUNCTION_MEMORY_MB,
      timeout: props.timeout,
      logGroup,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    };
    if (!existsSync(entryPath) && !Stack.of(scope).bundlingRequired) {
      // A synthesis that skips bundling (assertion tests) never ships code, so a handler that
      // is still being written must not stop it. DaftarStack refuses missing entries whenever
      // it bundles, so this code never reaches a deployment.
      super(scope, id, {
        ...common,
        handler: 'index.handler',
        code: lambda.Code.fromInline(`exports.handler = async () => { throw new Error(${JSON.stringify(`functions/src/${props.entry} did not exist at synthesis`)}); };`),
      });
      Annotations.of(this).addInfo(`functions/src/${props.entry} does not exist; synthesized without code because bundling was skipped`);
      return;
    }
    super(scope, id, {
      ...common,
      entry: entryPath,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        charset: Charset.UTF8,
        esbuildArgs: LAMBDA_ESBUILD_ARGS,
        externalModules: [],
        logLevel: LogLevel.WARNING,
        forceDockerBundling: false,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) =>
            (props.assets ?? []).map((folder) => `cp -R "${join(inputDir, 'functions', 'assets', folder)}" "${join(outputDir, folder)}"`),
        },
      },
    });
  }
}
