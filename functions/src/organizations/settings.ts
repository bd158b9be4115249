/**
 * The organization's settings as the domain reads them — the currency of its books, its time zone,
 * the month its fiscal year starts — from one consistent read of the organization per call
 * (platform/call-cache.ts): however many modules ask during a request, DynamoDB is asked once.
 * Code that changes the organization reads it itself (organizations.ts) and calls
 * `organizationChanged` so a later ask in the same call sees the change.
 */
import { DEFAULT_SCALE_BARCODES, type ScaleBarcodeSettings } from '@daftar/shared/barcodes';
import { Organization, type OrganizationItem } from '../db/organization.js';
import { cachedForCall, forgetForCall } from '../platform/call-cache.js';
import { NotFound } from '../platform/errors.js';
import { readItem } from '../db/get-together.js';

export interface OrganizationSettings {
  /** The currency of the books (`base_currency`): documents, payments and reports are kept in it. */
  currency: string;
  /** IANA time zone: what "today" is for due dates, reports and the dashboard. */
  timeZone: string;
  /** 1–12: the month the fiscal year starts. */
  fiscalYearStartMonth: number;
  /** How stock is costed: FIFO unless chosen otherwise. */
  valuationMethod: 'fifo' | 'average';
  /** Whether sales may take stock below zero (default yes). */
  allowNegativeStock: boolean;
  /** How scale labels are read (the barcode lookup): the organization's layout, else the default. */
  scaleBarcodes: ScaleBarcodeSettings;
}

const keyOf = (organizationId: string) => `organization:${organizationId}`;

/** The organization (404 when there is none), read once per call. */
export function readOrganization(organizationId: string): Promise<OrganizationItem> {
  return cachedForCall(keyOf(organizationId), async () => {
    const data = await readItem(Organization, { id: organizationId });
    if (!data) throw new NotFound('Organization not found');
    return data;
  });
}

/** The organization's settings (404 when there is no organization), read once per call. */
export async function organizationSettings(organizationId: string): Promise<OrganizationSettings> {
  const organization = await readOrganization(organizationId);
  return {
    currency: organization.base_currency,
    timeZone: organization.timezone,
    fiscalYearStartMonth: organization.fiscal_year_start_month ?? 1,
    valuationMethod: organization.inventory_valuation_method ?? 'fifo',
    allowNegativeStock: organization.allow_negative_stock ?? true,
    scaleBarcodes: organization.scale_barcodes ?? DEFAULT_SCALE_BARCODES,
  };
}

/** After a write to the organization: the next ask in this call reads it again. */
export const organizationChanged = (organizationId: string) => forgetForCall(keyOf(organizationId));
