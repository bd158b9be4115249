/**
 * An organization's JoFotara settings: reading (never the credentials), updating (credentials
 * encrypted before they are written), the invoice counter (ICV), and what a submission needs.
 */
import { inspect } from 'node:util';
import type { jofotara } from '@daftar/shared';
import {
  EINVOICING_REQUIRED_FIELDS,
  einvoicingTrack,
  incomeSourceSequence,
  sellerTin,
  type EinvoicingRequiredField,
  type EinvoicingSettingsPublic,
  type EinvoicingSettingsUpdate,
} from '@daftar/shared/schemas/einvoicing';
import { EinvoicingSettings, type EinvoicingSettingsItem } from '../db/einvoicingSettings.js';
import type { OrganizationItem } from '../db/organization.js';
import { readOrganization } from '../organizations/settings.js';
import { isConditionFailure } from '../db/transaction.js';
import { Conflict } from '../platform/errors.js';
import { decryptSecret, encryptSecret } from '../platform/crypto.js';
import { nowIso } from '../platform/ids.js';
import { portalBaseUrl, portalInvoicesUrl } from '../jofotara/client.js';

export type CredentialField = 'client_id' | 'secret_key';

/** Binds each sealed credential to its organization and field (see platform/crypto.ts). */
export const credentialContext = (organizationId: string, field: CredentialField) => `einvoicing:${organizationId}:${field}`;

const CHANGED_BY_SOMEONE_ELSE = 'The e-invoicing settings were changed by someone else; reload them and try again';

/** A submission cannot be made until these settings exist and are complete. */
export class EinvoicingNotConfigured extends Conflict {
  constructor(readonly missing: readonly EinvoicingRequiredField[]) {
    super(`E-invoicing is not set up for this organization: missing ${missing.join(', ')}`);
  }
}

/**
 * The settings as stored, each seller field falling back to what the organization's profile says
 * (issue 12: one setup). The tax number, legal (registered) name, Arabic business name,
 * income-source sequence and taxpayer track entered in onboarding or the organization profile
 * are JoFotara's seller details unless e-invoicing settings say otherwise, so a new
 * organization's first preview is not
 * "missing seller_tin, registered_name…". A profile value JoFotara would refuse (a 6-digit tax
 * number) is not carried over: the settings screen then asks for it.
 */
export async function getSettingsItem(organizationId: string): Promise<EinvoicingSettingsItem | null> {
  const [stored, organization] = await Promise.all([storedSettingsItem(organizationId), readOrganization(organizationId).catch(() => null)]);
  return withProfileDefaults(organizationId, stored, organization);
}

/** The settings item exactly as stored (null when none was ever saved). */
async function storedSettingsItem(organizationId: string): Promise<EinvoicingSettingsItem | null> {
  const { data } = await EinvoicingSettings.get({ organization_id: organizationId }).go();
  return data ?? null;
}

const ARABIC = /[\u0600-\u06FF]/;

/** The Arabic business name as JoFotara's registered name, unless the invoice XML could not carry it. */
const arabicBusinessName = (name: string | undefined) => (name && ARABIC.test(name) && /^[^\p{Cc}]*$/u.test(name) ? name : undefined);

export function withProfileDefaults(organizationId: string, item: EinvoicingSettingsItem | null, organization: OrganizationItem | null): EinvoicingSettingsItem | null {
  if (!organization) return item;
  const valid = <T extends string>(value: string | null | undefined, schema: { safeParse(v: unknown): { success: boolean } }) =>
    value && schema.safeParse(value).success ? (value as T) : undefined;
  const defaults = {
    seller_tin: valid(organization.tax_number, sellerTin),
    // The legal name is the registered one (the trading name may differ, and JoFotara checks it);
    // without an Arabic legal name, the Arabic business name from onboarding is the best there is.
    // Without a legal name at all, the business name in its script: a shop registered under its
    // trading name (most are) is ready to submit; one that is not corrects it here, shown filled.
    registered_name_ar: organization.legal_name && ARABIC.test(organization.legal_name) ? organization.legal_name
      : (arabicBusinessName(organization.name_ar) ?? (!organization.legal_name && ARABIC.test(organization.name) ? organization.name : undefined)),
    registered_name_en: organization.legal_name && !ARABIC.test(organization.legal_name) ? organization.legal_name
      : !organization.legal_name && organization.name && !ARABIC.test(organization.name) ? organization.name : undefined,
    income_source_sequence: valid(organization.income_source_sequence, incomeSourceSequence),
    taxpayer_track: valid<NonNullable<EinvoicingSettingsItem['taxpayer_track']>>(organization.taxpayer_track, einvoicingTrack),
  };
  const merged = { organization_id: organizationId, ...(item ?? {}) } as EinvoicingSettingsItem;
  for (const [field, value] of Object.entries(defaults)) {
    if (value && !(merged as Record<string, unknown>)[field]) (merged as Record<string, unknown>)[field] = value;
  }
  return item || Object.values(defaults).some(Boolean) ? merged : null;
}

