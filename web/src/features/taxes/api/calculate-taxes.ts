import { useMutation } from '@tanstack/react-query';
import type { TaxCalculationRequest, TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import { api } from '../../../lib/api-client';
import { taxesPath } from './keys';

/** Asks the API for the figures documents would get; it changes nothing. */
export const calculateTaxes = ({ organizationId, data }: { organizationId: string; data: TaxCalculationRequest }) =>
  api.post<TaxCalculationResult>(`${taxesPath(organizationId)}/calculate`, { organizationId, json: data });

/** The calculator shows refusals under its lines. */
export const useCalculateTaxes = () => useMutation({ mutationFn: calculateTaxes, meta: { handlesErrors: true } });
