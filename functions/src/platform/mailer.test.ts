import { describe, expect, it } from 'vitest';
import { isolateLtr } from '../documents/pdf/bidi.js';
import { plainBidi, renderEmail } from './mailer.js';

const ISOLATES = /[\u2066-\u2069]/;

describe('right-to-left text in mail', () => {
  it('writes isolated runs between left-to-right marks in plain text, which no client draws as a box', () => {
    const subject = plainBidi(`فاتورة ${isolateLtr('INV-000001')} بتاريخ ${isolateLtr('2026-11-21')}`);
    expect(subject).toBe('فاتورة \u200EINV-000001\u200E بتاريخ \u200E2026-11-21\u200E');
    expect(subject).not.toMatch(ISOLATES);
    // Stray embedding and isolate controls go too; text without any is left as it is.
    expect(plainBidi('\u202BAmount\u202C: 5 \u2068JOD\u2069')).toBe('Amount: 5 JOD');
    expect(plainBidi('Invoice INV-000001 from Al-Noor')).toBe('Invoice INV-000001 from Al-Noor');
  });

  it('renders isolated runs as <span dir="ltr"> in HTML and with marks in text/plain', () => {
    const { text, html } = renderEmail({
      en: { heading: 'Invoice INV-000001', paragraphs: ['Amount due: 11.166 JOD.'] },
      ar: { heading: `الفاتورة ${isolateLtr('INV-000001')}`, paragraphs: [`المبلغ المستحق: ${isolateLtr('11.166 JOD')}.`, `<${isolateLtr('a&b')}>`] },
    });
    expect(text).not.toMatch(ISOLATES);
    expect(text).toContain('المبلغ المستحق: \u200E11.166 JOD\u200E.');
    expect(html).not.toMatch(ISOLATES);
    expect(html).toContain('<h2>الفاتورة <span dir="ltr">INV-000001</span></h2>');
    expect(html).toContain('<p>المبلغ المستحق: <span dir="ltr">11.166 JOD</span>.</p>');
    // What the content says is still escaped; only the isolate becomes markup.
    expect(html).toContain('<p>&lt;<span dir="ltr">a&amp;b</span>&gt;</p>');
  });
});
