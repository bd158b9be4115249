/** Taxes as a resource: create, change, delete and list an organization's taxes. */
import { money } from '@daftar/shared';
import { TAX_RECORD_CATEGORIES } from '@daftar/shared/schemas/codes';
import { defaultTaxAccountSubtypes, isJoFotaraRate, jofotaraCategoryOf, taxRuleIssues } from '@daftar/shared/schemas/taxRules';
import type { TaxCreate, TaxOption, TaxPublic, TaxRecordCategory, TaxUpdate } from '@daftar/shared/schemas/taxes';
import { Tax, TaxCode, type TaxRecord } from '../db/tax.js';
import { Conflict, NotFound, ValidationError } from '../platform/errors.js';
import { deleteItem, putItem, updateItem, postTransaction, type TransactItem } from '../db/transaction.js';
import { uuidv7 } from '../platform/ids.js';
import { assertUnreferenced, InUse, type ReferenceCheck } from '../db/references.js';
import { referencedBy } from '../db/reference.js';

// ---------------------------------------------------------------------------------------------
// Presentation

export function presentTax(tax: TaxRecord): TaxPublic {
  return {
    id: tax.id,
    organization_id: tax.organization_id,
    code: tax.code ?? null,
    name: tax.name,
    name_ar: tax.name_ar ?? null,
    description: tax.description ?? null,
    rate: tax.rate,
    tax_category: tax.tax_category,
    jofotara_category: tax.jofotara_category,
    jofotara_supported: isJoFotaraRate(tax.tax_category, tax.rate),
    special_tax_type: tax.special_tax_type ?? null,
    special_tax_amount: tax.special_tax_amount ?? null,
    sales_account_subtype: tax.sales_account_subtype,
    purchase_account_subtype: tax.purchase_account_subtype ?? null,
    is_default: tax.is_default,
    is_active: tax.is_active,
    version: tax.version,
    created_at: tax.created_at,
    updated_at: tax.updated_at,
  };
}