export function missingFields(item: EinvoicingSettingsItem | null): EinvoicingRequiredField[] {
  const present: Record<EinvoicingRequiredField, boolean> = {
    seller_tin: !!item?.seller_tin,
    registered_name: !!(item?.registered_name_ar || item?.registered_name_en),
    income_source_sequence: !!item?.income_source_sequence,
    taxpayer_track: !!item?.taxpayer_track,
    client_id: !!item?.client_id_encrypted,
    secret_key: !!item?.secret_key_encrypted,
  };
  return EINVOICING_REQUIRED_FIELDS.filter((field) => !present[field]);
}

/** The endpoint submissions go to; a malformed JOFOTARA_BASE_URL is shown as configured, not thrown. */
export function configuredPortalUrl(): string {
  const base = portalBaseUrl();
  try {
    return portalInvoicesUrl(base);
  } catch {
    return base;
  }
}

/** Short Client-Ids are not hinted at: their last four characters would give most of them away. */
export const clientIdHint = (clientId: string) => (clientId.length >= 12 ? clientId.slice(-4) : undefined);

export function presentSettings(organizationId: string, item: EinvoicingSettingsItem | null): EinvoicingSettingsPublic {
  const missing = missingFields(item);
  return {
    organization_id: organizationId,
    seller_tin: item?.seller_tin ?? null,
    registered_name_ar: item?.registered_name_ar ?? null,
    registered_name_en: item?.registered_name_en ?? null,
    income_source_sequence: item?.income_source_sequence ?? null,
    taxpayer_track: item?.taxpayer_track ?? null,
    client_id_set: !!item?.client_id_encrypted,
    client_id_last4: item?.client_id_encrypted ? (item.client_id_last4 ?? null) : null,
    secret_key_set: !!item?.secret_key_encrypted,
    credentials_updated_at: item?.credentials_updated_at ?? null,
    portal_url: configuredPortalUrl(),
    invoice_counter: item?.icv_counter ?? 0,
    is_complete: missing.length === 0,
    missing_fields: missing,
    version: item?.version ?? null,
    created_at: item?.created_at ?? null,
    updated_at: item?.updated_at ?? null,
    updated_by: item?.updated_by ?? null,
  };
}

const PLAIN_FIELDS = ['seller_tin', 'registered_name_ar', 'registered_name_en', 'income_source_sequence', 'taxpayer_track'] as const;
type PlainField = (typeof PLAIN_FIELDS)[number];

export interface SettingsChange {
  before: EinvoicingSettingsItem | null;
  after: EinvoicingSettingsItem;
  created: boolean;
  /** Non-secret fields that changed, with their values. */
  fields: Partial<Record<PlainField, { from: string | null; to: string | null }>>;
  /** What happened to each credential that the request mentioned; never their values. */
  credentials: Partial<Record<CredentialField, 'set' | 'cleared'>>;
}

/**
 * Applies a PUT: omitted fields keep their value, null clears. The write is conditional on the
 * version read (and on the caller's `version`, when given), so two admins cannot overwrite each
 * other; the invoice counter is left alone.
 */
