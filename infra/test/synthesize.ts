import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { DaftarStack, type DaftarStackProps } from '../lib/daftar-stack.js';
import { cdkJsonPath } from '../lib/paths.js';

/** The feature flags and settings of cdk.json, so tests synthesize what `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(cdkJsonPath, 'utf8')) as { context: Record<string, unknown> }).context;
}

const outputDirectories: string[] = [];

/** Deletes every cloud assembly synthesize() wrote (bundles and the CLI layer are large). */
export function removeSynthesizedOutputs() {
  for (const dir of outputDirectories.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Synthesizes a DaftarStack into a temporary directory. Bundling is skipped unless asked for:
 * the assertions are about the templates, not the code.
 */
export function synthesize(props: DaftarStackProps = {}, options: { context?: Record<string, unknown>; bundle?: boolean } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'daftar-cdk-'));
  outputDirectories.push(outdir);
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext(),
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  const stack = new DaftarStack(app, 'DaftarStack', props);
  const template = Template.fromStack(stack);
  const resourceTemplates = Object.fromEntries(Object.entries(stack.resourceApis).map(([name, api]) => [name, Template.fromStack(api)]));
  return { app, stack, template, resourceTemplates, assembly: app.synth() };
}

/** Resources of one type across templates, as [logicalId, resource] pairs. */
export function resourcesOf(templates: Template[], type: string): [string, { Properties: Record<string, any> }][] {
  return templates.flatMap((t) => Object.entries(t.findResources(type)) as [string, { Properties: Record<string, any> }][]);
}
