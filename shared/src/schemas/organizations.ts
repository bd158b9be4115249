import { POS_RECEIPTLESS_RETURN_POLICIES } from './codes.js';
import * as z from 'zod';
import { VALUATION_METHODS } from '../inventory/costing.js';
import {
  DEFAULT_SCALE_BARCODES,
  SCALE_ITEM_DIGITS_MAX,
  SCALE_ITEM_DIGITS_MIN,
  SCALE_LAYOUT_MESSAGES,
  SCALE_PREFIX_PATTERN,
  SCALE_PREFIXES_MAX,
  SCALE_VALUE_KINDS,
  scaleLayoutProblems,
} from '../barcodes.js';
import { email, id, pagination, queryBoolean, role } from './common.js';
import { ROLES } from '../roles.js';
import { GOVERNORATES, TAXPAYER_TRACKS, CURRENCIES } from './codes.js';

export { GOVERNORATES, TAXPAYER_TRACKS, CURRENCIES } from './codes.js';

export const organizationName = z.string().trim().min(1, 'Name is required').max(255);

/** Arabic letters (the Arabic block and its presentation forms), as JoFotara's Arabic name needs. */
export const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/**
 * The business name in Arabic, printed beside the English one on invoices and receipts and the
 * default of e-invoicing's Arabic registered name. A blank field means none; a name with no Arabic
 * letter is refused, since it would print as a second English name.
 */
export const organizationNameAr = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().max(255).regex(ARABIC_LETTERS, 'The Arabic name must contain Arabic letters').nullish(),
);

/**
 * How the shop's scales print their labels (shared/src/barcodes.ts): which prefixes carry a weight
 * in grams and which a price in fils, and how many digits the item code has. Prefix and item code
 * must make 7 digits, so the label is 13 (5 value digits and the check digit follow); prefixes are
 * GS1 restricted-circulation ones only (2…, 02…), so no manufacturer's barcode reads as a label.
 */
export const scaleBarcodeLayout = z
  .strictObject({
    prefixes: z
      .array(
        z.strictObject({
          prefix: z.string().trim().regex(SCALE_PREFIX_PATTERN, SCALE_LAYOUT_MESSAGES.prefixFormat),
          value: z.enum(SCALE_VALUE_KINDS),
        }),
      )
      .min(1, SCALE_LAYOUT_MESSAGES.prefixesNeeded)
      .max(SCALE_PREFIXES_MAX, SCALE_LAYOUT_MESSAGES.prefixesMax),
    item_digits: z
      .number()
      .int(SCALE_LAYOUT_MESSAGES.itemDigits)
      .min(SCALE_ITEM_DIGITS_MIN, SCALE_LAYOUT_MESSAGES.itemDigits)
      .max(SCALE_ITEM_DIGITS_MAX, SCALE_LAYOUT_MESSAGES.itemDigits),
  })
  .superRefine((layout, ctx) => {
    for (const problem of scaleLayoutProblems(layout)) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });
export type ScaleBarcodeLayout = z.output<typeof scaleBarcodeLayout>;

export const scaleBarcodeLayoutPublic = z.object({
  prefixes: z.array(z.object({ prefix: z.string(), value: z.enum(SCALE_VALUE_KINDS) })),
  item_digits: z.number().int(),
});

/** The layout as the API shows it: the organization's, or the default when it never set one. */
export const scaleBarcodesOf = (stored: ScaleBarcodeLayout | null | undefined): ScaleBarcodeLayout =>
  stored ?? { prefixes: DEFAULT_SCALE_BARCODES.prefixes.map((p) => ({ ...p })), item_digits: DEFAULT_SCALE_BARCODES.item_digits };

export const organizationFields = {
  name: organizationName,
  name_ar: organizationNameAr,
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
  /** How stock is costed (shared/src/inventory/costing.ts); fixed once stock has moved. */
  inventory_valuation_method: z.enum(VALUATION_METHODS).default('fifo'),
  /** Whether a sale may take more than is on record (a till cannot refuse goods on the shelf). */
  allow_negative_stock: z.boolean().default(true),
  /** Who may take a return without a receipt at the till (always as store credit, customer named). */
  pos_receiptless_returns: z.enum(POS_RECEIPTLESS_RETURN_POLICIES).default('admins'),
  /** How scale labels are read; null (in an update) goes back to the default layout. */
  scale_barcodes: scaleBarcodeLayout.nullish(),
};

export const organizationCreate = z.strictObject(organizationFields);
export type OrganizationCreate = z.output<typeof organizationCreate>;

/**
 * Every field optional and without defaults (an update must not reset what it does not mention);
 * null clears a field. `version`, when given, must match the stored one (optimistic locking).
 */
const withoutDefault = (schema: z.ZodType) => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);
export const organizationUpdate = z
  .strictObject({
    ...(Object.fromEntries(Object.entries(organizationFields).map(([k, v]) => [k, withoutDefault(v).optional()])) as {
      [K in keyof typeof organizationFields]: z.ZodOptional<
        (typeof organizationFields)[K] extends z.ZodDefault<infer Inner> ? Inner : (typeof organizationFields)[K]
      >;
    }),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type OrganizationUpdate = z.output<typeof organizationUpdate>;

/** `all=true` lets a superuser list every organization, not only their own. */
export const organizationListQuery = pagination.extend({ all: queryBoolean.default(false) });

export const organizationPublic = z.object({
  id: z.string(),
  name: z.string(),
  name_ar: z.string().nullable(),
  legal_name: z.string().nullable(),
  tax_number: z.string().nullable(),
  income_source_sequence: z.string().nullable(),
  gst_registration_number: z.string().nullable(),
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
  inventory_valuation_method: z.enum(VALUATION_METHODS),
  allow_negative_stock: z.boolean(),
  pos_receiptless_returns: z.enum(POS_RECEIPTLESS_RETURN_POLICIES),
  /** The organization's scale-label layout; the default one when it never set its own. */
  scale_barcodes: scaleBarcodeLayoutPublic,
  owner_id: z.string(),
  member_count: z.number().int(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller's role in it; null for a superuser looking at an organization they do not belong to. */
  role: role.nullable().optional(),
});
export type OrganizationPublic = z.infer<typeof organizationPublic>;

export const organizationStats = z.object({
  organization_id: z.string(),
  name: z.string(),
  member_count: z.number().int(),
  members_by_role: z.record(z.enum(ROLES), z.number().int()),
  pending_invitations: z.number().int(),
  invitations_by_status: z.record(z.string(), z.number().int()),
  owner_id: z.string(),
  base_currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  age_days: z.number().int(),
});

export const memberAdd = z
  .strictObject({ user_id: id.optional(), email: email.optional(), role })
  .refine((v) => !!v.user_id !== !!v.email, 'Give either user_id or email');
export const memberUpdate = z.strictObject({ role });
export const memberPublic = z.object({
  user_id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  role,
  joined_at: z.string(),
});
export type MemberPublic = z.infer<typeof memberPublic>;
