/**
 * Everything the reports routes run, as one module the reports Lambda loads on the first call of
 * any reports route but the catalogue list (`import('../implementation.js')` in each routes file).
 * The route files keep only the routes' definitions, so a cold start evaluates none of the
 * statements, analyses, tax reports, export code or the ledger code they use (issue #13).
 *
 * One module rather than one per report or per group: each module loaded by `import()` is an entry
 * of the bundle's code splitting, and every further entry splits the modules the cold start reads
 * into more chunk files (with one entry per group a cold start read 24 files instead of 16, and
 * loaded at ×1.51 of the baseline bundle instead of ×1.44). The first report call of an instance
 * pays for the whole module once instead.
 */
export { loadReportOrganization, reportRequest, resolvePeriod } from './request.js';
export { balanceSheet, presentBalanceSheet } from './statements/balance-sheet.js';
export { cashFlowCategories, presentCashFlowCategories } from './statements/cash-flow-categories.js';
export { cashFlowStatement, presentCashFlowStatement } from './statements/cash-flow-statement.js';
export { presentProfitLoss, profitLoss } from './statements/profit-loss.js';
export { presentTrialBalance, trialBalance } from './statements/trial-balance.js';
export { presentWorkingCapital, workingCapital } from './statements/working-capital.js';
export { payablesAnalysis, receivablesAnalysis } from './analyses/ageing.js';
export { dashboardMetrics } from './analyses/dashboard-metrics.js';
export { posCashierPerformance, posDashboardMetrics, posSalesSummary, posShiftReconciliation } from './analyses/pos.js';
export { revenueAnalytics } from './analyses/revenue-analytics.js';
export { jordanTaxReturn, resolveFilingPeriod } from './tax/jordan-tax.js';
export { bulkExport, exportReport, previewReport } from './export/run.js';
