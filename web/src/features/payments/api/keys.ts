/** Every payments query of an organization lives under this key, so one invalidation refreshes lists and details. */
export const paymentsKey = (organizationId: string) => ['organizations', organizationId, 'payments'] as const;

/** Recording or voiding a payment changes these too: documents' balances, account balances, the journal, bank matches. */
export const keysMovedByPayments = (organizationId: string) => [
  paymentsKey(organizationId),
  ['organizations', organizationId, 'invoices'],
  ['organizations', organizationId, 'bills'],
  ['organizations', organizationId, 'accounts'],
  ['organizations', organizationId, 'journal-entries'],
  ['organizations', organizationId, 'bank-accounts'],
];
