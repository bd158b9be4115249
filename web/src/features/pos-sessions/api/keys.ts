import type { PosSession, PosShiftReport, PosTerminal } from '@daftar/shared/schemas/pos';
import { segment } from '../../../lib/api-client';

export type Terminal = PosTerminal;
export type Session = PosSession;
export type ShiftReport = PosShiftReport;

/**
 * Every till read of these screens starts with this key: opening or closing a session changes the
 * terminals (their open session) and the sessions alike, so one invalidation refreshes both.
 */
export const posKey = (organizationId: string) => ['organizations', organizationId, 'pos'] as const;

export const posPath = (organizationId: string) => `/organizations/${segment(organizationId)}/pos`;
