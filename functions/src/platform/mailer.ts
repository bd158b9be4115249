import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { randomBytes } from 'node:crypto';
import { config } from './config.js';
import { logger } from './logger.js';

const ses = new SESv2Client({});

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

/** Sends through SES v2 (locally the SES emulator writes it to the outbox). */
export async function sendMail(mail: Mail): Promise<void> {
  const to = [mail.to].flat();
  const from = config.mailFrom;
  const content = mail.attachments?.length
    ? { Raw: { Data: Buffer.from(buildMime(from, mail)) } }
    : { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } } } };
  await ses.send(new SendEmailCommand({ FromEmailAddress: from, Destination: { ToAddresses: to }, Content: content }));
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
    return `<div dir="${dir}" lang="${lang}" style="text-align:${lang === 'ar' ? 'right' : 'left'}"><h2>${escapeHtml(c.heading)}</h2>${c.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${code}${button}</div>`;
  };
  const html = `<!doctype html><html><body style="font-family:Arial,Tahoma,sans-serif;max-width:600px;margin:auto">${block('en')}<hr>${block('ar')}</body></html>`;
  const textBlock = (lang: 'en' | 'ar') => {
    const c = content[lang];
    return [c.heading, '', ...c.paragraphs, ...(content.code ? ['', content.code] : []), ...(content.actionUrl ? ['', content.actionUrl] : [])].join('\n');
  };
  return { text: `${textBlock('en')}\n\n----\n\n${textBlock('ar')}`, html };
}