export async function updateSettings(organizationId: string, body: EinvoicingSettingsUpdate, updatedBy: string | null): Promise<SettingsChange> {
  const [stored, organization] = await Promise.all([storedSettingsItem(organizationId), readOrganization(organizationId).catch(() => null)]);
  if (body.version !== undefined && body.version !== stored?.version) throw new Conflict(CHANGED_BY_SOMEONE_ELSE);
  // What the screen showed (profile values included) is what a change is measured against.
  const shown = withProfileDefaults(organizationId, stored, organization);
  const effective = (item: EinvoicingSettingsItem) => withProfileDefaults(organizationId, item, organization)!;

  const now = nowIso();
  const set: Record<string, string> = {};
  const remove = new Set<string>();
  const fields: SettingsChange['fields'] = {};
  for (const field of PLAIN_FIELDS) {
    const next = body[field];
    if (next === undefined) continue;
    const previous = shown?.[field] ?? null;
    if (next === previous) continue;
    fields[field] = { from: previous, to: next };
    if (next === null) remove.add(field);
    else set[field] = next;
  }

  const credentials: SettingsChange['credentials'] = {};
  for (const field of ['client_id', 'secret_key'] as const) {
    const next = body[field];
    if (next === undefined) continue;
    credentials[field] = next === null ? 'cleared' : 'set';
    if (next === null) {
      remove.add(`${field}_encrypted`);
      if (field === 'client_id') remove.add('client_id_last4');
      continue;
    }
    set[`${field}_encrypted`] = await encryptSecret(next, credentialContext(organizationId, field));
    if (field === 'client_id') {
      const hint = clientIdHint(next);
      if (hint) set.client_id_last4 = hint;
      else remove.add('client_id_last4');
    }
  }
  if (Object.keys(credentials).length) set.credentials_updated_at = now;

  if (stored && Object.keys(set).length === 0 && remove.size === 0) {
    return { before: shown, after: effective(stored), created: false, fields, credentials };
  }

  try {
    const before = stored;
    if (!before) {
      const { data } = await EinvoicingSettings.create({
        organization_id: organizationId,
        ...(set as Partial<EinvoicingSettingsItem>),
        icv_counter: 0,
        version: 1,
        created_at: now,
        updated_at: now,
        ...(updatedBy ? { updated_by: updatedBy } : {}),
      }).go();
      return { before: shown, after: effective(data as EinvoicingSettingsItem), created: true, fields, credentials };
    }
    // Attributes being cleared that were never stored need no REMOVE.
    const toRemove = [...remove].filter((attribute) => attribute in before) as (keyof EinvoicingSettingsItem)[];
    let patch = EinvoicingSettings.patch({ organization_id: organizationId }).set({
      ...(set as Partial<EinvoicingSettingsItem>),
      version: before.version + 1,
      updated_at: now,
      ...(updatedBy ? { updated_by: updatedBy } : {}),
    } as never);
    if (toRemove.length) patch = patch.remove(toRemove as never);
    const { data } = await patch.where((attributes, { eq }) => eq(attributes.version, before.version)).go({ response: 'all_new' });
    return { before: shown, after: effective(data as EinvoicingSettingsItem), created: false, fields, credentials };
  } catch (error) {
    if (isConditionFailure(error)) throw new Conflict(CHANGED_BY_SOMEONE_ELSE);
    throw error;
  }
}

/**
 * The next invoice counter (ICV) of the organization: 1, 2, 3… Atomic (one DynamoDB ADD), so
 * concurrent submissions never share a number. A number taken by a submission that then fails
 * before reaching the portal leaves a gap, which the portal accepts (JORDAN.md §1.3: Odoo's ICV
 * has gaps). Throws EinvoicingNotConfigured when the organization has no settings.
 */
export async function nextInvoiceCounter(organizationId: string): Promise<number> {
  try {
    const { data } = await EinvoicingSettings.patch({ organization_id: organizationId })
      .add({ icv_counter: 1 })
      .go({ response: 'updated_new' });
    return data.icv_counter as number;
  } catch (error) {
    if (isConditionFailure(error)) throw new EinvoicingNotConfigured(EINVOICING_REQUIRED_FIELDS);
    throw error;
  }
}

/**
 * The decrypted Client-Id and Secret-Key. They serialize and inspect as "[redacted]", so an object
 * holding them that reaches a log line or a JSON body still does not leak them.
 */
export class PortalCredentials {
  readonly #clientId: string;
  readonly #secretKey: string;
  constructor(clientId: string, secretKey: string) {
    this.#clientId = clientId;
    this.#secretKey = secretKey;
  }
  get clientId(): string {
    return this.#clientId;
  }
  get secretKey(): string {
    return this.#secretKey;
  }
  toJSON() {
    return '[redacted]';
  }
  toString() {
    return '[redacted]';
  }
  [inspect.custom]() {
    return 'PortalCredentials [redacted]';
  }
}

export interface SubmissionSettings {
  organization_id: string;
  /** The settings version the submission was built with, worth storing beside it. */
  settings_version: number;
  portal_base_url: string;
  track: jofotara.JoFotaraTrack;
  /** For the UBL builder; the registered name is the Arabic one when both are set. */
  seller: jofotara.JoFotaraSeller;
  credentials: PortalCredentials;
}

/**
 * Everything a submission needs, credentials decrypted. Throws EinvoicingNotConfigured (409)
 * listing what is missing, or SecretDecryptionError when the stored credentials cannot be opened.
 */
export async function loadSubmissionSettings(organizationId: string): Promise<SubmissionSettings> {
  const item = await getSettingsItem(organizationId);
  const missing = missingFields(item);
  if (!item || missing.length) throw new EinvoicingNotConfigured(missing);
  const [clientId, secretKey] = await Promise.all([
    decryptSecret(item.client_id_encrypted!, credentialContext(organizationId, 'client_id')),
    decryptSecret(item.secret_key_encrypted!, credentialContext(organizationId, 'secret_key')),
  ]);
  return {
    organization_id: organizationId,
    settings_version: item.version,
    portal_base_url: portalBaseUrl(),
    track: item.taxpayer_track!,
    seller: {
      tin: item.seller_tin!,
      registered_name: (item.registered_name_ar || item.registered_name_en)!,
      income_source_sequence: item.income_source_sequence!,
    },
    credentials: new PortalCredentials(clientId, secretKey),
  };
}
