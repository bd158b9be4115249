/**
 * The local mail page: every message the functions sent through SES, newest first. Messages come
 * from the SES emulator's outbox folder, or from LocalStack's `/_aws/ses` endpoint when the local
 * runtime runs against LocalStack.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMessage } from './emulators.js';

export interface MailSource {
  /** Newest first, at most `limit`. */
  list(limit: number): Promise<OutboxMessage[]>;
  get(id: string): Promise<OutboxMessage | null>;
}

/** The SES emulator's outbox: one JSON file per message, named `<sent_at>-<id>.json`. */
export function outboxMail(dir: string): MailSource {
  const files = async () => {
    try { return (await readdir(dir)).filter((f) => f.endsWith('.json')).sort().reverse(); } catch { return []; }
  };
  const read = async (file: string) => JSON.parse(await readFile(join(dir, file), 'utf8')) as OutboxMessage;
  return {
    async list(limit) { return Promise.all((await files()).slice(0, limit).map(read)); },
    async get(id) {
      const file = (await files()).find((f) => f.endsWith(`-${id}.json`));
      return file ? read(file) : null;
    },
  };
}

interface LocalStackMessage {
  Id: string;
  Destination?: { ToAddresses?: string[] };
  Source?: string;
  Subject?: string;
  Body?: { text_part?: string | null; html_part?: string | null };
  RawData?: string;
  Timestamp?: string;
}

/** LocalStack keeps sent messages and lists them, oldest first, at `GET /_aws/ses`. */
export function localStackMail(endpoint: string): MailSource {
  const all = async (): Promise<OutboxMessage[]> => {
    const res = await fetch(new URL('/_aws/ses', endpoint));
    if (!res.ok) throw new Error(`LocalStack /_aws/ses answered ${res.status}`);
    const { messages } = (await res.json()) as { messages: LocalStackMessage[] };
    return messages.map((m) => ({
      id: m.Id,
      to: m.Destination?.ToAddresses ?? [],
      from: m.Source ?? '',
      subject: m.Subject ?? (m.RawData ? /^Subject: (.*)$/m.exec(m.RawData)?.[1] ?? '' : ''),
      text: m.Body?.text_part ?? '',
      html: m.Body?.html_part ?? '',
      sent_at: m.Timestamp ?? '',
    })).reverse();
  };
  return {
    async list(limit) { return (await all()).slice(0, limit); },
    async get(id) { return (await all()).find((m) => m.id === id) ?? null; },
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function formatSize(bytes: number) {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The page: the list on the left, the selected message (HTML in a sandboxed frame, text below). */
export function mailPage(messages: OutboxMessage[], selected: OutboxMessage | null): string {
  const rows = messages.map((m) => `<li${selected?.id === m.id ? ' class="on"' : ''}><a href="/_local/mail?id=${encodeURIComponent(m.id)}">
<span class="to">${esc(m.to.join(', '))}</span><span class="subject">${esc(m.subject)}</span><time datetime="${esc(m.sent_at)}">${esc(m.sent_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time></a></li>`).join('');
  const detail = selected
    ? `<article><h2>${esc(selected.subject)}</h2>
<dl><dt>From</dt><dd>${esc(selected.from)}</dd><dt>To</dt><dd>${esc(selected.to.join(', '))}</dd><dt>Sent</dt><dd>${esc(selected.sent_at)}</dd>
${selected.attachments?.length ? `<dt>Attachments</dt><dd><ul class="att">${selected.attachments.map((a) => `<li>${esc(a.filename)} <small>(${esc(a.content_type)}, ${formatSize(a.size)})</small></li>`).join('')}</ul></dd>` : ''}
</dl>
<p class="links"><a href="/_local/mail/${encodeURIComponent(selected.id)}.json">JSON</a></p>
${selected.html ? `<h3>HTML</h3><iframe title="HTML version" sandbox src="/_local/mail/${encodeURIComponent(selected.id)}.html"></iframe>` : ''}
<h3>Text</h3><pre>${esc(selected.text)}</pre></article>`
    : `<article class="empty"><p>${messages.length ? 'Select a message.' : 'No messages yet. E-mails the app sends (verification codes, invitations, password resets) appear here.'}</p></article>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Daftar local mail</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;height:100vh;color:#1c2024}
nav{width:26rem;border-right:1px solid #ddd;overflow:auto;flex:none}
nav h1{font-size:1rem;margin:0;padding:.75rem 1rem;border-bottom:1px solid #ddd;display:flex;justify-content:space-between}
nav ul{list-style:none;margin:0;padding:0}
nav li a{display:grid;padding:.5rem 1rem;border-bottom:1px solid #eee;text-decoration:none;color:inherit}
nav li.on a{background:#eef4ff}
.to{font-size:.8rem;color:#555}.subject{font-weight:600}time{font-size:.75rem;color:#777}
article{flex:1;overflow:auto;padding:1rem 1.5rem}
article.empty{color:#666}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#666}dd{margin:0}
ul.att{margin:0;padding-left:1rem}
iframe{width:100%;height:28rem;border:1px solid #ddd}
pre{white-space:pre-wrap;background:#f6f8fa;padding:1rem;border:1px solid #eee}
</style></head><body>
<nav><h1><span>Local mail</span><a href="/_local/mail">Refresh</a></h1><ul>${rows}</ul></nav>
${detail}</body></html>`;
}
