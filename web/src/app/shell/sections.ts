/**
 * The signed-in app's areas and their pages. The header lists the areas; inside an area the shell
 * shows its pages as tabs, so features only provide pages and never link each other's navigation.
 */
export interface Section {
  key: string;
  label: string;
  /** Where the area's header link goes. */
  to: string;
  /** Paths that belong to the area (prefixes). */
  match: readonly string[];
  pages: readonly { to: string; label: string }[];
}

export const SECTIONS: readonly Section[] = [
  {
    key: 'sales',
    label: 'nav.sales',
    to: '/sales/invoices',
    match: ['/sales'],
    pages: [
      { to: '/sales/invoices', label: 'nav.invoices' },
      { to: '/sales/returns', label: 'nav.returns' },
      { to: '/sales/customers', label: 'nav.customers' },
      { to: '/sales/payments', label: 'nav.paymentsReceived' },
    ],
  },
  {
    key: 'purchases',
    label: 'nav.purchases',
    to: '/purchases/bills',
    match: ['/purchases'],
    pages: [
      { to: '/purchases/bills', label: 'nav.bills' },
      { to: '/purchases/suppliers', label: 'nav.suppliers' },
      { to: '/purchases/payments', label: 'nav.paymentsSent' },
      { to: '/purchases/expenses', label: 'nav.expenses' },
      { to: '/purchases/expense-categories', label: 'nav.expenseCategories' },
    ],
  },
  {
    key: 'products',
    label: 'nav.products',
    to: '/products',
    match: ['/products', '/inventory'],
    pages: [
      { to: '/products', label: 'nav.catalogue' },
      { to: '/inventory', label: 'nav.stock' },
      { to: '/inventory/dashboard', label: 'nav.inventory_dashboard' },
    ],
  },
  {
    key: 'pos',
    label: 'nav.pointOfSale',
    to: '/pos',
    match: ['/pos', '/gift-cards', '/promotions', '/loyalty', '/layaway'],
    pages: [
      { to: '/pos', label: 'nav.register' },
      { to: '/pos/sessions', label: 'nav.posSessions' },
      { to: '/pos/terminals', label: 'nav.posTerminals' },
      { to: '/gift-cards', label: 'nav.giftCards' },
      { to: '/promotions', label: 'nav.promotions' },
      { to: '/layaway', label: 'nav.layaway' },
      { to: '/loyalty', label: 'nav.loyalty' },
    ],
  },
  {
    key: 'banking',
    label: 'nav.banking',
    to: '/banking',
    match: ['/banking'],
    pages: [{ to: '/banking', label: 'nav.bankAccounts' }],
  },
  {
    key: 'accounting',
    label: 'nav.accounting',
    to: '/accounting',
    match: ['/accounting', '/contacts', '/payments', '/cash-flow'],
    pages: [
      { to: '/accounting', label: 'nav.accountingOverview' },
      { to: '/accounting/chart', label: 'nav.chartOfAccounts' },
      { to: '/accounting/journal', label: 'nav.journal' },
      { to: '/accounting/periods', label: 'nav.periods' },
      { to: '/accounting/taxes', label: 'nav.taxes' },
      { to: '/accounting/categories', label: 'nav.categories' },
      { to: '/accounting/budgets', label: 'nav.budgets' },
      { to: '/cash-flow', label: 'nav.cashFlow' },
      { to: '/accounting/reports', label: 'nav.reports' },
      { to: '/accounting/analytics', label: 'nav.analytics' },
    ],
  },
];

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const sectionOf = (pathname: string) => SECTIONS.find((s) => s.match.some((m) => within(pathname, m)));

/** The page tab to highlight: the longest page path the location is inside. */
export function activePage(section: Section, pathname: string) {
  return [...section.pages].sort((a, b) => b.to.length - a.to.length).find((p) => within(pathname, p.to))?.to;
}
