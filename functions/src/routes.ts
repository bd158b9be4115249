/**
 * The route table: every /api/v1 resource, its Lambda (functions/src/<resource>/handler.ts) and
 * the routes it serves. CDK builds one NodejsFunction per resource and one HTTP API route per
 * entry from this table; the local runtime matches requests against it; each handler.ts is
 * type-checked to implement exactly these routes.
 *
 * Path parameters at the same position carry one name (API Gateway refuses two): the spec's
 * `/organizations/{id}` and `/organizations/{org_id}/…` are `{organization_id}` here. Paths are
 * written without a trailing slash; the Lambda router accepts both spellings, and in the cloud a
 * CloudFront Function strips the slash before API Gateway's exact route matching (docs/infrastructure.md).
 */
const ORG = '/api/v1/organizations/{organization_id}';

export const routeTable = {
  meta: {
    description: 'Health, the OpenAPI document and the interactive API reference',
    /** The OpenAPI document and the reference page's script and styles, read beside the bundle (meta/handler.ts). */
    assets: ['api-docs'],
    routes: ['GET /api/v1/health', 'GET /api/v1/openapi.json', 'GET /api/v1/docs', 'GET /api/v1/docs/{file}'],
  },
  auth: {
    description: 'Sign-in, sign-out, password recovery',
    routes: [
      'POST /api/v1/login/access-token',
      'POST /api/v1/login/test-token',
      'POST /api/v1/logout',
      'POST /api/v1/password-recovery/{email}',
      'POST /api/v1/reset-password',
      'POST /api/v1/password-recovery-html-content/{email}',
    ],
  },
  'email-verification': {
    description: 'E-mail verification by code and by link',
    routes: [
      'POST /api/v1/verify-email-code',
      'POST /api/v1/send-verification-code',
      'POST /api/v1/verify-email/{token}',
      'POST /api/v1/resend-verification',
      'POST /api/v1/check-verification-status',
    ],
  },
  users: {
    description: 'Users and the signed-in user',
    routes: [
      'GET /api/v1/users',
      'POST /api/v1/users',
      'GET /api/v1/users/me',
      'DELETE /api/v1/users/me',
      'PATCH /api/v1/users/me',
      'PATCH /api/v1/users/me/password',
      'POST /api/v1/users/signup',
      'GET /api/v1/users/validate-organization-name',
      'GET /api/v1/users/{user_id}',
      'PATCH /api/v1/users/{user_id}',
      'DELETE /api/v1/users/{user_id}',
    ],
  },
  organizations: {
    description: 'Organizations and their members',
    routes: [
      'GET /api/v1/organizations',
      'POST /api/v1/organizations',
      `GET ${ORG}`,
      `PUT ${ORG}`,
      `DELETE ${ORG}`,
      `GET ${ORG}/stats`,
      `GET ${ORG}/members`,
      `POST ${ORG}/members`,
      `PUT ${ORG}/members/{user_id}`,
      `DELETE ${ORG}/members/{user_id}`,
      `POST ${ORG}/leave`,
    ],
  },
  onboarding: {
    description: 'The onboarding wizard',
    routes: [
      'GET /api/v1/onboarding/progress',
      'POST /api/v1/onboarding/progress',
      'GET /api/v1/onboarding/progress/{step}',
      'GET /api/v1/onboarding/validate',
      'POST /api/v1/onboarding/complete',
      'GET /api/v1/onboarding/status',
      'POST /api/v1/onboarding/skip-step/{step}',
    ],
  },
  invitations: {
    description: 'Team invitations',
    routes: [
      `POST ${ORG}/invitations`,
      `GET ${ORG}/invitations`,
      `GET ${ORG}/invitations/{invitation_id}`,
      `PUT ${ORG}/invitations/{invitation_id}`,
      `POST ${ORG}/invitations/{invitation_id}/resend`,
      `POST ${ORG}/invitations/{invitation_id}/cancel`,
      `POST ${ORG}/invitations/cleanup`,
      'POST /api/v1/invitations/accept',
      'GET /api/v1/invitations/public/{token}',
    ],
  },
  'api-keys': {
    description: 'API keys for integrations',
    routes: [
      `POST ${ORG}/api-keys`,
      `GET ${ORG}/api-keys`,
      `GET ${ORG}/api-keys/{api_key_id}`,
      `PUT ${ORG}/api-keys/{api_key_id}`,
      `DELETE ${ORG}/api-keys/{api_key_id}`,
      `GET ${ORG}/api-keys/stats/usage`,
      `POST ${ORG}/api-keys/cleanup`,
      `GET ${ORG}/api-keys/global/stats`,
    ],
  },
  'audit-logs': {
    description: 'The audit trail',
    routes: [
      `GET ${ORG}/audit-logs`,
      `GET ${ORG}/audit-logs/recent`,
      `GET ${ORG}/audit-logs/summary`,
      `GET ${ORG}/audit-logs/user/{user_id}`,
      `GET ${ORG}/audit-logs/global`,
      `POST ${ORG}/audit-logs/cleanup`,
    ],
  },
  'file-uploads': {
    description: 'File uploads on S3',
    routes: [
      `POST ${ORG}/file-uploads/upload`,
      `GET ${ORG}/file-uploads`,
      `GET ${ORG}/file-uploads/{file_id}`,
      `DELETE ${ORG}/file-uploads/{file_id}`,
      `GET ${ORG}/file-uploads/{file_id}/download`,
      `POST ${ORG}/file-uploads/{file_id}/update`,
    ],
  },
  items: {
    description: 'Items',
    routes: [
      'GET /api/v1/items',
      'POST /api/v1/items',
      'GET /api/v1/items/my-items',
      'GET /api/v1/items/{id}',
      'PUT /api/v1/items/{id}',
      'DELETE /api/v1/items/{id}',
    ],
  },
  accounts: {
    description: 'Chart of accounts, account transactions and the trial balance (also under accounting/)',
    routes: [
      `GET ${ORG}/accounts`,
      `POST ${ORG}/accounts`,
      `GET ${ORG}/accounts/chart`,
      `GET ${ORG}/accounts/summary/by-type`,
      `GET ${ORG}/accounts/{account_id}`,
      `PATCH ${ORG}/accounts/{account_id}`,
      `DELETE ${ORG}/accounts/{account_id}`,
      `GET ${ORG}/accounts/{account_id}/transactions`,
      `GET ${ORG}/accounting/accounts`,
      `POST ${ORG}/accounting/accounts`,
      `GET ${ORG}/accounting/accounts/chart`,
      `GET ${ORG}/accounting/accounts/summary/by-type`,
      `GET ${ORG}/accounting/accounts/{account_id}`,
      `PATCH ${ORG}/accounting/accounts/{account_id}`,
      `DELETE ${ORG}/accounting/accounts/{account_id}`,
      `GET ${ORG}/accounting/accounts/{account_id}/transactions`,
      `GET ${ORG}/accounting/trial-balance`,
    ],
  },
  'journal-entries': {
    description: 'Journal entries (manual, posting, reversal), accounting periods and ledger verification',
    routes: [
      `GET ${ORG}/journal-entries`,
      `POST ${ORG}/journal-entries`,
      `GET ${ORG}/journal-entries/{entry_id}`,
      `DELETE ${ORG}/journal-entries/{entry_id}`,
      `POST ${ORG}/journal-entries/{entry_id}/post`,
      `POST ${ORG}/journal-entries/{entry_id}/reverse`,
      `GET ${ORG}/accounting/periods`,
      `POST ${ORG}/accounting/periods`,
      `POST ${ORG}/accounting/periods/{period_id}/close`,
      `POST ${ORG}/accounting/periods/{period_id}/reopen`,
      `GET ${ORG}/accounting/verify`,
    ],
  },
  'e-invoicing': {
    description: 'JoFotara e-invoicing settings and connection check',
    routes: [
      `GET ${ORG}/e-invoicing/settings`,
      `PUT ${ORG}/e-invoicing/settings`,
      `GET ${ORG}/e-invoicing/local-simulator`,
      `POST ${ORG}/e-invoicing/test-connection`,
    ],
  },
  contacts: {
    description: 'Contacts: customers and suppliers (also under accounting/)',
    routes: [
      `GET ${ORG}/contacts`,
      `POST ${ORG}/contacts`,
      `GET ${ORG}/contacts/list`,
      `GET ${ORG}/contacts/customers`,
      `GET ${ORG}/contacts/suppliers`,
      `GET ${ORG}/contacts/{contact_id}`,
      `GET ${ORG}/contacts/{contact_id}/statement`,
      `PUT ${ORG}/contacts/{contact_id}`,
      `DELETE ${ORG}/contacts/{contact_id}`,
      `GET ${ORG}/accounting/contacts`,
      `POST ${ORG}/accounting/contacts`,
      `GET ${ORG}/accounting/contacts/list`,
      `GET ${ORG}/accounting/contacts/customers`,
      `GET ${ORG}/accounting/contacts/suppliers`,
      `GET ${ORG}/accounting/contacts/{contact_id}`,
      `GET ${ORG}/accounting/contacts/{contact_id}/statement`,
      `PUT ${ORG}/accounting/contacts/{contact_id}`,
      `DELETE ${ORG}/accounting/contacts/{contact_id}`,
    ],
  },
  taxes: {
    description: 'Taxes, the tax calculator and the Jordan GST setup',
    routes: [
      `GET ${ORG}/taxes`,
      `POST ${ORG}/taxes`,
      `GET ${ORG}/taxes/list`,
      `GET ${ORG}/taxes/{tax_id}`,
      `PUT ${ORG}/taxes/{tax_id}`,
      `DELETE ${ORG}/taxes/{tax_id}`,
      `POST ${ORG}/taxes/calculate`,
      `GET ${ORG}/taxes/default/jordan-gst`,
      `POST ${ORG}/taxes/jordan-gst/setup`,
    ],
  },
  invoices: {
    description: 'Sales invoices: drafts with line items, confirmation (posting), status, PDF, sending, returns',
    /** The bilingual PDF's fonts (documents/pdf/fonts.ts reads them beside the bundle). */
    assets: ['fonts'],
    routes: [
      `GET ${ORG}/invoices`,
      `GET ${ORG}/invoices/list`,
      `POST ${ORG}/invoices/with-line-items`,
      `GET ${ORG}/invoices/{invoice_id}`,
      `PUT ${ORG}/invoices/{invoice_id}`,
      `DELETE ${ORG}/invoices/{invoice_id}`,
      `PUT ${ORG}/invoices/{invoice_id}/with-line-items`,
      `POST ${ORG}/invoices/{invoice_id}/confirm`,
      `POST ${ORG}/invoices/{invoice_id}/duplicate`,
      `PUT ${ORG}/invoices/{invoice_id}/status`,
      `GET ${ORG}/invoices/{invoice_id}/line-items`,
      `POST ${ORG}/invoices/{invoice_id}/line-items`,
      `PUT ${ORG}/invoices/{invoice_id}/line-items/{line_item_id}`,
      `DELETE ${ORG}/invoices/{invoice_id}/line-items/{line_item_id}`,
      `POST ${ORG}/invoices/{invoice_id}/send`,
      `GET ${ORG}/invoices/{invoice_id}/pdf`,
      `POST ${ORG}/invoices/{invoice_id}/returns`,
      `GET ${ORG}/invoices/return/invoices`,
      `GET ${ORG}/invoices/return/invoices/{return_id}`,
      `GET ${ORG}/invoices/return/invoices/{return_id}/pdf`,
      `POST ${ORG}/invoices/{invoice_id}/jofotara/submit`,
      `GET ${ORG}/invoices/{invoice_id}/jofotara/preview`,
      `GET ${ORG}/invoices/{invoice_id}/jofotara`,
      `POST ${ORG}/invoices/return/invoices/{return_id}/jofotara/submit`,
      `GET ${ORG}/invoices/return/invoices/{return_id}/jofotara/preview`,
      `GET ${ORG}/invoices/return/invoices/{return_id}/jofotara`,
    ],
  },
  bills: {
    description: 'Purchase bills: drafts with line items, confirmation (posting), status, payments (also under accounting/)',
    routes: [
      `GET ${ORG}/bills`,
      `POST ${ORG}/bills`,
      `GET ${ORG}/bills/list`,
      `POST ${ORG}/bills/with-line-items`,
      `GET ${ORG}/bills/{bill_id}`,
      `PUT ${ORG}/bills/{bill_id}`,
      `DELETE ${ORG}/bills/{bill_id}`,
      `PUT ${ORG}/bills/{bill_id}/with-line-items`,
      `POST ${ORG}/bills/{bill_id}/confirm`,
      `PUT ${ORG}/bills/{bill_id}/status`,
      `POST ${ORG}/bills/{bill_id}/payments`,
      `GET ${ORG}/bills/{bill_id}/payments`,
      `GET ${ORG}/bills/status/{status}`,
      `GET ${ORG}/bills/supplier/{supplier_id}`,
      `GET ${ORG}/bills/overdue/all`,
      `GET ${ORG}/bills/{bill_id}/line-items`,
      `POST ${ORG}/bills/{bill_id}/line-items`,
      `PUT ${ORG}/bills/{bill_id}/line-items/{line_item_id}`,
      `DELETE ${ORG}/bills/{bill_id}/line-items/{line_item_id}`,
      `GET ${ORG}/accounting/bills`,
      `POST ${ORG}/accounting/bills`,
      `GET ${ORG}/accounting/bills/list`,
      `POST ${ORG}/accounting/bills/with-line-items`,
      `GET ${ORG}/accounting/bills/{bill_id}`,
      `PUT ${ORG}/accounting/bills/{bill_id}`,
      `DELETE ${ORG}/accounting/bills/{bill_id}`,
      `PUT ${ORG}/accounting/bills/{bill_id}/with-line-items`,
      `POST ${ORG}/accounting/bills/{bill_id}/confirm`,
      `PUT ${ORG}/accounting/bills/{bill_id}/status`,
      `POST ${ORG}/accounting/bills/{bill_id}/payments`,
      `GET ${ORG}/accounting/bills/{bill_id}/payments`,
      `GET ${ORG}/accounting/bills/status/{status}`,
      `GET ${ORG}/accounting/bills/supplier/{supplier_id}`,
      `GET ${ORG}/accounting/bills/overdue/all`,
      `GET ${ORG}/accounting/bills/{bill_id}/line-items`,
      `POST ${ORG}/accounting/bills/{bill_id}/line-items`,
      `PUT ${ORG}/accounting/bills/{bill_id}/line-items/{line_item_id}`,
      `DELETE ${ORG}/accounting/bills/{bill_id}/line-items/{line_item_id}`,
    ],
  },
  payments: {
    description: 'Payments received and sent, allocated to invoices and bills (Idempotency-Key honoured)',
    routes: [
      `GET ${ORG}/payments`,
      `POST ${ORG}/payments`,
      `GET ${ORG}/payments/list`,
      `GET ${ORG}/payments/received`,
      `GET ${ORG}/payments/sent`,
      `GET ${ORG}/payments/invoices/{invoice_id}`,
      `GET ${ORG}/payments/bills/{bill_id}`,
      `GET ${ORG}/payments/{payment_id}`,
      `PUT ${ORG}/payments/{payment_id}`,
      `DELETE ${ORG}/payments/{payment_id}`,
    ],
  },
  accounting: {
    description: 'The accounting dashboard and summary figures',
    routes: [`GET ${ORG}/accounting/dashboard`, `GET ${ORG}/accounting/summary`],
  },
  categories: {
    description: 'Accounting categories (products, services, income, expense) as a tree (also under accounting/)',
    routes: [
      `GET ${ORG}/categories`,
      `POST ${ORG}/categories`,
      `GET ${ORG}/categories/list`,
      `GET ${ORG}/categories/root`,
      `GET ${ORG}/categories/products`,
      `GET ${ORG}/categories/services`,
      `GET ${ORG}/categories/{category_id}`,
      `PUT ${ORG}/categories/{category_id}`,
      `DELETE ${ORG}/categories/{category_id}`,
      `GET ${ORG}/categories/{category_id}/children`,
      `GET ${ORG}/accounting/categories`,
      `POST ${ORG}/accounting/categories`,
      `GET ${ORG}/accounting/categories/list`,
      `GET ${ORG}/accounting/categories/root`,
      `GET ${ORG}/accounting/categories/products`,
      `GET ${ORG}/accounting/categories/services`,
      `GET ${ORG}/accounting/categories/{category_id}`,
      `PUT ${ORG}/accounting/categories/{category_id}`,
      `DELETE ${ORG}/accounting/categories/{category_id}`,
      `GET ${ORG}/accounting/categories/{category_id}/children`,
    ],
  },
  'bank-accounts': {
    description: 'Bank accounts, statement lines (CSV import), matching and reconciliation (also under accounting/)',
    routes: [
      `GET ${ORG}/bank-accounts`,
      `POST ${ORG}/bank-accounts`,
      `GET ${ORG}/bank-accounts/list`,
      `GET ${ORG}/bank-accounts/{id}`,
      `PUT ${ORG}/bank-accounts/{id}`,
      `DELETE ${ORG}/bank-accounts/{id}`,
      `GET ${ORG}/bank-accounts/{id}/transactions`,
      `POST ${ORG}/bank-accounts/{id}/transactions`,
      `POST ${ORG}/bank-accounts/{id}/transactions/import`,
      `GET ${ORG}/bank-accounts/{id}/transactions/{transaction_id}/matches`,
      `POST ${ORG}/bank-accounts/{id}/reconcile/{transaction_id}`,
      `DELETE ${ORG}/bank-accounts/{id}/reconcile/{transaction_id}`,
      `GET ${ORG}/accounting/bank-accounts`,
      `POST ${ORG}/accounting/bank-accounts`,
      `GET ${ORG}/accounting/bank-accounts/list`,
      `GET ${ORG}/accounting/bank-accounts/{id}`,
      `PUT ${ORG}/accounting/bank-accounts/{id}`,
      `DELETE ${ORG}/accounting/bank-accounts/{id}`,
      `GET ${ORG}/accounting/bank-accounts/{id}/transactions`,
      `POST ${ORG}/accounting/bank-accounts/{id}/transactions`,
      `POST ${ORG}/accounting/bank-accounts/{id}/transactions/import`,
      `GET ${ORG}/accounting/bank-accounts/{id}/transactions/{transaction_id}/matches`,
      `POST ${ORG}/accounting/bank-accounts/{id}/reconcile/{transaction_id}`,
      `DELETE ${ORG}/accounting/bank-accounts/{id}/reconcile/{transaction_id}`,
    ],
  },
  expenses: {
    description: 'Expenses and expense categories: submit, approve (posting), reject',
    routes: [
      `GET ${ORG}/expense-categories`,
      `POST ${ORG}/expense-categories`,
      `GET ${ORG}/expense-categories/{id}`,
      `PUT ${ORG}/expense-categories/{id}`,
      `DELETE ${ORG}/expense-categories/{id}`,
      `GET ${ORG}/expenses`,
      `POST ${ORG}/expenses`,
      `GET ${ORG}/expenses/list`,
      `GET ${ORG}/expenses/my/expenses`,
      `GET ${ORG}/expenses/{id}`,
      `PUT ${ORG}/expenses/{id}`,
      `DELETE ${ORG}/expenses/{id}`,
      `POST ${ORG}/expenses/{id}/submit`,
      `POST ${ORG}/expenses/{id}/approve`,
      `POST ${ORG}/expenses/{id}/reject`,
    ],
  },
  budgets: {
    description: 'Budgets per fiscal year with lines per account and month; totals and budget vs actual',
    routes: [
      `GET ${ORG}/budgets`,
      `POST ${ORG}/budgets`,
      `GET ${ORG}/budgets/{id}`,
      `PUT ${ORG}/budgets/{id}`,
      `DELETE ${ORG}/budgets/{id}`,
      `POST ${ORG}/budgets/{id}/calculate-totals`,
      `GET ${ORG}/budgets/{id}/vs-actual`,
      `GET ${ORG}/budgets/{id}/lines`,
      `POST ${ORG}/budgets/{id}/lines`,
      `GET ${ORG}/budgets/{id}/lines/{line_id}`,
      `PUT ${ORG}/budgets/{id}/lines/{line_id}`,
      `DELETE ${ORG}/budgets/{id}/lines/{line_id}`,
    ],
  },
  reports: {
    description:
      'Financial statements and analyses read from the balance items (never the journal lines), the GST return, POS reports, the report catalogue with previews, exports (PDF, Excel, CSV) and bulk export',
    /** The PDF exports' fonts (documents/pdf/fonts.ts reads them beside the bundle). */
    assets: ['fonts'],
    routes: [
      `GET ${ORG}/reports/profit-loss`,
      `GET ${ORG}/reports/balance-sheet`,
      `GET ${ORG}/reports/trial-balance`,
      `GET ${ORG}/reports/receivables-analysis`,
      `GET ${ORG}/reports/payables-analysis`,
      `GET ${ORG}/reports/working-capital`,
      `GET ${ORG}/reports/revenue-analytics`,
      `GET ${ORG}/reports/jordan-tax`,
      `GET ${ORG}/reports/cash-flow-statement`,
      `GET ${ORG}/reports/dashboard-metrics`,
      `GET ${ORG}/reports/cash-flow/categories`,
      `GET ${ORG}/reports/cash-flow-statement/export/{format}`,
      `GET ${ORG}/reports/cash-flow/categories/export/{format}`,
      `GET ${ORG}/reports/receivables-analysis/export/{format}`,
      `GET ${ORG}/reports/payables-analysis/export/{format}`,
      `GET ${ORG}/reports/working-capital/export/{format}`,
      `GET ${ORG}/reports/pos/sales-summary`,
      `GET ${ORG}/reports/pos/cashier-performance`,
      `GET ${ORG}/reports/pos/shift-reconciliation`,
      `GET ${ORG}/reports/pos/dashboard-metrics`,
      // The Financial Reports screen's catalogue: every card previews (the report as a table) and
      // generates (an export) through these; Bulk Export zips several.
      `GET ${ORG}/reports/catalogue`,
      `GET ${ORG}/reports/catalogue/{report_id}`,
      `GET ${ORG}/reports/catalogue/{report_id}/export/{format}`,
      `POST ${ORG}/reports/bulk-export`,
    ],
  },
} as const satisfies Record<string, { description: string; routes: readonly `${HttpMethod} /api/v1/${string}`[]; assets?: readonly string[] }>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ResourceName = keyof typeof routeTable;
export type RouteKey<R extends ResourceName = ResourceName> = (typeof routeTable)[R]['routes'][number];

