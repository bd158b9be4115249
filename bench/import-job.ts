/**
 * One catalogue import job run in a process of its own, as the queue's Lambda runs it
 * (bench/catalogue-import.ts starts it with the bench's local environment): prints the job's time
 * and the process's peak resident memory before and after the job — what Lambda reports as
 * "Max Memory Used" — as one JSON line.
 */
export {};

const [organizationId, jobId] = process.argv.slice(2);
if (!organizationId || !jobId) throw new Error('usage: import-job.ts <organization_id> <job_id>');
const { runImportJob } = await import('../functions/src/products/import/run.js');
const kib = () => process.resourceUsage().maxRSS;
const before = kib();
const started = performance.now();
const job = await runImportJob(organizationId, jobId);
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, state: job?.state ?? null, max_rss_before_kib: before, max_rss_kib: kib() }));
process.exit(0);
