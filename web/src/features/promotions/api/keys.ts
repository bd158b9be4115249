import type { z } from 'zod';
import type {
  PromotionPublic,
  promotionRulePublic,
  promotionSummary,
  promotionUsagePublic,
  promotionValidation,
  PromotionType,
} from '@daftar/shared/schemas/promotions';
import type { PromotionStatus } from '@daftar/shared/promotions/engine';
import { segment } from '../../../lib/api-client';

export type Promotion = PromotionPublic;
export type PromotionRule = z.infer<typeof promotionRulePublic>;
export type PromotionUse = z.infer<typeof promotionUsagePublic>;
export type PromotionFigures = z.infer<typeof promotionSummary>;
export type PromotionCheck = z.infer<typeof promotionValidation>;
export type { PromotionStatus, PromotionType };

/**
 * Every promotion read starts with this key: a change to a promotion (its status, a rule, a use)
 * touches the list, its page and its figures at once, so one invalidation refreshes them all.
 */
export const promotionsKey = (organizationId: string) => ['organizations', organizationId, 'promotions'] as const;

export const promotionsPath = (organizationId: string) => `/organizations/${segment(organizationId)}/promotions`;

export const promotionPath = (organizationId: string, promotionId: string) => `${promotionsPath(organizationId)}/${segment(promotionId)}`;
