/**
 * Receivables and payables analyses (SPEC §3 "Receivables analysis"; reports.md): what customers
 * owe, or what the organization owes suppliers, on a date, aged by days past due, its average age,
 * the risk (openDocuments.ts `riskLevel`: collection risk for customers, payment risk for
 * suppliers) and the contacts owed the most. One analysis over the open documents of a side: the
 * open invoices for customers, the open bills for suppliers (openDocuments.ts explains why each
 * total is its control account's balance). Customer credits from overpayments and returns are a
 * liability, and advances paid to suppliers sit in prepaid expenses: neither is netted here.
 */
import type { PayablesAnalysisPublic, ReceivablesAnalysisPublic } from '@daftar/shared/schemas/reportAnalyses';
import { todayIn } from '../../ledger/dates.js';
import type { ReportOrganization } from '../definition.js';
import { loadReportOrganization } from '../request.js';
import { moneyText } from './common.js';
import { ageDocuments, agingText, contactNames, openBills, openInvoices, type AgingFigures, type ContactName } from './openDocuments.js';

export const TOP_CONTACTS = 5;

/** What is aged: what customers owe (open invoices) or what is owed to suppliers (open bills). */
export type AgeingSide = 'receivable' | 'payable';

const OPEN_DOCUMENTS = { receivable: openInvoices, payable: openBills } as const;

export interface AgeingFigures {
  organization: ReportOrganization;
  asOf: string;
  figures: AgingFigures;
  /** Names of the contacts asked for (the top five, or all of them for the ageing by contact). */
  names: Map<string, ContactName>;
}

/**
 * The figures behind a side's analysis and its by-contact ageing report; `named` contacts, most
 * owed first, get their names. `asOf` defaults to today in the organization's time zone.
 */
export async function ageingFigures(side: AgeingSide, organizationId: string, asOf?: string, organization?: ReportOrganization, named = TOP_CONTACTS): Promise<AgeingFigures> {
  const org = organization ?? (await loadReportOrganization(organizationId));
  const date = asOf ?? todayIn(org.timezone);
  const figures = ageDocuments(await OPEN_DOCUMENTS[side](organizationId, date), date);
  const names = await contactNames(organizationId, figures.contacts.slice(0, named).map((c) => c.contact_id));
  return { organization: org, asOf: date, figures, names };
}

/** What both sides' answers share, and their top contacts before each side names its fields. */
function ageingPublic({ organization, asOf, figures, names }: AgeingFigures) {
  const text = (minor: number) => moneyText(minor, organization.currency);
  return {
    common: {
      as_of: asOf,
      currency: organization.currency,
      total_outstanding: text(figures.total),
      overdue_amount: text(figures.overdue),
      aging: agingText(figures.aging, organization.currency),
      average_days_outstanding: figures.averageDays,
    },
    top: figures.contacts.slice(0, TOP_CONTACTS).map((c) => ({
      id: c.contact_id,
      name: names.get(c.contact_id)?.name ?? c.contact_id,
      name_ar: names.get(c.contact_id)?.name_ar ?? null,
      outstanding_amount: text(c.total),
    })),
  };
}

function receivablesPublic(ageing: AgeingFigures): ReceivablesAnalysisPublic {
  const { common, top } = ageingPublic(ageing);
  return {
    ...common,
    invoice_count: ageing.figures.documentCount,
    collection_risk_level: ageing.figures.risk,
    top_customers: top.map((c) => ({ customer_id: c.id, customer_name: c.name, customer_name_ar: c.name_ar, outstanding_amount: c.outstanding_amount })),
  };
}

function payablesPublic(ageing: AgeingFigures): PayablesAnalysisPublic {
  const { common, top } = ageingPublic(ageing);
  return {
    ...common,
    bill_count: ageing.figures.documentCount,
    payment_risk_level: ageing.figures.risk,
    top_suppliers: top.map((c) => ({ supplier_id: c.id, supplier_name: c.name, supplier_name_ar: c.name_ar, outstanding_amount: c.outstanding_amount })),
  };
}

/** `asOf` defaults to today in the organization's time zone. */
export async function receivablesAnalysis(organizationId: string, asOf?: string): Promise<ReceivablesAnalysisPublic> {
  return receivablesPublic(await ageingFigures('receivable', organizationId, asOf));
}

export async function payablesAnalysis(organizationId: string, asOf?: string): Promise<PayablesAnalysisPublic> {
  return payablesPublic(await ageingFigures('payable', organizationId, asOf));
}
