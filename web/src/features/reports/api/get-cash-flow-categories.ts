import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportPeriod } from '@daftar/shared/reportPeriods';
import type { CashFlowCategoriesReportPublic } from '@daftar/shared/schemas/reportStatements';
import { api, segment } from '../../../lib/api-client';
import type { Language } from '../../../lib/i18n';
import { REPORT_STALE_TIME, reportKeys } from './keys';

/** SPEC §3 "Cash flow category report". */
export type CashFlowCategories = CashFlowCategoriesReportPublic;
export type CategoryFlow = CashFlowCategories['income_categories'][number];

/** The screen's filter values (SPEC §9); the call says `expense` for expenses (SPEC §7). */
export const CATEGORY_TYPES = ['all', 'income', 'expenses'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
const callValue = (type: CategoryType) => (type === 'expenses' ? 'expense' : type);

/** Category names (account names) come in the reader's language. */
export const cashFlowCategoriesQueryOptions = (organizationId: string, period: ReportPeriod, categoryType: CategoryType, language: Language) => {
  const query = { period, category_type: callValue(categoryType), lang: language };
  return queryOptions({
    queryKey: reportKeys.report(organizationId, 'cash-flow/categories', query),
    queryFn: ({ signal }) =>
      api.get<CashFlowCategories>(`/organizations/${segment(organizationId)}/reports/cash-flow/categories`, { organizationId, query, signal }),
    staleTime: REPORT_STALE_TIME,
  });
};

export const useCashFlowCategories = (organizationId: string | null, period: ReportPeriod, categoryType: CategoryType, language: Language) =>
  useQuery({ ...cashFlowCategoriesQueryOptions(organizationId ?? '', period, categoryType, language), enabled: !!organizationId });