export function presentTaxOption(tax: TaxRecord): TaxOption {
  const t = presentTax(tax);
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    name_ar: t.name_ar,
    rate: t.rate,
    tax_category: t.tax_category,
    jofotara_category: t.jofotara_category,
    special_tax_type: t.special_tax_type,
    special_tax_amount: t.special_tax_amount,
    is_default: t.is_default,
    is_active: t.is_active,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function getTax(organizationId: string, id: string): Promise<TaxRecord> {
  const { data } = await Tax.get({ organization_id: organizationId, id }).go({ consistent: true });
  if (!data) throw new NotFound('Tax not found');
  return data;
}

/** Every tax of the organization (consistent; a few dozen items), unordered. */
export async function loadTaxes(organizationId: string): Promise<TaxRecord[]> {
  const { data } = await Tax.query.byOrganization({ organization_id: organizationId }).go({ consistent: true, pages: 'all' });
  return data;
}

const CATEGORY_ORDER = Object.fromEntries(TAX_RECORD_CATEGORIES.map((c, i) => [c, i])) as Record<TaxRecordCategory, number>;

/** General taxes first (standard, zero-rated, exempt), then special; higher rates first; then name. */
export function byCategoryAndRate(a: TaxRecord, b: TaxRecord): number {
  return (
    CATEGORY_ORDER[a.tax_category] - CATEGORY_ORDER[b.tax_category] ||
    money.compareRatios(money.ratioOf(b.rate), money.ratioOf(a.rate)) ||
    a.name.localeCompare(b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export async function listTaxes(
  organizationId: string,
  filter: { skip: number; limit: number; include_inactive: boolean; tax_category?: TaxRecordCategory },
): Promise<{ data: TaxRecord[]; count: number }> {
  const selected = (await loadTaxes(organizationId))
    .filter((t) => (filter.include_inactive || t.is_active) && (!filter.tax_category || t.tax_category === filter.tax_category))
    .sort(byCategoryAndRate);
  return { data: selected.slice(filter.skip, filter.skip + filter.limit), count: selected.length };
}

// ---------------------------------------------------------------------------------------------
// Writing

export const taxChangedMeanwhile = () => new Conflict('The tax was changed by someone else; reload and try again');
export const duplicateTaxCode = (code: string) => () => new Conflict(`A tax with code ${code} already exists`);

const blank = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);

/** Clears the default mark of every other tax, in the same transaction that sets it on `taxId`. */
export function unsetOtherDefaults(taxes: TaxRecord[], taxId: string, now: string): TransactItem[] {
  return taxes
    .filter((t) => t.is_default && t.id !== taxId)
    .map((t) =>
      updateItem(
        Tax.patch({ organization_id: t.organization_id, id: t.id })
          .set({ is_default: false, version: t.version + 1, updated_at: now })
          .where((a, { eq }) => eq(a.version, t.version))
          .params(),
        taxChangedMeanwhile,
      ),
    );
}

export function taxCodeStep(organizationId: string, code: string, taxId: string): TransactItem {
  return putItem(TaxCode.create({ organization_id: organizationId, code, tax_id: taxId }).params(), duplicateTaxCode(code));
}

export async function createTax(organizationId: string, input: TaxCreate): Promise<{ tax: TaxRecord; unsetDefaults: TaxRecord[] }> {
  const rate = input.rate ?? '0';
  const subtypes = defaultTaxAccountSubtypes(input.tax_category);
  const now = new Date();
  const tax: TaxRecord = {
    organization_id: organizationId,
    id: uuidv7(now.getTime()),
    code: blank(input.code),
    name: input.name,
    name_ar: blank(input.name_ar),
    description: blank(input.description),
    rate,
    tax_category: input.tax_category,
    jofotara_category: jofotaraCategoryOf(input.tax_category, rate),
    special_tax_type: blank(input.special_tax_type),
    special_tax_amount: blank(input.special_tax_amount),
    sales_account_subtype: input.sales_account_subtype ?? subtypes.sales_account_subtype,
    purchase_account_subtype: input.purchase_account_subtype === undefined ? subtypes.purchase_account_subtype : blank(input.purchase_account_subtype),
    is_default: input.is_default,
    is_active: input.is_active,
    version: 1,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const others = tax.is_default ? await loadTaxes(organizationId) : [];
  const steps = [putItem(Tax.create(tax).params()), ...unsetOtherDefaults(others, tax.id, tax.updated_at)];
  if (tax.code) steps.push(taxCodeStep(organizationId, tax.code, tax.id));
  await postTransaction(steps);
  return { tax, unsetDefaults: others.filter((t) => t.is_default) };
}

const CLEARABLE = ['code', 'name_ar', 'description', 'special_tax_type', 'special_tax_amount', 'purchase_account_subtype'] as const satisfies readonly (keyof TaxRecord)[];

export async function updateTax(organizationId: string, id: string, input: TaxUpdate): Promise<{ before: TaxRecord; after: TaxRecord }> {
  const before = await getTax(organizationId, id);
  if (input.version !== undefined && input.version !== before.version) throw taxChangedMeanwhile();
  const pick = <K extends keyof TaxUpdate & keyof TaxRecord>(field: K) => (input[field] === undefined ? before[field] : blank(input[field]));

  const category = input.tax_category ?? before.tax_category;
  const recategorized = category !== before.tax_category;
  // Moving to another category: what only made sense in the old one follows, unless the change says otherwise.
  const rate = input.rate ?? (recategorized && (category === 'zero_rated' || category === 'exempt') ? '0' : before.rate);
  const leavesSpecial = recategorized && before.tax_category === 'special';
  const isActive = input.is_active ?? before.is_active;
  const after: TaxRecord = {
    ...before,
    code: pick('code'),
    name: input.name ?? before.name,
    name_ar: pick('name_ar'),
    description: pick('description'),
    rate,
    tax_category: category,
    special_tax_type: input.special_tax_type === undefined && leavesSpecial ? undefined : pick('special_tax_type'),
    special_tax_amount: input.special_tax_amount === undefined && leavesSpecial ? undefined : pick('special_tax_amount'),
    sales_account_subtype: input.sales_account_subtype ?? (recategorized ? defaultTaxAccountSubtypes(category).sales_account_subtype : before.sales_account_subtype),
    purchase_account_subtype: pick('purchase_account_subtype'),
    // Deactivating the default tax takes the mark away with it.
    is_default: input.is_default ?? (isActive ? before.is_default : false),
    is_active: isActive,
    version: before.version + 1,
    updated_at: new Date().toISOString(),
  };
  const issues = taxRuleIssues(after);
  if (issues.length) throw new ValidationError(issues.map((i) => ({ loc: ['body', i.path], msg: i.message, type: 'value_error' })));
  after.jofotara_category = jofotaraCategoryOf(after.tax_category, after.rate);

  const others = after.is_default && !before.is_default ? await loadTaxes(organizationId) : [];
  await postTransaction([taxWrite(before, after), ...codeSteps(before, after), ...unsetOtherDefaults(others, id, after.updated_at)]);
  return { before, after };
}

function taxWrite(before: TaxRecord, after: TaxRecord): TransactItem {
  const { organization_id, id, created_at: _created, ...fields } = after;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<TaxRecord>;
  const cleared = CLEARABLE.filter((f) => after[f] === undefined && before[f] !== undefined);
  let patch = Tax.patch({ organization_id, id }).set(set);
  if (cleared.length) patch = patch.remove(cleared) as typeof patch;
  return updateItem(patch.where((a, { eq }) => eq(a.version, before.version)).params(), taxChangedMeanwhile);
}

function codeSteps(before: TaxRecord, after: TaxRecord): TransactItem[] {
  if (before.code === after.code) return [];
  const steps: TransactItem[] = [];
  if (before.code) {
    steps.push(
      deleteItem(
        TaxCode.delete({ organization_id: before.organization_id, code: before.code }).where((a, { eq }) => eq(a.tax_id, before.id)).params(),
        taxChangedMeanwhile,
      ),
    );
  }
  if (after.code) steps.push(taxCodeStep(after.organization_id, after.code, after.id));
  return steps;
}

// ---------------------------------------------------------------------------------------------
// Deleting

/**
 * What may use a tax. Each module that stores a tax id (invoice and bill lines,
 * products, POS, …) adds its check HERE, not by registering at import time: every resource is its
 * own Lambda, so a check living only in another module would never run in this one. Those modules
 * must also put a ConditionCheck that the tax exists and is active into the transaction that
 * writes the reference, so a tax deleted between this check and the delete gains no reference.
 */
export const taxReferenceChecks: ReferenceCheck[] = [referencedBy('tax', 'invoice', 'invoices'), referencedBy('tax', 'bill', 'bills'), referencedBy('tax', 'expense', 'expenses')];

/** Throws InUse when anything uses the tax; a tax in use is kept, deactivated. */
export const assertTaxDeletable = (organizationId: string, taxId: string) =>
  assertUnreferenced(taxReferenceChecks, 'tax', organizationId, taxId);

/** Deletes the tax and its code guard, or deactivates it (and drops its default mark) when used. */
export async function deleteTax(
  organizationId: string,
  id: string,
): Promise<{ tax: TaxRecord; outcome: 'deleted' } | { tax: TaxRecord; outcome: 'deactivated'; references: string[] }> {
  const tax = await getTax(organizationId, id);
  try {
    await assertTaxDeletable(organizationId, id);
  } catch (error) {
    if (!(error instanceof InUse)) throw error;
    if (!tax.is_active) return { tax, outcome: 'deactivated', references: error.references };
    const after: TaxRecord = { ...tax, is_active: false, is_default: false, version: tax.version + 1, updated_at: new Date().toISOString() };
    await postTransaction([taxWrite(tax, after)]);
    return { tax: after, outcome: 'deactivated', references: error.references };
  }
  const steps = [deleteItem(Tax.delete({ organization_id: organizationId, id }).where((a, { eq }) => eq(a.version, tax.version)).params(), taxChangedMeanwhile)];
  if (tax.code) {
    steps.push(
      deleteItem(TaxCode.delete({ organization_id: organizationId, code: tax.code }).where((a, { eq }) => eq(a.tax_id, id)).params(), taxChangedMeanwhile),
    );
  }
  await postTransaction(steps);
  return { tax, outcome: 'deleted' };
}
