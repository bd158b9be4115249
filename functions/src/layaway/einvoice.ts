/**
 * A layaway's pickup as a JoFotara e-invoice (issue 16), through the same queue as the till's
 * receipts (e-invoicing/submission.ts, consumer.ts): the pickup never waits for the portal.
 *
 * The pickup IS a retail sale whose lines are stored as the till's (db/layaway.ts), so it is mapped
 * by the till's own mapping (pos/einvoice.ts `posReceiptDocument`): a 388 invoice numbered as the
 * layaway (LAY-000001), dated the pickup's day, with the layaway's customer as the buyer when they
 * are identified. Its payment method is cash: every deposit was money in hand before the goods
 * left. The submission is its own document type, `layaway_pickup`, keyed by the layaway's id, so a
 * layaway has at most one; it is created on condition that none exists, and the layaway is flagged
 * (`einvoice_status`) so a later call writes nothing. The nightly job (overdue.ts) calls this again
 * for a pickup whose call failed: its active marker is removed only once the e-invoice was handled.
 */
import { jofotara } from '@daftar/shared';
import { Contact } from '../db/contact.js';
import { readItem } from '../db/get-together.js';
import { Layaway, LayawayActive, type LayawayRecord } from '../db/layaway.js';
import type { PosTransactionRecord } from '../db/posTransaction.js';
import { isConditionFailure } from '../db/transaction.js';
import { documentUuid } from '../e-invoicing/mapping.js';
import { getSettingsItem, missingFields } from '../e-invoicing/settings.js';
import { getSubmission } from '../e-invoicing/submission.js';
import { posReceiptDocument, writeSubmission } from '../pos/einvoice.js';
import { ValidationError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';

export type LayawayEinvoiceFlag = 'queued' | 'needs_attention' | 'not_applicable';

async function setFlag(layaway: LayawayRecord, flag: LayawayEinvoiceFlag) {
  try {
    await Layaway.patch({ organization_id: layaway.organization_id, id: layaway.id })
      .set({ einvoice_status: flag })
      .where((a, { eq, notExists }) => (layaway.einvoice_status === undefined ? notExists(a.einvoice_status) : eq(a.einvoice_status, layaway.einvoice_status)))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  // Nothing more for the nightly job to do with it.
  await LayawayActive.delete({ organization_id: layaway.organization_id, layaway_id: layaway.id }).go();
}

/**
 * Queues the pickup's e-invoice; answers the layaway's flag, or null when there is nothing to do
 * yet (no such completed layaway). Without e-invoicing set up the pickup is flagged not_applicable.
 */
export async function submitLayawayPickup(organizationId: string, layawayId: string): Promise<LayawayEinvoiceFlag | null> {
  const { data: layaway } = await Layaway.get({ organization_id: organizationId, id: layawayId }).go({ consistent: true });
  if (!layaway || layaway.status !== 'completed') return null;
  if (layaway.einvoice_status === 'queued' || layaway.einvoice_status === 'not_applicable') return layaway.einvoice_status;
  const settings = await getSettingsItem(organizationId);
  if (!settings || missingFields(settings).length) {
    await setFlag(layaway, 'not_applicable');
    return 'not_applicable';
  }
  if (await getSubmission(organizationId, 'layaway_pickup', layaway.id)) {
    await setFlag(layaway, 'queued');
    return 'queued';
  }
  const customer = await readItem(Contact, { organization_id: organizationId, id: layaway.customer_id });
  const receipt = {
    id: layaway.id,
    kind: 'sale',
    number: layaway.number,
    date: layaway.sale_date ?? layaway.completed_at!.slice(0, 10),
    note: `Layaway ${layaway.number}`,
    // Deposits are money in hand before the goods leave: a cash e-invoice.
    payments: [{ id: layaway.id, tender: 'cash', amount: layaway.total, reference: null }],
    lines: layaway.lines,
    new_lines: undefined,
  } as unknown as Pick<PosTransactionRecord, 'id' | 'kind' | 'number' | 'date' | 'note' | 'payments' | 'lines' | 'new_lines'>;
  let mapped: ReturnType<typeof posReceiptDocument>;
  try {
    mapped = posReceiptDocument({
      type: 'pos_receipt',
      uuid: documentUuid(organizationId, 'layaway_pickup', layaway.id),
      icv: 1,
      track: settings.taxpayer_track!,
      seller: { tin: settings.seller_tin!, registered_name: (settings.registered_name_ar || settings.registered_name_en)!, income_source_sequence: settings.income_source_sequence! },
      receipt,
      customer,
    });
    const failures = jofotara.crossCheck(jofotara.buildInvoiceXml(mapped.document));
    if (failures.length) throw new ValidationError(failures.map((f) => ({ loc: ['jofotara', 'layaway_pickup'], msg: f.message, type: 'jofotara' })));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    logger.warn('layaway einvoice: the pickup cannot be submitted as it stands', { organization_id: organizationId, layaway_id: layaway.id, detail: error.issues.map((i) => i.msg).join('; ') });
    await Layaway.patch({ organization_id: organizationId, id: layaway.id }).set({ einvoice_status: 'needs_attention' }).go();
    return 'needs_attention';
  }
  // One submission per pickup (keyed by the layaway's id); a concurrent call that wrote it first queued it.
  await writeSubmission(organizationId, 'layaway_pickup', { id: layaway.id, date: receipt.date }, mapped, { settings_version: settings.version });
  await setFlag(layaway, 'queued');
  return 'queued';
}
