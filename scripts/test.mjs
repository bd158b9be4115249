#!/usr/bin/env node
/**
 * `npm test`: one vitest run over every project (shared, functions, infra, web when present),
 * streamed as it runs, then one last line `N passed, N failed[, N skipped]` read from vitest's
 * JSON report. The exit code is vitest's. Extra arguments go to vitest
 * (`npm test -- --project functions functions/src/users`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules/.bin/vitest');
const reportDir = mkdtempSync(join(tmpdir(), 'daftar-test-report-'));
const reportFile = join(reportDir, 'vitest.json');

const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  // A project without test files yet is not a failure of the others.
  '--passWithNoTests',
  ...process.argv.slice(2),
];

const child = spawn(vitest, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

const exitCode = await new Promise((done) => {
  child.on('error', (err) => { console.error(`Could not run vitest (${vitest}): ${err.message}`); done(1); });
  child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
});

/** Counts from the JSON report. A file that failed before running any test counts as one failure. */
function summarize(report) {
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

let counts;
if (existsSync(reportFile)) {
  try { counts = summarize(JSON.parse(readFileSync(reportFile, 'utf8'))); } catch (err) { console.error(`Unreadable vitest report: ${err.message}`); }
}
rmSync(reportDir, { recursive: true, force: true });
if (!counts) {
  // vitest ended before writing its report (a crash, a bad config): that is one failure.
  console.error('vitest wrote no report.');
  counts = { passed: 0, failed: 1, skipped: 0 };
}
const finalCode = exitCode !== 0 ? exitCode : counts.failed > 0 ? 1 : 0;
console.log(`${counts.passed} passed, ${counts.failed} failed${counts.skipped > 0 ? `, ${counts.skipped} skipped` : ''}`);
process.exit(finalCode);
