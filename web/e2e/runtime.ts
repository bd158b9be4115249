/**
 * What the browser tests need around them: a Chromium, a fresh build of the SPA, and the real
 * local runtime (`npm start`) on a free port with its own data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const webDir = join(repoRoot, 'web');

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  return CHROMIUM_CANDIDATES.find((path): path is string => !!path && existsSync(path)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** The environment without vitest's NODE_ENV=test, which would give a development build of React. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_ENV;
  return env;
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/** Builds web/dist when it is missing or older than the sources it comes from. */
export async function ensureFreshBuild() {
  const built = newestMtime(join(webDir, 'dist/index.html'));
  const sources = Math.max(
    newestMtime(join(webDir, 'src')),
    newestMtime(join(webDir, 'index.html')),
    newestMtime(join(webDir, 'vite.config.ts')),
    newestMtime(join(repoRoot, 'shared/src')),
  );
  if (built > sources) return;
  await run(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], webDir);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

export interface Runtime {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
  /**
   * A crash of the server: its process killed at once (SIGKILL) in whatever it was doing, the data
   * left where it is, for `startRuntime({ port, dataDir })` to start again on it. The database
   * emulator it had started is then stopped cleanly (SIGTERM): in the cloud the database is DynamoDB,
   * which keeps what it acknowledged; DynamoDB Local killed at once can lose acknowledged writes.
   */
  crash(): Promise<{ port: number; dataDir: string }>;
}

/**
 * `node --import tsx infra/local/start.ts` on a free port with a throw-away DATA_DIR, or (after a
 * `crash()`) again on the port and data it had.
 */
export async function startRuntime(again?: { port: number; dataDir: string }): Promise<Runtime> {
  const port = again?.port ?? (await freePort());
  const dataDir = again?.dataDir ?? mkdtempSync(join(tmpdir(), 'daftar-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    cwd: repoRoot,
    env: childEnv({ PORT: String(port), DATA_DIR: dataDir }),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a crash takes the emulators it started with it.
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The local runtime exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The local runtime did not answer /api/v1/health within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timeout);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      if (child.exitCode === null && child.pid) {
        const group = child.pid;
        child.kill('SIGKILL');
        await exited;
        // What it started (DynamoDB Local) is left in its process group: stopped cleanly, then waited for.
        try {
          process.kill(-group, 'SIGTERM');
        } catch {
          // nothing left in the group
        }
        const deadline = Date.now() + 30_000;
        for (;;) {
          try {
            process.kill(-group, 0);
          } catch {
            break;
          }
          if (Date.now() > deadline) {
            process.kill(-group, 'SIGKILL');
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      return { port, dataDir };
    },
  };
}

export interface OutboxMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

/** E-mails the SES emulator wrote to DATA_DIR/outbox for one address, oldest first. */
export function outbox(dataDir: string, to: string): OutboxMessage[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxMessage)
    .filter((message) => message.to.map((a) => a.toLowerCase()).includes(to.toLowerCase()));
}

/** Waits for an e-mail to `to` whose text matches `pattern`, and returns the first capture. */
export async function waitForMail(dataDir: string, to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const message of outbox(dataDir, to).reverse()) {
      const match = pattern.exec(message.text);
      if (match) return match[1] ?? match[0];
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
