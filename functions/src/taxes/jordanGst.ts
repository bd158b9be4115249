/**
 * Jordan general sales tax: the rate set's definition for an organization, and the setup that
 * creates it as taxes. Taxes of the set are found by their codes (JO_GST_16 …, jordanTax.ts), whose
 * uniqueness guards make the setup idempotent even when two calls race. The set is
 * JORDAN_GST_SETUP_RATES: no exempt tax, since a line without a tax is exempt (an organization set
 * up before keeps the exempt tax it has; nothing is migrated).
 */
import { jordanTax } from '@daftar/shared';
import { defaultTaxAccountSubtypes } from '@daftar/shared/schemas/taxRules';
import type { JordanGstDefault } from '@daftar/shared/schemas/taxes';
import { Organization, type OrganizationItem } from '../db/organization.js';
import { Tax, type TaxRecord } from '../db/tax.js';
import { Conflict, NotFound } from '../platform/errors.js';
import { onConditionFailed, putItem, updateItem, postTransaction, type TransactItem } from '../db/transaction.js';
import { uuidv7 } from '../platform/ids.js';
import { loadTaxes, taxCodeStep, unsetOtherDefaults } from './taxes.js';
import { organizationChanged } from '../organizations/settings.js';

async function getOrganization(organizationId: string): Promise<OrganizationItem> {
  const { data } = await Organization.get({ id: organizationId }).go({ consistent: true });
  if (!data) throw new NotFound('Organization not found');
  return data;
}

function byCode(taxes: TaxRecord[]): Map<string, TaxRecord> {
  return new Map(taxes.filter((t) => t.code).map((t) => [t.code!, t]));
}

export async function jordanGstDefinition(organizationId: string): Promise<JordanGstDefault> {
  const [organization, taxes] = await Promise.all([getOrganization(organizationId), loadTaxes(organizationId)]);
  const existing = byCode(taxes);
  const rates = jordanTax.JORDAN_GST_SETUP_RATES.map((rate) => ({
    code: rate.code,
    rate: rate.rate,
    tax_category: rate.category,
    jofotara_category: rate.jofotara_category,
    name: rate.name_en,
    name_ar: rate.name_ar,
    tax_id: existing.get(rate.code)?.id ?? null,
  }));
  return {
    country: 'JO',
    currency: 'JOD',
    standard_rate: jordanTax.JORDAN_STANDARD_GST_RATE,
    return_period_months: 2,
    rates,
    special_sales_tax: {
      name: jordanTax.JORDAN_SPECIAL_SALES_TAX.name_en,
      name_ar: jordanTax.JORDAN_SPECIAL_SALES_TAX.name_ar,
      jofotara_category: jordanTax.JORDAN_SPECIAL_SALES_TAX.jofotara_category,
      jofotara_tax_scheme: jordanTax.JORDAN_SPECIAL_SALES_TAX.jofotara_tax_scheme,
    },
    is_set_up: rates.every((r) => r.tax_id !== null),
    gst_registration_number: organization.gst_registration_number ?? null,
  };
}

/** A concurrent setup created one of the codes first: start over from what is stored now. */
class SetupRaced extends Error {}

export interface JordanGstSetup {
  /** The set in the order of JORDAN_GST_SETUP_RATES. */
  taxes: TaxRecord[];
  created: TaxRecord[];
  existing: TaxRecord[];
  /** Taxes whose default mark moved to the 16% tax. */
  unsetDefaults: TaxRecord[];
  registrationNumber: { from: string | null; to: string | null };
}

/**
 * Creates the taxes of the Jordan set that the organization lacks (one transaction with their code
 * guards and the organization's GST registration number), leaving existing ones as they are. The
 * 16% tax becomes the default when no active tax is. Calling it again creates nothing.
 */
export async function setupJordanGst(organizationId: string, registrationNumber: string | undefined): Promise<JordanGstSetup> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await trySetup(organizationId, registrationNumber);
    } catch (error) {
      if (!(error instanceof SetupRaced) || attempt >= 3) throw error instanceof SetupRaced ? new Conflict('The taxes changed while setting up; please try again') : error;
    }
  }
}

async function trySetup(organizationId: string, registrationNumber: string | undefined): Promise<JordanGstSetup> {
  const [organization, taxes] = await Promise.all([getOrganization(organizationId), loadTaxes(organizationId)]);
  const existingByCode = byCode(taxes);
  const hasActiveDefault = taxes.some((t) => t.is_default && t.is_active);
  const now = new Date();
  const stamp = now.toISOString();

  const created: TaxRecord[] = [];
  const steps: TransactItem[] = [];
  const set = jordanTax.JORDAN_GST_SETUP_RATES.map((rate) => {
    const found = existingByCode.get(rate.code);
    if (found) return found;
    const tax: TaxRecord = {
      organization_id: organizationId,
      id: uuidv7(now.getTime()),
      code: rate.code,
      name: rate.name_en,
      name_ar: rate.name_ar,
      rate: rate.rate,
      tax_category: rate.category,
      jofotara_category: rate.jofotara_category,
      ...defaultTaxAccountSubtypes(rate.category),
      is_default: !hasActiveDefault && rate.rate === jordanTax.JORDAN_STANDARD_GST_RATE && rate.category === 'standard',
      is_active: true,
      version: 1,
      created_at: stamp,
      updated_at: stamp,
    };
    created.push(tax);
    steps.push(putItem(Tax.create(tax).params()), onConditionFailed(taxCodeStep(organizationId, rate.code, tax.id), () => new SetupRaced()));
    return tax;
  });
  // An inactive default keeps its mark until another tax takes it: this one, if it is created as default.
  const newDefault = created.find((t) => t.is_default);
  const unsetDefaults = newDefault ? taxes.filter((t) => t.is_default) : [];
  if (newDefault) steps.push(...unsetOtherDefaults(taxes, newDefault.id, stamp).map((s) => ({ ...s, onConditionFailed: () => new SetupRaced() })));

  const before = organization.gst_registration_number ?? null;
  const after = registrationNumber ?? before;
  if (after !== before) {
    steps.push(
      updateItem(
        Organization.patch({ id: organizationId })
          .set({ gst_registration_number: after!, version: organization.version + 1, updated_at: stamp })
          .where((a, { eq }) => eq(a.version, organization.version))
          .params(),
        () => new SetupRaced(),
      ),
    );
  }
  await postTransaction(steps);
  if (after !== before) organizationChanged(organizationId);
  return {
    taxes: set,
    created,
    existing: set.filter((t) => !created.includes(t)),
    unsetDefaults,
    registrationNumber: { from: before, to: after },
  };
}
