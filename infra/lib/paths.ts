import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root: NodejsFunction's project root, where the one npm lock file lives. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const functionsSourceDir = join(repoRoot, 'functions', 'src');
export const lockFile = join(repoRoot, 'package-lock.json');
export const webDistDir = join(repoRoot, 'web', 'dist');
export const cdkJsonPath = join(repoRoot, 'cdk.json');
