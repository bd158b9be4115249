import { useMutation } from '@tanstack/react-query';
import type { InvoicePromotionsAnswer, InvoicePromotionsRequest } from '@daftar/shared/schemas/invoices';
import { api, segment } from '../../../lib/api-client';

export type InvoicePromotions = InvoicePromotionsAnswer;

/**
 * "Apply promotions": the draft's lines, customer and date against every active promotion
 * (functions/src/promotions/invoice.ts). Reads only: nothing is saved until the draft is.
 */
export const applyPromotions = ({ organizationId, data }: { organizationId: string; data: InvoicePromotionsRequest }) =>
  api.post<InvoicePromotions>(`/organizations/${segment(organizationId)}/invoices/promotions`, { organizationId, json: data });

/** The form says what went wrong beside the button, so the shared toast stays quiet. */
export const useApplyPromotions = () => useMutation({ mutationFn: applyPromotions, meta: { handlesErrors: true } });
