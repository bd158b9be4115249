/** API and table shapes of statement figures: money as decimal strings, rows of the report table. */
import type { StatementAccountLine } from '@daftar/shared/schemas/reportStatements';
import type { ReportColumn, ReportRow, ReportTablePublic } from '@daftar/shared/schemas/reportCatalogue';
import type { ReportLanguage, ReportRequest } from '../definition.js';
import { accountName, money, type AccountAmount } from './books.js';

export function presentLine({ account, amount }: AccountAmount, currency: string): StatementAccountLine {
  return { account_id: account.id, code: account.code, name: account.name, name_ar: account.name_ar ?? null, amount: money(amount, currency) };
}
export const presentLines = (lines: readonly AccountAmount[], currency: string) => lines.map((line) => presentLine(line, currency));

// ---------------------------------------------------------------------------------------------
// Report tables

export const column = (key: string, label: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, label, kind });

export const row = (cells: ReportRow['cells'], style: NonNullable<ReportRow['style']> = 'normal', indent = 0): ReportRow => ({ cells, style, indent });

/** One row per account: code, name in the report's language, and the amount (plus any extra cells). */
export function accountRows(language: ReportLanguage, lines: readonly AccountAmount[], currency: string, extra?: (line: AccountAmount) => ReportRow['cells']): ReportRow[] {
  return lines.map((line) => row({ code: line.account.code, account: accountName(language, line.account), amount: money(line.amount, currency), ...extra?.(line) }, 'normal', 1));
}

/** The frame every statement table shares. */
export function statementTable(
  request: ReportRequest,
  fields: Pick<ReportTablePublic, 'report_id' | 'title' | 'period_label' | 'from' | 'to' | 'highlights' | 'sections'> & { notes?: string[] },
): ReportTablePublic {
  return {
    organization_name: request.organization.name,
    currency: request.organization.currency,
    language: request.language,
    generated_at: new Date().toISOString(),
    notes: [],
    ...fields,
  };
}
