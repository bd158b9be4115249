/** Audit summaries (the audit log, the home page's recent activity). */
export const AUDIT_NARRATIVES = {} as const;
