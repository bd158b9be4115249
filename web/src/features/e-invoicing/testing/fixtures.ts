import type { Role } from '@daftar/shared';
import type { EinvoicingSettingsPublic } from '@daftar/shared/schemas/einvoicing';
import type { EinvoiceSubmissionPublic } from '@daftar/shared/schemas/einvoiceSubmission';
import { signedInSession } from '../../../testing/session';

export const ORG = 'org-1';
export const API = `/api/v1/organizations/${ORG}`;

export function session(role: Role) {
  return signedInSession({ organizationId: ORG, role, user: { email: 'rana@example.jo', full_name: 'Rana Haddad' } });
}

export function submission(overrides: Partial<EinvoiceSubmissionPublic> = {}): EinvoiceSubmissionPublic {
  return {
    organization_id: ORG,
    document_type: 'invoice',
    document_id: 'inv-1',
    document_number: 'INV-000001',
    state: 'not_submitted',
    locked: false,
    can_submit: true,
    uuid: null,
    icv: null,
    invoice_type: null,
    payment_method: null,
    business_type: null,
    type_code: null,
    type_name: null,
    payable_amount: null,
    attempts: 0,
    last_error: null,
    errors: [],
    warnings: [],
    qr: null,
    einv_inv_uuid: null,
    einv_num: null,
    signed_xml_available: false,
    queued_at: null,
    last_attempt_at: null,
    submitted_at: null,
    rejected_at: null,
    failed_at: null,
    updated_at: null,
    version: null,
    ...overrides,
  };
}

const queuedFields = {
  uuid: '0197a3c2-1111-7000-8000-000000000001',
  icv: 1,
  invoice_type: 'general_sales',
  payment_method: 'receivable',
  business_type: 'b2b',
  type_code: '388',
  type_name: '021',
  payable_amount: '11.166',
  queued_at: '2025-03-01T10:00:00Z',
  version: 1,
} as const;

export const queued = () => submission({ ...queuedFields, state: 'queued', locked: true, can_submit: false });

export const accepted = () =>
  submission({
    ...queuedFields,
    state: 'submitted',
    locked: true,
    can_submit: false,
    attempts: 1,
    qr: 'AQxEYWZ0YXIgVHJhZGluZwIIMTIzNDU2NzgDEzIwMjUtMDMtMDFUMTA6MDA6MDA=',
    einv_inv_uuid: '5d1a7a3e-9a0b-4a55-9e0c-6b1d2f3e4a5b',
    einv_num: 'EINV-2025-000042',
    submitted_at: '2025-03-01T10:00:05Z',
    last_attempt_at: '2025-03-01T10:00:04Z',
  });

export const rejected = () =>
  submission({
    ...queuedFields,
    state: 'rejected',
    locked: false,
    can_submit: true,
    attempts: 1,
    last_error: 'JoFotara answered NOT_SUBMITTED',
    errors: [{ code: 'E064', category: 'ERROR', message: 'الرقم الضريبي للمشتري غير صحيح' }],
    warnings: [{ code: 'W010', category: 'WARNING', message: 'Buyer postal code is missing' }],
    rejected_at: '2025-03-01T10:00:05Z',
  });

export function settings(overrides: Partial<EinvoicingSettingsPublic> = {}): EinvoicingSettingsPublic {
  return {
    organization_id: ORG,
    seller_tin: '12345678',
    registered_name_ar: 'شركة دفتر للتجارة',
    registered_name_en: 'Daftar Trading Co.',
    income_source_sequence: '9932895',
    taxpayer_track: 'general_sales',
    client_id_set: true,
    client_id_last4: '0001',
    secret_key_set: true,
    credentials_updated_at: '2025-02-01T10:00:00Z',
    portal_url: 'http://localhost:4010/core/invoices/',
    invoice_counter: 0,
    is_complete: true,
    missing_fields: [],
    version: 3,
    created_at: '2025-02-01T10:00:00Z',
    updated_at: '2025-02-01T10:00:00Z',
    updated_by: 'u1',
    ...overrides,
  };
}

export { prepareScreens } from '../../../testing/session';
