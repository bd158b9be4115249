import { Button, Flex, IconButton, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { forwardRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { PosCustomer } from '../api/customers';
import { itemName } from './catalogue-panel';
import { LayawayAction } from './layaway-dialog';
import { LineDiscountEditor } from './line-discount';
import { promotionName, promotionReason, type PromotionNames } from './promotion-model';
import type { Standing } from './loyalty-model';
import { isQuantity, loyaltyTotal, major, manualDiscount, promotionsTotal, stepQuantity, type ComputedTicket, type LineDiscount } from './ticket-model';

/** The chosen customer's loyalty on the ticket (routes/register): their points, the redemption, the preview. */
export interface TicketLoyalty {
  standing: Standing;
  /** Points the ticket earns (loyalty-model `pointsPreview`). */
  earned: number | null;
  /** Why points cannot be redeemed now (offline, suspended), or null. */
  redeemBlocked: string | null;
  onRedeem: () => void;
  onRemoveRedemption: () => void;
}

interface TicketPanelProps {
  ticket: ComputedTicket;
  currency: string;
  customer: PosCustomer | null;
  /** The names of the active promotions, by id (the ticket's applied ones are shown by name). */
  promotionNames?: ReadonlyMap<string, PromotionNames>;
  maxDiscountPercent: number | null;
  /** Returns the message to show when the code found nothing. */
  onScan: (code: string) => string | null;
  onQuantity: (lineId: string, quantity: string) => void;
  onDiscount: (lineId: string, discount: LineDiscount | null) => void;
  onRemove: (lineId: string) => void;
  onCustomer: () => void;
  onClearCustomer: () => void;
  onPay: () => void;
  onCancel: () => void;
  notice: string | null;
  /** The customer's store credit (balance and deposits), offered on the customer chip. */
  onStoreCredit?: () => void;
  /** More of the register's buttons beside the customer's (receipts, returns). */
  actions?: ReactNode;
  /** The customer's points, when they are in a loyalty program. */
  loyalty?: TicketLoyalty | null;
}

export const TicketPanel = forwardRef<HTMLInputElement, TicketPanelProps>(function TicketPanel(
  { ticket, currency, customer, promotionNames = new Map(), maxDiscountPercent, onScan, onQuantity, onDiscount, onRemove, onCustomer, onClearCustomer, onPay, onCancel, notice, onStoreCredit, actions, loyalty },
  scanRef,
) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [scanMessage, setScanMessage] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(major(minor, currency), currency);
  // An amount taken off. In Arabic the sign is Intl's own, bound to the digits by its direction
  // marks: a "−" put before the text drifts to the number's right in a right-to-left line.
  const off = (minor: number) => (currentLanguage() === 'ar' ? formatMoney(major(-minor, currency), currency) : `−${money(minor)}`);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scanned = code.trim();
    setCode('');
    if (!scanned) return;
    setScanMessage(onScan(scanned));
  };

  const { totals } = ticket;
  const promoted = promotionsTotal(ticket);
  const pointsOff = loyaltyTotal(ticket);
  // The cashier's discounts, the promotions' and the points' are shown apart; together they are the ticket's discount.
  const manualTotal = totals.discount - promoted - pointsOff;
  return (
    <section className="pos-ticket" aria-label={t('pos.ticket.title')}>
      <form onSubmit={submit} className="pos-scan">
        <TextField.Root
          ref={scanRef}
          size="3"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('pos.scan.placeholder')}
          aria-label={t('pos.scan.label')}
          autoComplete="off"
          // The wedge types fast into whatever has focus; this field takes it back (routes/register).
          data-pos-scan=""
        />
      </form>
      {scanMessage ? (
        <Text size="2" color="red" role="alert" data-testid="pos-scan-message">
          {scanMessage}
        </Text>
      ) : null}
      <Flex justify="between" align="center" gap="2">
        {customer ? (
          <Flex align="center" gap="2">
            <Text size="2" weight="medium">{customer.name}</Text>
            {onStoreCredit ? (
              <Button size="1" variant="soft" color="green" onClick={onStoreCredit}>
                {t('pos.storeCredit.button')}
              </Button>
            ) : null}
            <Button size="1" variant="ghost" color="gray" onClick={onClearCustomer}>
              {t('pos.customer.remove')}
            </Button>
          </Flex>
        ) : (
          <span />
        )}
        <Flex align="center" gap="2" wrap="wrap" justify="end">
          {actions}
          {/* The cart set aside for the customer (layaway-dialog.tsx); clearing the ticket is the cancel's. */}
          <LayawayAction ticket={ticket} customer={customer} onStarted={onCancel} />
          <Button size="1" variant="soft" onClick={onCustomer}>
            {t('pos.customer.add')}
          </Button>
        </Flex>
      </Flex>
      {loyalty ? (
        <Flex align="center" justify="between" gap="2" wrap="wrap" data-testid="pos-loyalty">
          <Text size="1" color="gray">
            {t('pos.loyalty.standing', {
              program: currentLanguage() === 'ar' ? loyalty.standing.program_name_ar || loyalty.standing.program_name : loyalty.standing.program_name,
              points: formatNumber(loyalty.standing.points_available),
              value: formatMoney(loyalty.standing.points_value, currency),
            })}
            {loyalty.standing.tier ? ` · ${t('pos.loyalty.tier', { tier: loyalty.standing.tier })}` : ''}
          </Text>
          {loyalty.redeemBlocked ? (
            <Text size="1" color="amber" data-testid="pos-loyalty-blocked">
              {loyalty.redeemBlocked}
            </Text>
          ) : (
            <Button size="1" variant="soft" color="orange" onClick={loyalty.onRedeem} disabled={!ticket.valid}>
              {t('pos.loyalty.redeem')}
            </Button>
          )}
        </Flex>
      ) : null}
      <div className="pos-lines">
        {ticket.lines.length ? (
          <table aria-label={t('pos.ticket.lines')}>
            <thead>
              <tr>
                <th scope="col">{t('pos.ticket.product')}</th>
                <th scope="col">{t('pos.ticket.quantity')}</th>
                <th scope="col">{t('pos.ticket.amount')}</th>
                <th scope="col">
                  <VisuallyHidden>{t('pos.ticket.actions')}</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {ticket.lines.map((computed) => {
                const { line, figures, error } = computed;
                const name = itemName(line.item);
                const manual = manualDiscount(computed);
                return (
                  <tr key={line.id} data-testid="pos-line">
                    <td>
                      <div className="pos-line-name">{name}</div>
                      <Text size="1" color="gray">
                        {formatMoney(line.unit_price, currency)}
                      </Text>{' '}
                      <LineDiscountEditor
                        key={JSON.stringify(line.discount)}
                        name={name}
                        discount={line.discount}
                        subtotal={figures?.subtotal ?? 0}
                        currency={currency}
                        maxPercent={maxDiscountPercent}
                        label={manual ? off(manual) : t('pos.ticket.discount')}
                        onChange={(d) => onDiscount(line.id, d)}
                      />
                      {computed.promotion_discount ? (
                        <Text size="1" color="green" as="div" data-testid="pos-line-promotion">
                          {t('pos.promotion.lineOff', { amount: off(computed.promotion_discount) })}
                        </Text>
                      ) : null}
                      {error ? (
                        <Text size="1" color="red" as="div">
                          {t('pos.ticket.lineError', { message: error })}
                        </Text>
                      ) : null}
                    </td>
                    <td>
                      <Flex align="center" gap="1">
                        <IconButton size="1" variant="soft" aria-label={t('pos.ticket.decrease', { name })} onClick={() => onQuantity(line.id, stepQuantity(line.quantity, -1))}>
                          −
                        </IconButton>
                        <input
                          className="pos-qty"
                          inputMode="decimal"
                          aria-label={t('pos.ticket.quantityOf', { name })}
                          defaultValue={line.quantity}
                          key={line.quantity}
                          onBlur={(e) => {
                            const value = e.target.value.trim();
                            if (isQuantity(value)) onQuantity(line.id, value);
                            else e.target.value = line.quantity;
                          }}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') e.currentTarget.blur();
                          }}
                        />
                        <IconButton size="1" variant="soft" aria-label={t('pos.ticket.increase', { name })} onClick={() => onQuantity(line.id, stepQuantity(line.quantity, 1))}>
                          +
                        </IconButton>
                      </Flex>
                    </td>
                    <td className="pos-amount">{figures ? money(figures.gross) : '—'}</td>
                    <td>
                      <IconButton size="1" variant="ghost" color="red" aria-label={t('pos.ticket.remove', { name })} onClick={() => onRemove(line.id)}>
                        ×
                      </IconButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          <Text color="gray">{t('pos.ticket.empty')}</Text>
        )}
        {ticket.promotions.length ? (
          <ul className="pos-promotions" aria-label={t('pos.promotion.title')}>
            {ticket.promotions.map((applied) => {
              const title = promotionName(promotionNames.get(applied.promotion_id), t('pos.promotion.unnamed'));
              return (
                <li key={applied.promotion_id} data-testid="pos-promotion">
                  <div className="pos-promotion-head">
                    <Text size="2" weight="medium">{title}</Text>
                    <Text size="2" weight="medium" color="green" className="pos-amount">
                      {off(applied.discount_minor)}
                    </Text>
                  </div>
                  <Text size="1" color="gray" as="div">
                    {promotionReason(t, applied, currency, promotionNames)}
                  </Text>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <dl className="pos-totals">
        <dt>{t('pos.ticket.subtotal')}</dt>
        <dd data-testid="pos-subtotal">{money(totals.subtotal)}</dd>
        {manualTotal ? (
          <>
            <dt>{t('pos.ticket.discount')}</dt>
            <dd data-testid="pos-discount">{off(manualTotal)}</dd>
          </>
        ) : null}
        {promoted ? (
          <>
            <dt>{t('pos.promotion.total')}</dt>
            <dd data-testid="pos-promotions-total">{off(promoted)}</dd>
          </>
        ) : null}
        {pointsOff ? (
          <>
            <dt>
              {t('pos.loyalty.pointsLine', { points: formatNumber(ticket.loyalty!.points) })}{' '}
              {loyalty ? (
                <IconButton size="1" variant="ghost" color="gray" aria-label={t('pos.loyalty.remove')} onClick={loyalty.onRemoveRedemption}>
                  ×
                </IconButton>
              ) : null}
            </dt>
            <dd data-testid="pos-loyalty-discount">{off(pointsOff)}</dd>
          </>
        ) : null}
        <dt>{t('pos.ticket.tax')}</dt>
        <dd data-testid="pos-tax">{money(totals.tax)}</dd>
        <dt className="pos-total">{t('pos.ticket.total')}</dt>
        <dd className="pos-total" data-testid="pos-total">
          {money(totals.gross)}
        </dd>
      </dl>
      {loyalty?.earned ? (
        <Text size="2" color="green" data-testid="pos-loyalty-earned">
          {t('pos.loyalty.earns', { count: loyalty.earned, points: formatNumber(loyalty.earned) })}
        </Text>
      ) : null}
      {notice ? (
        <Text size="1" color="amber" role="status">
          {notice}
        </Text>
      ) : null}
      <Flex gap="2">
        <Button size="4" variant="soft" color="red" onClick={onCancel} disabled={!ticket.lines.length}>
          {t('pos.ticket.cancel')}
        </Button>
        <Button size="4" onClick={onPay} disabled={!ticket.valid} style={{ flex: 1 }}>
          {t('pos.ticket.pay')}
        </Button>
      </Flex>
    </section>
  );
});
