import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { randomBytes } from 'node:crypto';
import { config } from './config.js';
import { logger } from './logger.js';

let sesClient: SESv2Client | undefined;
/**
 * The SES client is loaded by the first mail sent: the Lambdas that import this module (auth,
 * users, invitations, …) send mail from a few routes only, and their cold start need not read the
 * client (infra/lib/lambda-bundle.ts puts it in a chunk of its own).
 */
const ses = async () => {
  const { SESv2Client, SendEmailCommand } = await import('@aws-sdk/client-sesv2');
  sesClient ??= new SESv2Client({});
  return { client: sesClient, SendEmailCommand };
};

export interface Attachment { filename: string; contentType: string; content: Buffer }
export interface Mail { to: string | string[]; subject: string; text: string; html: string; attachments?: Attachment[] }

const b64lines = (buf: Buffer) => buf.toString('base64').replace(/.{76}/g, '$&\r\n');
const encodeHeader = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`);

/** A MIME message (multipart/mixed with an alternative text/html part), for mail with attachments. */
export function buildMime(from: string, mail: Mail): string {
  const to = [mail.to].flat();
  const mixed = `mixed_${randomBytes(12).toString('hex')}`;
  const alt = `alt_${randomBytes(12).toString('hex')}`;
  const lines = [
    `From: ${from}`,
    `To: ${to.join(', ')}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64lines(Buffer.from(mail.text)),
    `--${alt}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64lines(Buffer.from(mail.html)),
    `--${alt}--`,
  ];
  for (const a of mail.attachments ?? []) {
    lines.push(
      `--${mixed}`,
      `Content-Type: ${a.contentType}; name="${a.filename}"`,
      `Content-Disposition: attachment; filename="${a.filename}"`,
      'Content-Transfer-Encoding: base64',
      '',
      b64lines(a.content),
    );
  }
  lines.push(`--${mixed}--`, '');
  return lines.join('\r\n');
}

/**
 * A left-to-right run that the content isolated for right-to-left text (U+2066 … U+2069, see
 * isolateLtr in documents/pdf/bidi.ts). The PDFs keep those isolates; in mail they are rewritten,
 * because several mail clients (and the fonts they fall back to) do not know them and draw boxes.
 */
const LTR_ISOLATE = /\u2066([^\u2066-\u2069]*)\u2069/g;
/** Any other isolate or embedding control that reached a message: the same clients draw those too. */
const STRAY_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Plain text (subjects, text/plain): the run between two left-to-right marks (U+200E, known to
 * every client since Unicode 1.1 and drawn by none). The mark before it makes digits after Arabic
 * words left to right ("2025-06-15" is not shown "15-06-2025"); the one after keeps the run's
 * trailing neutrals inside it.
 */
export const plainBidi = (text: string) => text.replace(LTR_ISOLATE, '\u200E$1\u200E').replace(STRAY_CONTROLS, '');

/** HTML: the run as `<span dir="ltr">`, which HTML isolates by itself. Takes escaped HTML. */
const htmlBidi = (html: string) => html.replace(LTR_ISOLATE, '<span dir="ltr">$1</span>').replace(STRAY_CONTROLS, '');

/** Sends through SES v2 (locally the SES emulator writes it to the outbox). */
export async function sendMail(original: Mail): Promise<void> {
  const mail: Mail = { ...original, subject: plainBidi(original.subject), text: plainBidi(original.text) };
  const to = [mail.to].flat();
  const from = config.mailFrom;
  const content = mail.attachments?.length
    ? { Raw: { Data: Buffer.from(buildMime(from, mail)) } }
    : { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } } } };
  const { client, SendEmailCommand } = await ses();
  await client.send(new SendEmailCommand({ FromEmailAddress: from, Destination: { ToAddresses: to }, Content: content }));
  logger.info('mail sent', { subject: mail.subject, recipients: to.length });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface EmailContent {
  /** English and Arabic versions; Daftar's users read either, so every message carries both. */
  en: { heading: string; paragraphs: string[]; action?: string };
  ar: { heading: string; paragraphs: string[]; action?: string };
  actionUrl?: string;
  /** A code shown large, e.g. a verification code. */
  code?: string;
}

/** Renders a bilingual message: English first, then Arabic right-to-left. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const block = (lang: 'en' | 'ar') => {
    const c = content[lang];
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    const button = content.actionUrl && c.action
      ? `<p><a href="${escapeHtml(content.actionUrl)}" style="background:#1a56db;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(c.action)}</a></p>`
      : '';
    const code = content.code ? `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(content.code)}</p>` : '';
    const text = (value: string) => htmlBidi(escapeHtml(value));
    return `<div dir="${dir}" lang="${lang}" style="text-align:${lang === 'ar' ? 'right' : 'left'}"><h2>${text(c.heading)}</h2>${c.paragraphs.map((p) => `<p>${text(p)}</p>`).join('')}${code}${button}</div>`;
  };
  const html = `<!doctype html><html><body style="font-family:Arial,Tahoma,sans-serif;max-width:600px;margin:auto">${block('en')}<hr>${block('ar')}</body></html>`;
  const textBlock = (lang: 'en' | 'ar') => {
    const c = content[lang];
    return [c.heading, '', ...c.paragraphs, ...(content.code ? ['', content.code] : []), ...(content.actionUrl ? ['', content.actionUrl] : [])].join('\n');
  };
  return { text: plainBidi(`${textBlock('en')}\n\n----\n\n${textBlock('ar')}`), html };
}
