/**
 * The tax route of the reports resource: Jordan's GST return (SPEC §7 `reports/jordan-tax`). The
 * return's code is imported on the route's first call (../implementation.ts), not at cold start.
 */
import { jordanTaxReportPublic, jordanTaxReportQuery } from '@daftar/shared/schemas/reportTax';
import { defineRouteGroup, route } from '../../http/api.js';

const ORG = '/api/v1/organizations/{organization_id}';

export const routes = defineRouteGroup('reports', {
  [`GET ${ORG}/reports/jordan-tax`]: route({
    access: { org: 'viewer' },
    summary:
      "Jordan's general sales tax return for a two-month filing period (tax_period = its first month, YYYY-MM; or the period holding the end of `period`; default the last one completed): sales and output tax by rate, zero-rated and exempt sales, input tax on purchases, net due, due date, and the check against the ledger's tax accounts",
    query: jordanTaxReportQuery,
    response: jordanTaxReportPublic,
    handler: async ({ organizationId, query }) => {
      const { jordanTaxReturn, loadReportOrganization, resolveFilingPeriod } = await import('../implementation.js');
      const organization = await loadReportOrganization(organizationId!);
      return jordanTaxReturn(organization, resolveFilingPeriod(query, organization));
    },
  }),
});
