import type { PosTender } from '@daftar/shared/schemas/pos';
import type { TicketTotals } from '@daftar/shared/pos/ticket';
import { Fragment } from 'react';
import { createPortal } from 'react-dom';
import enTexts from '../locales/en.json';
import arTexts from '../locales/ar.json';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { cardTail } from './gift-card-model';
import { major } from './ticket-model';

export interface ReceiptData {
  id: string;
  /** A return (or exchange) prints its own title and where the money went; a sale when omitted. */
  kind?: 'sale' | 'return';
  shopName: string;
  header: string | null;
  footer: string | null;
  terminalName: string;
  cashier: string | null;
  occurredAt: string;
  customerName: string | null;
  currency: string;
  /** `discount` is the cashier's; `promotion_discount` what promotions took (both minor units). */
  lines: { id: string; name: string; name_ar: string | null; quantity: string; unit_price: string; discount: number; promotion_discount?: number; loyalty_discount?: number; gross: number }[];
  /** Totals as posted: `discount` holds the cashier's discounts and the promotions' together. */
  totals: TicketTotals;
  /** The promotions the sale earned, each with its discount in all (minor units). */
  promotions?: { promotion_id: string; name: string; name_ar: string | null; discount: number }[];
  /** A gift card's number is printed by its last four digits. */
  payments: { tender: PosTender; amount: string; card_number?: string | null }[];
  tendered: number;
  change: number;
  /**
   * Loyalty points on the ticket (minor units for the value): redeemed and earned, and the balance
   * after once the server has answered (null until then: an offline sale's points are counted on sync).
   */
  loyalty?: { points_redeemed: number; redeemed_value: number; points_earned: number; balance_after: number | null } | null;
  /** Returns: what went back per tender ('original_tenders' until the server has split it). */
  refunds?: { tender: PosTender | 'original_tenders'; amount: string }[];
}

/**
 * Both languages' labels whatever the screen's language, read from the feature's own text files
 * (a few hundred bytes): the Arabic texts are not loaded in an English session, and a receipt
 * printed then must still be bilingual.
 */
