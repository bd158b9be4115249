import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { DaftarStack } from '../lib/daftar-stack.js';
import { webDistDir } from '../lib/paths.js';

const app = new App();

// With credentials the CLI names the target account and region; without them (offline synth,
// CI) the stack stays environment-agnostic.
const env = process.env.CDK_DEFAULT_ACCOUNT && process.env.CDK_DEFAULT_REGION
  ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION }
  : undefined;

new DaftarStack(app, 'DaftarStack', {
  env,
  webAssetsPath: existsSync(join(webDistDir, 'index.html')) ? webDistDir : undefined,
});
Tags.of(app).add('project', 'daftar');
