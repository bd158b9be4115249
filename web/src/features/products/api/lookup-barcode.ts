import { useMutation } from '@tanstack/react-query';
import type { barcodeLookupPublic } from '@daftar/shared/schemas/products';
import type { z } from 'zod';
import { api, segment } from '../../../lib/api-client';

export type BarcodeLookup = z.infer<typeof barcodeLookupPublic>;

/**
 * One scanned code, looked up when the person presses Enter; a mutation, not a query, because each
 * scan is an action (the same code scanned twice opens the product twice) and a 404 is an answer
 * the field shows, not an error to toast.
 */
export const lookupBarcode = ({ organizationId, barcode }: { organizationId: string; barcode: string }) =>
  api.get<BarcodeLookup>(`/organizations/${segment(organizationId)}/inventory/products/by-barcode/${segment(barcode)}`, { organizationId });

export const useBarcodeLookup = () => useMutation({ mutationFn: lookupBarcode, meta: { handlesErrors: true } });
