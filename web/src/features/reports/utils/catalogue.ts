import { REPORT_CATALOGUE, type CatalogueReportId, type ReportCategory } from '@daftar/shared/schemas/reportCatalogue';

export type CatalogueReport = (typeof REPORT_CATALOGUE)[number];

export const CATEGORY_FILTERS = ['all', 'financial', 'tax', 'business', 'compliance'] as const;
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** SPEC §2: financial blue, tax green, business purple, compliance orange. */
export const CATEGORY_COLORS = { financial: 'blue', tax: 'green', business: 'purple', compliance: 'orange' } as const satisfies Record<ReportCategory, string>;

/** SPEC §9: the hub shows 4 categories whatever the catalogue holds. */
export const CATEGORY_COUNT = 4;

/** Quick Actions' packages (SPEC §2): the month-end close and the tax filing set. */
export const MONTHLY_CLOSE_REPORTS: CatalogueReportId[] = ['profit-loss', 'balance-sheet', 'cash-flow', 'trial-balance'];
export const TAX_FILING_REPORTS: CatalogueReportId[] = ['vat-return', 'tax-summary', 'einvoice-compliance'];

export interface ReportTexts {
  title: string;
  description: string;
}

/**
 * The cards shown for a search and a category: the search matches the title or the description
 * as the reader sees them (their language), ignoring case.
 */
export function filterCatalogue(texts: (id: CatalogueReportId) => ReportTexts, search: string, category: CategoryFilter): CatalogueReport[] {
  const needle = search.trim().toLocaleLowerCase();
  return REPORT_CATALOGUE.filter((report) => {
    if (category !== 'all' && report.category !== category) return false;
    if (!needle) return true;
    const { title, description } = texts(report.id);
    return title.toLocaleLowerCase().includes(needle) || description.toLocaleLowerCase().includes(needle);
  });
}
