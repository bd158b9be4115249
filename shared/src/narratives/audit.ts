/** Audit summaries (the audit log, the home page's recent activity). */
export const AUDIT_NARRATIVES = {
  'audit.document.status': { en: 'Status of {kind:term} {number}: {from:term} → {to:term}', ar: 'حالة {kind:term} {number}: من {from:term} إلى {to:term}' },
} as const;
