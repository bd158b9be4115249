import { useMutation } from '@tanstack/react-query';
import { api, segment } from '../../../lib/api-client';
import { posPath } from './keys';

/** Queues the receipt e-mail (the server sends it, bilingual, with the JoFotara QR). */
export const sendReceipt = ({ organizationId, transactionId, email, language }: { organizationId: string; transactionId: string; email: string; language: 'en' | 'ar' }) =>
  api.post<unknown>(`${posPath(organizationId)}/transactions/${segment(transactionId)}/send-receipt`, { organizationId, json: { email, language } });

export const useSendReceipt = () => useMutation({ mutationFn: sendReceipt, meta: { handlesErrors: true } });
