/** Every banking query of an organization lives under this key. */
export const bankingKey = (organizationId: string) => ['organizations', organizationId, 'bank-accounts'] as const;

/** One bank account: its details, statement lines and match suggestions, refreshed together. */
export const bankAccountKey = (organizationId: string, bankAccountId: string) => [...bankingKey(organizationId), 'detail', bankAccountId] as const;

/** Reconciling posts or reverses entries: balances, the journal and payments' matches move with it. */
export const keysMovedByReconciliation = (organizationId: string) => [
  bankingKey(organizationId),
  ['organizations', organizationId, 'accounts'],
  ['organizations', organizationId, 'journal-entries'],
];
