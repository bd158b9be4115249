import type { z } from 'zod';
import type {
  LoyaltyCustomer,
  LoyaltyProgram,
  LoyaltyReward,
  LoyaltyTransaction,
  loyaltyBulkResult,
  loyaltyProgramSummary,
} from '@daftar/shared/schemas/loyalty';
import { segment } from '../../../lib/api-client';

export type Program = LoyaltyProgram;
export type Member = LoyaltyCustomer;
export type PointsLine = LoyaltyTransaction;
export type Reward = LoyaltyReward;
export type ProgramFigures = z.infer<typeof loyaltyProgramSummary>;
export type BulkResult = z.infer<typeof loyaltyBulkResult>;

/**
 * Every loyalty read starts with this key: points moving change the member, their ledger, the
 * members list and the program's figures at once, so one invalidation refreshes them all.
 */
export const loyaltyKey = (organizationId: string) => ['organizations', organizationId, 'loyalty'] as const;

export const loyaltyPath = (organizationId: string) => `/organizations/${segment(organizationId)}/loyalty`;
export const programPath = (organizationId: string, programId: string) => `${loyaltyPath(organizationId)}/programs/${segment(programId)}`;
/** A member is keyed by the customer's contact id (a customer is in one program at a time). */
export const memberPath = (organizationId: string, customerId: string) => `${loyaltyPath(organizationId)}/customers/${segment(customerId)}`;
export const rewardPath = (organizationId: string, rewardId: string) => `${loyaltyPath(organizationId)}/rewards/${segment(rewardId)}`;
