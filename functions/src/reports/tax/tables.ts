/** The tax and compliance reports of the catalogue (SPEC §2), each laid out as one report table. */
import type { ReportDefinition } from '../definition.js';
import { auditTrailReport } from './audit-trail.js';
import { einvoiceComplianceReport } from './einvoice-compliance.js';
import { expenseBreakdownReport } from './expense-breakdown.js';
import { inventoryValuationReport } from './inventory-valuation.js';
import { taxSummaryReport } from './tax-summary.js';
import { vatReturnReport } from './vat-return.js';

export const taxReports: ReportDefinition[] = [
  vatReturnReport,
  taxSummaryReport,
  expenseBreakdownReport,
  inventoryValuationReport,
  einvoiceComplianceReport,
  auditTrailReport,
];
