import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { reportPdf } from './pdf.js';
import { longTable, sampleTable, SAMPLE_ORGANIZATION } from './test-tables.js';

interface PlacedText {
  text: string;
  x: number;
  y: number;
}

/** Each page's text items as pdf.js reads them (Arabic in logical order), with their positions. */
async function pdfPages(bytes: Buffer): Promise<PlacedText[][]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: PlacedText[][] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(
      content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ text: item.str.trim(), x: item.transform[4] as number, y: item.transform[5] as number }] : [])),
    );
  }
  await pdf.destroy();
  return pages;
}

const texts = (pages: PlacedText[][]) => pages.flat().map((p) => p.text);
const find = (page: PlacedText[], text: string) => {
  const found = page.find((p) => p.text === text);
  expect(found, `"${text}" on the page: ${page.map((p) => p.text).join(' | ')}`).toBeDefined();
  return found!;
};

describe('report PDF', () => {
  it('prints the header, highlights and sections with grouped amounts', async () => {
    // Act
    const bytes = await reportPdf(sampleTable('en'), { timeZone: 'Asia/Amman' });

    // Assess
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(1);
    const all = texts(pages);
    expect(all).toContain(SAMPLE_ORGANIZATION);
    expect(all).toContain('Profit & Loss Statement');
    expect(all).toContain('1–30 Jun 2026');
    // 09:30 UTC is 12:30 in Amman (UTC+3).
    expect(all).toContain('Generated: 2026-07-01 12:30');
    expect(all).toContain('1,234,567.500 JOD');
    expect(all).toContain('1,080,246.500');
    expect(all).toContain('-2,500.250');
    expect(all).toContain('87.5%');
    expect(all).toContain('1,204');
    expect(all).toContain('2026-06-15');
    expect(all).toContain('No cost of sales in this period');
    expect(all).toContain('Page 1 of 1');
    // Amounts are right-aligned: the right edges of the figures in one column line up.
    const page = pages[0]!;
    const big = find(page, '1,080,246.500');
    const small = find(page, '11.166');
    expect(big.x).toBeLessThan(small.x);
    // Left to right: the label column is left of the amounts.
    expect(find(page, 'Local sales, cash').x).toBeLessThan(big.x);
  });

  it('lays an Arabic report out right to left, Arabic text readable in logical order', async () => {
    // Act
    const bytes = await reportPdf(sampleTable('ar'), { timeZone: 'Asia/Amman' });

    // Assess
    const pages = await pdfPages(bytes);
    const all = texts(pages);
    expect(all).toContain('قائمة الدخل');
    expect(all).toContain('مؤسسة النور للتجارة');
    expect(all).toContain('صافي الربح');
    expect(all).toContain('مبيعات محلية، نقدية');
    expect(all).toContain('لا توجد تكلفة مبيعات في هذه الفترة');
    expect(all).toContain('1,080,246.500');
    expect(all.some((t) => t.startsWith('صفحة 1 من 1'))).toBe(true);
    // Mirrored columns: the label column is at the right, the amounts to its left.
    const page = pages[0]!;
    const label = find(page, 'مبيعات محلية، نقدية');
    const amount = find(page, '1,080,246.500');
    expect(label.x).toBeGreaterThan(amount.x);
    // The title starts at the right edge (its run ends near the right margin, far from the left one).
    expect(find(page, 'قائمة الدخل').x).toBeGreaterThan(300);
  });

  it('runs a long table onto further pages, the column headers repeated and every page numbered', async () => {
    // Act
    const bytes = await reportPdf(longTable(160), { timeZone: 'Asia/Amman' });

    // Assess
    const pages = await pdfPages(bytes);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      const words = page.map((p) => p.text);
      expect(words).toContain('Description');
      expect(words).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(texts(pages.slice(1))).toContain('Events (continued)');
    // Every row is printed once.
    const all = texts(pages);
    for (const n of [1, 80, 160]) expect(all.filter((t) => t === `Journal entry JE-${String(n).padStart(6, '0')}`)).toHaveLength(1);
    expect(all).toContain('1,600.125');
  });

  it('prints a section with more columns than the page holds in smaller type, within the page', async () => {
    // Prepare
    const wide = (count: number) => {
      const table = sampleTable('en');
      const keys = Array.from({ length: count }, (_, i) => `m${i}`);
      table.sections = [
        {
          title: 'Wide',
          columns: [{ key: 'label', label: 'Label', kind: 'text' }, ...keys.map((key) => ({ key, label: `Month ${key}`, kind: 'money' as const }))],
          rows: [
            { cells: Object.fromEntries([['label', 'A label long enough to wrap over several lines of a narrow column'], ...keys.map((k) => [k, '-123456789.000'])]), style: 'normal', indent: 4 },
            { cells: Object.fromEntries([['label', 'Total'], ...keys.map((k) => [k, '999999999.999'])]), style: 'total', indent: 0 },
          ],
        },
      ];
      return table;
    };

    // Act
    const pages = await pdfPages(await reportPdf(wide(8), { timeZone: 'Asia/Amman' }));
    const crowded = await pdfPages(await reportPdf(wide(16), { timeZone: 'Asia/Amman' }));

    // Assess
    const items = pages.flat();
    expect(items.filter((item) => item.text === '-123,456,789.000')).toHaveLength(8);
    expect(items.filter((item) => item.text === '999,999,999.999')).toHaveLength(8);
    for (const item of items) {
      expect(item.x).toBeGreaterThanOrEqual(39);
      expect(item.x).toBeLessThan(595.28 - 40);
    }
    // Past what the smallest type holds, the section is still printed (crowded), never lost.
    expect(crowded).toHaveLength(1);
    expect(texts(crowded).join(' ')).toContain('m15');
  });
});
