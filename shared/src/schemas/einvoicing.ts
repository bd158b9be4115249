import * as z from 'zod';
import { JOFOTARA_TRACKS } from '../jofotara/types.js';

/**
 * JoFotara (national e-invoicing) settings of an organization (JORDAN.md §1.1, §1.3, §4.1).
 *
 * The Client-Id and Secret-Key the portal's "Link a New Device" screen generates are write-only:
 * the API stores them encrypted and never answers with them (only whether they are set, and the
 * last four characters of a long enough Client-Id so an admin can tell which device is linked).
 */

/**
 * TINs are digits only; 7 and 8 digits are both seen live, and the PHP SDK had to drop its
 * 8-digit rule for a real 7-digit taxpayer (JORDAN.md §2.2), so only the digit rule is firm.
 */
export const sellerTin = z
  .string()
  .trim()
  .regex(/^\d{7,15}$/, 'Seller TIN must be 7 to 15 digits, without letters, spaces or dashes');

export const incomeSourceSequence = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'Income source sequence must be digits only');

/** No control characters: the name goes into the invoice XML exactly as registered. */
const registeredName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(255)
  .regex(/^[^\p{Cc}]*$/u, 'Name must not contain control characters');

/**
 * The portal sends credentials as HTTP headers, so they are visible ASCII without spaces: anything
 * else could not be sent (or would split the header).
 */
const portalCredential = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(512)
    .regex(/^[\x21-\x7E]+$/, `${label} must be printable ASCII without spaces`);

export const einvoicingTrack = z.enum(JOFOTARA_TRACKS);

/**
 * PUT body. Every field is optional: an omitted field keeps its stored value (so the secrets need
 * not be typed again), null clears it. `version`, when given, must match the stored one.
 */
export const einvoicingSettingsUpdate = z
  .strictObject({
    seller_tin: sellerTin.nullish(),
    registered_name_ar: registeredName.nullish(),
    registered_name_en: registeredName.nullish(),
    income_source_sequence: incomeSourceSequence.nullish(),
    taxpayer_track: einvoicingTrack.nullish(),
    client_id: portalCredential('Client-Id').nullish(),
    secret_key: portalCredential('Secret-Key').nullish(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), 'Nothing to update');
export type EinvoicingSettingsUpdate = z.output<typeof einvoicingSettingsUpdate>;

/** What a submission needs that may still be missing, in the order a form shows them. */
export const EINVOICING_REQUIRED_FIELDS = [
  'seller_tin',
  'registered_name',
  'income_source_sequence',
  'taxpayer_track',
  'client_id',
  'secret_key',
] as const;
export type EinvoicingRequiredField = (typeof EINVOICING_REQUIRED_FIELDS)[number];

export const einvoicingSettingsPublic = z.object({
  organization_id: z.string(),
  seller_tin: z.string().nullable(),
  registered_name_ar: z.string().nullable(),
  registered_name_en: z.string().nullable(),
  income_source_sequence: z.string().nullable(),
  taxpayer_track: einvoicingTrack.nullable(),
  client_id_set: z.boolean(),
  /** Last four characters of the Client-Id, only when it is long enough that this reveals little. */
  client_id_last4: z.string().nullable(),
  secret_key_set: z.boolean(),
  credentials_updated_at: z.string().nullable(),
  /** Where submissions go (deployment configuration, not per organization). */
  portal_url: z.string(),
  /** The last invoice counter (ICV) handed out; the next submission gets this + 1. */
  invoice_counter: z.number().int(),
  /** True when everything a submission needs is set. */
  is_complete: z.boolean(),
  missing_fields: z.array(z.enum(EINVOICING_REQUIRED_FIELDS)),
  /** Null until the settings are first saved; send it back in PUT to guard against lost updates. */
  version: z.number().int().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type EinvoicingSettingsPublic = z.infer<typeof einvoicingSettingsPublic>;

export const EINVOICING_CONNECTION_CHECKS = [
  'seller_tin',
  'registered_name',
  'income_source_sequence',
  'taxpayer_track',
  'credentials_present',
  'credentials_readable',
  'portal_url',
  'portal_reachable',
] as const;

export const einvoicingConnectionCheck = z.object({
  name: z.enum(EINVOICING_CONNECTION_CHECKS),
  status: z.enum(['pass', 'fail', 'skipped']),
  detail: z.string(),
});

/**
 * The answer of `POST …/e-invoicing/test-connection`. JoFotara has a single endpoint that records
 * every invoice it accepts and no way to check credentials without submitting one (JORDAN.md
 * §1.2), so the check is local plus a reachability probe that sends no invoice and no
 * credentials; `credentials_verified` is false by construction and says so.
 */
export const einvoicingConnectionTest = z.object({
  ok: z.boolean(),
  credentials_verified: z.literal(false),
  portal_url: z.string(),
  checks: z.array(einvoicingConnectionCheck),
  message: z.string(),
  checked_at: z.string(),
});
export type EinvoicingConnectionTest = z.infer<typeof einvoicingConnectionTest>;

/**
 * `GET …/e-invoicing/local-simulator`. Running locally (`npm start`), invoices go to the JoFotara
 * simulator, which accepts only its own device's Client-Id and Secret-Key: they are shown to whoever
 * sets up e-invoicing there. Anywhere else `active` is false and nothing else is said.
 */
export const einvoicingLocalSimulator = z.object({
  active: z.boolean(),
  client_id: z.string().nullable(),
  secret_key: z.string().nullable(),
  portal_url: z.string().nullable(),
});
export type EinvoicingLocalSimulator = z.infer<typeof einvoicingLocalSimulator>;
