/**
 * Overdue layaways (issue 16): `check-overdue` (a route, and a nightly step of maintenance/handler.ts)
 * sets `is_overdue` on an active layaway whose schedule has an instalment past its date and not
 * fully paid, clears it when paid up, and sends the customer one reminder e-mail per overdue
 * instalment: the reminder's marker (db/layaway.ts LayawayReminder) is created on condition that it
 * is absent before the mail goes, and removed again when the mail fails, so the next run retries.
 */
import type { LayawayOverdueResult } from '@daftar/shared/schemas/layaway';
import { Contact } from '../db/contact.js';
import { readItem } from '../db/get-together.js';
import { Layaway, LayawayActive, LayawayReminder, type LayawayRecord } from '../db/layaway.js';
import { takeAll } from '../db/paging.js';
import { isConditionFailure } from '../db/transaction.js';
import { todayIn } from '../ledger/dates.js';
import { organizationSettings } from '../organizations/settings.js';
import { renderEmail, sendMail } from '../platform/mailer.js';
import { logger } from '../platform/logger.js';
import { nowIso } from '../platform/ids.js';
import { formatAmount } from './read.js';
import { paymentSchedule } from './schedule.js';
import { submitLayawayPickup } from './einvoice.js';

const scheduleOf = (l: LayawayRecord) => ({ total: l.total, minimum_deposit: l.minimum_deposit, amount_paid: l.amount_paid, start_date: l.start_date, due_date: l.due_date, payment_frequency: l.payment_frequency, currency: l.currency });

/** Checks one active layaway as of `today`: the flag, and the reminders. */
async function checkOne(layaway: LayawayRecord, today: string, result: LayawayOverdueResult, remind = true): Promise<void> {
  result.checked++;
  const overdue = paymentSchedule(scheduleOf(layaway), today).filter((i) => i.status === 'overdue');
  const flag = overdue.length > 0;
  if (flag !== layaway.is_overdue) {
    try {
      // Conditioned on the version read: a payment meanwhile decided the flag itself.
      await Layaway.patch({ organization_id: layaway.organization_id, id: layaway.id })
        .set({ is_overdue: flag, version: layaway.version + 1, updated_at: nowIso() })
        .where((a, { eq }) => `${eq(a.version, layaway.version)} AND ${eq(a.status, 'active')}`)
        .go();
      if (flag) result.newly_overdue++;
      else result.cleared++;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  if (flag) result.overdue++;
  if (!flag || !remind) return;
  const customer = await readItem(Contact, { organization_id: layaway.organization_id, id: layaway.customer_id });
  if (!customer?.email) return;
  for (const instalment of overdue) {
    try {
      await LayawayReminder.create({ organization_id: layaway.organization_id, layaway_id: layaway.id, instalment: instalment.number, email: customer.email, sent_at: nowIso() }).go();
    } catch (error) {
      if (isConditionFailure(error)) continue; // reminded already
      throw error;
    }
    const due = formatAmount(instalment.amount - instalment.paid, layaway.currency);
    const { text, html } = renderEmail({
      en: { heading: `Layaway ${layaway.number}: a payment is overdue`, paragraphs: [`Dear ${customer.name},`, `${layaway.currency} ${due} of your layaway ${layaway.number} was due on ${instalment.due_date}.`, 'Please pay it at the shop to keep your items reserved.'] },
      ar: { heading: `الحجز ${layaway.number}: دفعة متأخرة`, paragraphs: [`عزيزنا ${customer.name}،`, `استحق مبلغ ${due} ${layaway.currency} من حجزك ${layaway.number} بتاريخ ${instalment.due_date}.`, 'يرجى دفعه في المتجر ليبقى حجز أصنافك قائماً.'] },
    });
    try {
      await sendMail({ to: customer.email, subject: `Layaway ${layaway.number}: payment overdue | الحجز ${layaway.number}: دفعة متأخرة`, text, html });
      result.reminders_sent++;
    } catch (error) {
      // Not sent: the marker goes, so the next run sends it.
      await LayawayReminder.delete({ organization_id: layaway.organization_id, layaway_id: layaway.id, instalment: instalment.number }).go();
      logger.warn('layaway reminder not sent; the next run tries again', { organization_id: layaway.organization_id, layaway_id: layaway.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

const emptyResult = (): LayawayOverdueResult => ({ checked: 0, newly_overdue: 0, cleared: 0, overdue: 0, reminders_sent: 0 });

/** The organization's active layaways (one index query), or the ids given. */
export async function checkOverdue(organizationId: string, options: { asOf?: string; ids?: string[]; remind?: boolean } = {}): Promise<LayawayOverdueResult> {
  const { timeZone } = await organizationSettings(organizationId);
  const today = options.asOf ?? todayIn(timeZone);
  const layaways = options.ids
    ? (await Promise.all(options.ids.map((id) => readItem(Layaway, { organization_id: organizationId, id })))).filter((l): l is LayawayRecord => !!l && l.status === 'active')
    : await takeAll(Layaway.query.byStatus({ organization_id: organizationId, status: 'active' }));
  const result = emptyResult();
  for (const layaway of layaways) await checkOne(layaway, today, result, options.remind ?? true);
  return result;
}

/**
 * The nightly step: every layaway with an active marker, whatever its organization. An active one
 * is checked; a completed one whose e-invoice the pickup could not queue is queued now; one that
 * ended otherwise loses its marker.
 */
export async function checkOverdueLayaways(now: Date = new Date()): Promise<LayawayOverdueResult> {
  const today = todayIn('Asia/Amman', now);
  const result = emptyResult();
  const markers = await takeAll(LayawayActive.query.all({}));
  for (const marker of markers) {
    try {
      const layaway = await readItem(Layaway, { organization_id: marker.organization_id, id: marker.layaway_id });
      if (layaway?.status === 'active') await checkOne(layaway, today, result);
      else if (layaway?.status === 'completed') await submitLayawayPickup(marker.organization_id, layaway.id);
      else await LayawayActive.delete({ organization_id: marker.organization_id, layaway_id: marker.layaway_id }).go();
    } catch (error) {
      logger.warn('layaway overdue check failed; it is tried again tomorrow', { organization_id: marker.organization_id, layaway_id: marker.layaway_id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
