/**
 * Platform-wide calls sit under an organization path (SPEC §7) but answer for every
 * organization; the server ignores the segment for superusers, so this one names no tenant.
 */
export const PLATFORM_SCOPE = 'platform';
