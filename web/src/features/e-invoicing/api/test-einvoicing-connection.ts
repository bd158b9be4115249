import { useMutation } from '@tanstack/react-query';
import type { EinvoicingConnectionTest } from '@daftar/shared/schemas/einvoicing';
import { api, segment } from '../../../lib/api-client';

export const testEinvoicingConnection = ({ organizationId }: { organizationId: string }) =>
  api.post<EinvoicingConnectionTest>(`/organizations/${segment(organizationId)}/e-invoicing/test-connection`, { organizationId });

export const useTestEinvoicingConnection = () => useMutation({ mutationFn: testEinvoicingConnection });
