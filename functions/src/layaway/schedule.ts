/**
 * A layaway's payment schedule (pure): the deposit first (the minimum deposit, due on the start
 * date), then the rest in equal instalments on each payment date from the start to the due date by
 * the payment frequency, the last on the due date. Amounts are split with money.allocate, so they
 * add up to the total to the fil (the first instalments take the leftover fils). What was paid is
 * applied to the instalments in order; an instalment not fully paid by its date is overdue.
 */
import { money } from '@daftar/shared';
import type { LayawayInstalmentStatus, LayawayPaymentFrequency } from '@daftar/shared/schemas/layaway';
import { addDays } from '../ledger/dates.js';

export interface Instalment {
  number: number;
  due_date: string;
  is_deposit: boolean;
  amount: number;
  paid: number;
  status: LayawayInstalmentStatus;
}

/** The same day `months` later, or the month's last day when it has no such day (31 Jan → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The payment dates after the start, up to and including the due date (the due date always last). */
export function paymentDates(start: string, due: string, frequency: LayawayPaymentFrequency): string[] {
  const dates: string[] = [];
  for (let k = 1; k < 1000; k++) {
    const next = frequency === 'monthly' ? addMonths(start, k) : addDays(start, (frequency === 'weekly' ? 7 : 14) * k);
    if (next >= due) break;
    dates.push(next);
  }
  dates.push(due);
  return dates;
}

export interface ScheduleInput {
  total: number;
  minimum_deposit: number;
  amount_paid: number;
  start_date: string;
  due_date: string;
  payment_frequency: LayawayPaymentFrequency;
  currency: string;
}

export function paymentSchedule(layaway: ScheduleInput, today: string): Instalment[] {
  const deposit = Math.min(layaway.minimum_deposit, layaway.total);
  const rest = layaway.total - deposit;
  const dates = paymentDates(layaway.start_date, layaway.due_date, layaway.payment_frequency);
  const shares = rest > 0 ? money.allocate(money.fromMinorUnits(rest, layaway.currency), dates.map(() => '1')).map((m) => m.amount) : [];
  const planned: { due_date: string; is_deposit: boolean; amount: number }[] = [];
  if (deposit > 0) planned.push({ due_date: layaway.start_date, is_deposit: true, amount: deposit });
  shares.forEach((amount, i) => { if (amount > 0) planned.push({ due_date: dates[i]!, is_deposit: false, amount }); });
  let left = layaway.amount_paid;
  return planned.map((p, i) => {
    const paid = Math.min(left, p.amount);
    left -= paid;
    const status: LayawayInstalmentStatus = paid === p.amount ? 'paid' : p.due_date < today ? 'overdue' : paid > 0 ? 'partly_paid' : 'due';
    return { number: i + 1, ...p, paid, status };
  });
}

/** Overdue: an instalment past its date and not fully paid. */
export const isOverdue = (layaway: ScheduleInput, today: string) => paymentSchedule(layaway, today).some((i) => i.status === 'overdue');
