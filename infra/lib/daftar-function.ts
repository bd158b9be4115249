import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, AssetHashType, Duration, RemovalPolicy, Stack, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { bundleLambda, ESM_REQUIRE_BANNER, LAMBDA_ALIASES, lambdaBuildOptions, LAMBDA_MAIN_FILE } from './lambda-bundle.js';
import { functionsSourceDir, repoRoot } from './paths.js';

export { ESM_REQUIRE_BANNER, LAMBDA_ALIASES, lambdaBuildOptions };

export const API_FUNCTION_MEMORY_MB = 1024;

/**
 * CDK's local bundling step for one Lambda: esbuild's JavaScript API with lambda-bundle.ts's
 * options. Its fields are data so that they enter CDK's bundling cache key: two functions with the
 * same options but different entries must not share a bundle.
 */
class LocalLambdaBundling implements ILocalBundling {
  constructor(readonly entryPath: string, readonly assets: readonly string[]) {}

  tryBundle(outputDir: string): boolean {
    bundleLambda({ entryPath: this.entryPath, outDir: outputDir, repoRoot, assets: this.assets });
    return true;
  }
}

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
 * A Daftar Lambda: Node.js 22 on Graviton, minified ESM (index.mjs and the chunks split off at
 * dynamic imports, lambda-bundle.ts) with source maps, the AWS SDK v3 bundled (see
 * docs/infrastructure.md), and a log group with a retention period.
 *
 * Not a NodejsFunction: that construct writes exactly one file (esbuild's `--outfile`, which
 * cannot be combined with `--splitting`), and it dropped the `charset` option on its way to the
 * command line. Bundling runs esbuild's API in this process; esbuild is a dependency of the
 * repository, so the Docker fallback NodejsFunction offered is not needed.
 */
export class DaftarFunction extends lambda.Function {
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
      handler: `${LAMBDA_MAIN_FILE.replace(/\.mjs$/, '')}.handler`,
    };
    if (!existsSync(entryPath) && !Stack.of(scope).bundlingRequired) {
      // A synthesis that skips bundling (assertion tests) never ships code, so a handler that
      // is still being written must not stop it. DaftarStack refuses missing entries whenever
      // it bundles, so this code never reaches a deployment.
      super(scope, id, {
        ...common,
        code: lambda.Code.fromInline(`exports.handler = async () => { throw new Error(${JSON.stringify(`functions/src/${props.entry} did not exist at synthesis`)}); };`),
      });
      Annotations.of(this).addInfo(`functions/src/${props.entry} does not exist; synthesized without code because bundling was skipped`);
      return;
    }
    super(scope, id, {
      ...common,
      // Hashed by the bundle's output (as NodejsFunction did), never by fingerprinting the
      // repository; a synthesis that skips bundling gets a placeholder hash from CDK.
      code: lambda.Code.fromAsset(repoRoot, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: lambda.Runtime.NODEJS_22_X.bundlingImage,
          local: new LocalLambdaBundling(entryPath, props.assets ?? []),
        },
      }),
    });
  }
}
