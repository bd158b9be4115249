import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeSynthesizedOutputs, synthesize } from './synthesize.js';

/** Every file under a directory, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => entry.isDirectory()
    ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`)
    : [`${prefix}${entry.name}`]);
}

const webDirectories: string[] = [];
afterAll(() => {
  removeSynthesizedOutputs();
  for (const dir of webDirectories) rmSync(dir, { recursive: true, force: true });
});

describe('SPA deployment', () => {
  it('uploads hashed assets with a year of caching, then the entry files revalidated and invalidated', () => {
    const dist = mkdtempSync(join(tmpdir(), 'daftar-web-'));
    webDirectories.push(dist);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-Ab12.js"></script>');
    writeFileSync(join(dist, 'favicon.ico'), 'icon');
    writeFileSync(join(dist, 'assets', 'index-Ab12.js'), 'console.log(1)');

    const { template, assembly } = synthesize({ webAssetsPath: dist });
    const deployments = Object.values(template.findResources('Custom::CDKBucketDeployment')) as { Properties: Record<string, any>; DependsOn?: string[] }[];
    expect(deployments).toHaveLength(2);
    const hashed = deployments.find((d) => !d.Properties.DistributionId)!;
    const entry = deployments.find((d) => d.Properties.DistributionId)!;
    expect(hashed.Properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(entry.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(entry.Properties.DistributionPaths).toEqual(['/index.html']);
    expect(hashed.Properties.Prune).toBe(false);
    expect(entry.Properties.Prune).toBe(false);

    const stagedFiles = (deployment: { Properties: Record<string, any> }) => {
      const key = deployment.Properties.SourceObjectKeys[0] as string;
      const staged = join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
      expect(existsSync(staged)).toBe(true);
      return filesUnder(staged).sort();
    };
    expect(stagedFiles(hashed)).toEqual(['assets/index-Ab12.js']);
    expect(stagedFiles(entry)).toEqual(['favicon.ico', 'index.html']);
  });
});