export const resourceNames = Object.keys(routeTable) as ResourceName[];

/** The file CDK bundles and the local runtime imports for a resource. */
export const handlerEntry = (resource: ResourceName) => `${resource}/handler.ts`;

export function splitRouteKey(key: string): { method: HttpMethod; path: string } {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { method, path };
}

/**
 * Scheduled jobs (EventBridge in the cloud, timers locally): entry file under functions/src and
 * schedule as an EventBridge expression plus the local interval that stands in for it.
 */
export const schedules = {
  maintenance: {
    description: 'Nightly clean-up: expired invitations and API keys, revoked-token and throttle leftovers',
    entry: 'maintenance/handler.ts',
    expression: 'cron(0 22 * * ? *)', // 01:00 in Amman (UTC+3)
    localIntervalSeconds: 3600,
  },
} as const;

/** SQS consumers: entry file and the logical queue (platform/resources.ts) they drain. */
export const consumers = {
  einvoice: { description: 'JoFotara submissions: post to the portal, record the reply, retry with backoff', entry: 'e-invoicing/consumer.ts', queue: 'einvoice', batchSize: 5 },
  einvoiceDeadLetters: { description: 'Marks JoFotara submissions given up on (dead-lettered) as failed', entry: 'e-invoicing/dead-letters.ts', queue: 'einvoiceDlq', batchSize: 10 },
} as const satisfies Record<string, { description: string; entry: string; queue: string; batchSize: number }>;
