import { z } from 'zod';
import { id, role } from './common.js';

/** Jordan's twelve governorates, as JoFotara names them (JORDAN.md). */
export const GOVERNORATES = [
  'JO-AM', 'JO-IR', 'JO-AJ', 'JO-JA', 'JO-BA', 'JO-KA',
  'JO-MA', 'JO-AQ', 'JO-AT', 'JO-MD', 'JO-MN', 'JO-AZ',
] as const;
export const TAXPAYER_TRACKS = ['income', 'general_sales', 'special_sales'] as const;
export const CURRENCIES = ['JOD', 'USD', 'EUR', 'SAR', 'AED'] as const;

export const organizationName = z.string().trim().min(1, 'Name is required').max(255);

const organizationFields = {
  name: organizationName,
  legal_name: z.string().trim().max(255).nullish(),
  tax_number: z.string().trim().regex(/^\d{6,15}$/, 'Tax number must be 6 to 15 digits').nullish(),
  income_source_sequence: z.string().trim().regex(/^\d{1,20}$/, 'Income source sequence must be digits').nullish(),
  taxpayer_track: z.enum(TAXPAYER_TRACKS).nullish(),
  commercial_registration: z.string().trim().max(64).nullish(),
  phone: z.string().trim().max(32).nullish(),
  email: z.string().trim().max(254).nullish(),
  address: z.string().trim().max(500).nullish(),
  city: z.string().trim().max(100).nullish(),
  governorate: z.enum(GOVERNORATES).nullish(),
  postal_code: z.string().trim().max(16).nullish(),
  base_currency: z.enum(CURRENCIES).default('JOD'),
  fiscal_year_start_month: z.number().int().min(1).max(12).default(1),
  timezone: z.string().trim().max(64).default('Asia/Amman'),
  description: z.string().trim().max(2000).nullish(),
};

export const organizationCreate = z.strictObject(organizationFields);
export const organizationUpdate = z
  .strictObject(
    Object.fromEntries(Object.entries(organizationFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
      [K in keyof typeof organizationFields]: z.ZodOptional<(typeof organizationFields)[K]>;
    },
  )
  .refine((v) => Object.keys(v).length > 0, 'Nothing to update');

export const organizationPublic = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string().nullable(),
  tax_number: z.string().nullable(),
  income_source_sequence: z.string().nullable(),
  taxpayer_track: z.string().nullable(),
  commercial_registration: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  governorate: z.string().nullable(),
  postal_code: z.string().nullable(),
  base_currency: z.string(),
  fiscal_year_start_month: z.number(),
  timezone: z.string(),
  description: z.string().nullable(),
  owner_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller's role in it, when listed for a member. */
  role: z.string().optional(),
});

export const memberAdd = z.strictObject({ user_id: id.optional(), email: z.string().trim().toLowerCase().optional(), role }).refine(
  (v) => !!v.user_id !== !!v.email,
  'Give either user_id or email',
);
export const memberUpdate = z.strictObject({ role });
export const memberPublic = z.object({
  user_id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role,
  joined_at: z.string(),
});
