import { segment } from '../../../lib/api-client';

/** Journal entries; documents' entry panels read under the same key, so they refresh together. */
export const journalKey = (organizationId: string) => ['organizations', organizationId, 'journal-entries'] as const;
export const periodsKey = (organizationId: string) => ['organizations', organizationId, 'accounting-periods'] as const;
/** Posting and reversing move balances: the chart and ledger cards read under this key. */
export const accountsKey = (organizationId: string) => ['organizations', organizationId, 'accounts'] as const;

export const organizationPath = (organizationId: string) => `/organizations/${segment(organizationId)}`;