const lookup = (texts: unknown, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
/** A receipt label (`total`) or any text of the feature by its full key (`pos.tender.cash`). */
const pathOf = (key: string) => (key.includes('.') ? key : `pos.receipt.${key}`);
const en = (key: string) => (lookup(enTexts, pathOf(key)) as string | undefined) ?? key;
const ar = (key: string) => (lookup(arTexts, pathOf(key)) as string | undefined) ?? en(key);

/**
 * The receipt (80 mm roll, pos.css): labels in English and Arabic whatever the screen's language,
 * amounts with Latin digits, the server's receipt number once the sale has posted. Shown where it is
 * called, and printed from a copy at the end of the document (`.pos-print-root`): the register's
 * full-screen layout and the dialog around the receipt clip it, and printing only that copy leaves
 * the rest of the app's printing alone.
 */
export function Receipt({ data, number }: { data: ReceiptData; number: string | null }) {
  return (
    <>
      <ReceiptBody data={data} number={number} testIds />
      {typeof document === 'undefined'
        ? null
        : createPortal(
            <div className="pos-print-root" aria-hidden="true">
              <ReceiptBody data={data} number={number} testIds={false} />
            </div>,
            document.body,
          )}
    </>
  );
}

function ReceiptBody({ data, number, testIds }: { data: ReceiptData; number: string | null; testIds: boolean }) {
  const id = (name: string) => (testIds ? name : undefined);
  const label = (key: string) => (
    <>
      <span lang="en" dir="ltr">{en(key)}</span>
      <span lang="ar" dir="rtl">{ar(key)}</span>
    </>
  );
  const money = (minor: number) => formatMoney(major(minor, data.currency), data.currency, 'en');
  const promotions = data.promotions ?? [];
  // The discount line is the cashier's; each promotion is printed on its own line below it.
  const loyalty = data.loyalty ?? null;
  const manual = data.totals.discount - promotions.reduce((sum, p) => sum + p.discount, 0) - (loyalty?.redeemed_value ?? 0);
  const rows: [string, string][] = [
    ['subtotal', money(data.totals.subtotal)],
    ...(manual ? [['discount', `−${money(manual)}`] as [string, string]] : []),
  ];
  return (
    <article className="pos-receipt" data-testid={id('pos-receipt')} dir="ltr">
      <header>
        <strong>{data.shopName}</strong>
        {data.header ? <p>{data.header}</p> : null}
        <p>{data.terminalName}</p>
        {data.kind === 'return' ? <p data-testid={id('pos-receipt-kind')}>{label('return')}</p> : null}
      </header>
      <dl className="pos-receipt-meta">
        <dt>{label('number')}</dt>
        <dd data-testid={id('pos-receipt-number')}>{number ?? `${en('pending')} / ${ar('pending')}`}</dd>
        <dt>{label('date')}</dt>
        <dd>{formatDateTime(data.occurredAt, 'en')}</dd>
        {data.cashier ? (
          <>
            <dt>{label('cashier')}</dt>
            <dd>{data.cashier}</dd>
          </>
        ) : null}
        {data.customerName ? (
          <>
            <dt>{label('customer')}</dt>
            <dd>{data.customerName}</dd>
          </>
        ) : null}
      </dl>
      <table className="pos-receipt-lines">
        <thead>
          <tr>
            <th>{label('item')}</th>
            <th>{label('qty')}</th>
            <th>{label('total')}</th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line) => (
            <tr key={line.id}>
              <td>
                <div>{line.name}</div>
                {line.name_ar ? <div dir="rtl">{line.name_ar}</div> : null}
                {line.discount ? <div>−{money(line.discount)}</div> : null}
                {line.promotion_discount ? (
                  <div data-testid={id('pos-receipt-line-promotion')}>
                    {label('promotion')} −{money(line.promotion_discount)}
                  </div>
                ) : null}
              </td>
              <td>
                {line.quantity} × {formatMoney(line.unit_price, data.currency, 'en')}
              </td>
              <td>{money(line.gross)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="pos-receipt-totals">
        {rows.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{label(key)}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        {promotions.map((p) => (
          <Fragment key={p.promotion_id}>
            <dt data-testid={id('pos-receipt-promotion')}>
              <span lang="en">{p.name}</span>
              {p.name_ar ? (
                <span lang="ar" dir="rtl">
                  {p.name_ar}
                </span>
              ) : null}
            </dt>
            <dd data-testid={id('pos-receipt-promotion-discount')}>−{money(p.discount)}</dd>
          </Fragment>
        ))}
        {loyalty?.points_redeemed ? (
          <>
            <dt data-testid={id('pos-receipt-points-redeemed')}>
              {label('pointsRedeemed')} ({loyalty.points_redeemed})
            </dt>
            <dd>−{money(loyalty.redeemed_value)}</dd>
          </>
        ) : null}
        <dt>{label('tax')}</dt>
        <dd>{money(data.totals.tax)}</dd>
        <dt className="pos-receipt-grand">{label('total')}</dt>
        <dd className="pos-receipt-grand" data-testid={id('pos-receipt-total')}>
          {money(data.totals.gross)}
        </dd>
        {data.payments.map((p, i) => (
          <Fragment key={i}>
            <dt data-testid={id('pos-receipt-tender')}>
              <span lang="en">{en(`pos.tender.${p.tender}`)}</span>
              <span lang="ar" dir="rtl">{ar(`pos.tender.${p.tender}`)}</span>
              {p.card_number ? <span className="pos-receipt-card">{cardTail(p.card_number)}</span> : null}
            </dt>
            <dd>{formatMoney(p.amount, data.currency, 'en')}</dd>
          </Fragment>
        ))}
        {(data.refunds ?? []).map((r, i) => (
          <Fragment key={`refund-${i}`}>
            <dt>
              {label('refund')}{' '}
              <span lang="en">{en(r.tender === 'original_tenders' ? 'pos.returns.method.original_tenders' : `pos.tender.${r.tender}`)}</span>
              <span lang="ar" dir="rtl">{ar(r.tender === 'original_tenders' ? 'pos.returns.method.original_tenders' : `pos.tender.${r.tender}`)}</span>
            </dt>
            <dd data-testid={id('pos-receipt-refund')}>{formatMoney(r.amount, data.currency, 'en')}</dd>
          </Fragment>
        ))}
        <dt>{label('change')}</dt>
        <dd data-testid={id('pos-receipt-change')}>{money(data.change)}</dd>
      </dl>
      {loyalty && (loyalty.points_earned || loyalty.points_redeemed || loyalty.balance_after !== null) ? (
        <dl className="pos-receipt-meta" data-testid={id('pos-receipt-loyalty')}>
          <dt>{label('pointsEarned')}</dt>
          <dd data-testid={id('pos-receipt-points-earned')}>{loyalty.points_earned}</dd>
          {loyalty.balance_after !== null ? (
            <>
              <dt>{label('pointsBalance')}</dt>
              <dd data-testid={id('pos-receipt-points-balance')}>{loyalty.balance_after}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <footer>
        {data.footer ? <p>{data.footer}</p> : null}
        <p>{label('thanks')}</p>
      </footer>
    </article>
  );
}
