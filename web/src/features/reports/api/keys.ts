/** Every report query of an organization sits under one key, so switching organizations drops them. */
export const reportKeys = {
  all: (organizationId: string) => ['organizations', organizationId, 'reports'] as const,
  report: (organizationId: string, report: string, params: Record<string, unknown>) => ['organizations', organizationId, 'reports', report, params] as const,
};

/** SPEC §9: report queries stay fresh for 300 s. */
export const REPORT_STALE_TIME = 300_000;
