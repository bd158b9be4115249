import { describe, expect, it } from 'vitest';
import { bulkExportFileName, displayCell, exportFileName, fileNamePart, generatedAtText, groupThousands } from './format.js';

describe('export file names', () => {
  it('names the cash flow statement as SPEC §7 says and other reports by their route name', () => {
    expect(exportFileName('cash-flow', 'Al-Noor Trading', '2026-06-15', 'pdf')).toBe('cash-flow-statement-Al-Noor Trading-2026-06-15.pdf');
    expect(exportFileName('cash-flow', 'Al-Noor Trading', '2026-06-15', 'excel')).toBe('cash-flow-statement-Al-Noor Trading-2026-06-15.xlsx');
    expect(exportFileName('cash-flow', 'Al-Noor Trading', '2026-06-15', 'csv')).toBe('cash-flow-statement-Al-Noor Trading-2026-06-15.csv');
    expect(exportFileName('receivables-analysis', 'مؤسسة النور', '2026-06-15', 'csv')).toBe('receivables-analysis-مؤسسة النور-2026-06-15.csv');
    expect(bulkExportFileName('Noor', '2026-06-15')).toBe('reports-Noor-2026-06-15.zip');
  });

  it('keeps the organization name, only characters no file system takes become hyphens', () => {
    expect(fileNamePart('Noor / Sons: "A|B"')).toBe('Noor - Sons- -A-B-');
    expect(fileNamePart('  ..hidden  ')).toBe('hidden');
    expect(fileNamePart('///')).toBe('-');
    expect(fileNamePart('')).toBe('organization');
  });
});

describe('printed cells', () => {
  it('groups thousands and keeps signs and decimals', () => {
    expect(groupThousands('1234567.500')).toBe('1,234,567.500');
    expect(groupThousands('-1000')).toBe('-1,000');
    expect(groupThousands('999.99')).toBe('999.99');
    expect(displayCell('12.5', 'percent')).toBe('12.5%');
    expect(displayCell(1204, 'number')).toBe('1,204');
    expect(displayCell(null, 'money')).toBe('');
    expect(displayCell('n/a', 'money')).toBe('n/a');
  });

  it('prints the generation time in the organization zone', () => {
    expect(generatedAtText('2026-07-01T21:30:00.000Z', 'Asia/Amman')).toBe('2026-07-02 00:30');
    expect(generatedAtText('2026-07-01T21:30:00.000Z', 'Not/AZone')).toBe('2026-07-01 21:30');
  });
});
