import type { PosRefundMethod, PosTerminal } from '@daftar/shared/schemas/pos';
import type { TaxOption } from '@daftar/shared/schemas/taxes';
import { Badge, Button, Checkbox, Dialog, Flex, IconButton, RadioGroup, Text, TextField } from '@radix-ui/themes';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import type { PosCustomer } from '../api/customers';
import { useReturnDetails } from '../api/get-return-details';
import { findReceiptByNumber, normalizeReceiptNumber, useSessionReceipts, type PosTransaction } from '../api/list-session-receipts';
import { lookupCode, searchCatalogue, type CatalogueIndex, type CatalogueItem } from '../offline/catalogue';
import { useOutbox } from '../offline/register-outbox';
import { posStore } from '../offline/store';
import { localDateTimeWithOffset, uuidv7 } from '../offline/uuidv7';
import { itemName } from './catalogue-panel';
import { CustomerDialog } from './customer-dialog';
import { PayDialog } from './pay-dialog';
import type { ReceiptData } from './receipt';
import { returnPoints } from './loyalty-model';
import {
  clampQuantity,
  initialReturnLines,
  lineShare,
  milli,
  provisionalReturnReceipt,
  receiptlessBody,
  returnBody,
  stepReturnQuantity,
  summarizeReturn,
  type ReceiptlessLineState,
  type ReturnLineState,
} from './return-model';
import { refusalText } from './store-credit-dialog';
import { addItem, computeTicket, isQuantity, major, stepQuantity, tenderOutcome, type PaymentState, type TicketLineState } from './ticket-model';
import '../returns.css';

export interface ReturnsContext {
  organizationId: string;
  terminal: PosTerminal;
  /** Every terminal of the organization: a receipt number's prefix names the one it was sold at. */
  terminals: readonly PosTerminal[];
  sessionId: string;
  currency: string;
  catalogue: CatalogueIndex | null;
  taxes: readonly TaxOption[];
  /** The organization's policy for the signed-in role (`pos_receiptless_returns`). */
  canReturnWithoutReceipt: boolean;
  receipt: { shopName: string; header: string | null; footer: string | null; terminalName: string; cashier: string | null };
}

interface ReturnsPanelProps extends ReturnsContext {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Start from this receipt (picked in the receipts list) instead of the search. */
  start: PosTransaction | null;
  /** The customer on the register's ticket: proposed when the refund goes to store credit. */
  ticketCustomer: PosCustomer | null;
  /** The return is in the outbox: show its receipt. */
  onPosted: (receipt: ReceiptData) => void;
}

type Step = { kind: 'find' } | { kind: 'receipt'; sale: PosTransaction } | { kind: 'receiptless' };

/**
 * Returns at the till: find the sale (picked, typed or scanned by its receipt number), choose what
 * comes back and where the money goes, optionally exchange for new items; or, where the policy
 * lets this cashier, a return without a receipt as store credit. Posted through the outbox like a
 * sale (its own id, the terminal's next sequence, the moment it happened).
 */
export function ReturnsPanel(props: ReturnsPanelProps) {
  const { t } = useTranslation();
  const { open, onOpenChange, start } = props;
  const [step, setStep] = useState<Step>({ kind: 'find' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setStep(start ? { kind: 'receipt', sale: start } : { kind: 'find' });
  }, [open, start]);

  const posted = (receipt: ReceiptData) => {
    onOpenChange(false);
    props.onPosted(receipt);
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="760px" aria-describedby={undefined}>
        <Dialog.Title>
          {step.kind === 'receipt' ? t('pos.returns.titleFor', { number: step.sale.number }) : step.kind === 'receiptless' ? t('pos.returns.receiptlessTitle') : t('pos.returns.title')}
        </Dialog.Title>
        {step.kind === 'find' ? (
          <FindReceipt {...props} onFound={(sale) => setStep({ kind: 'receipt', sale })} onReceiptless={() => setStep({ kind: 'receiptless' })} />
        ) : step.kind === 'receipt' ? (
          <ReturnWithReceipt key={step.sale.id} {...props} sale={step.sale} onBack={() => setStep({ kind: 'find' })} onBusy={setBusy} onDone={posted} />
        ) : (
          <ReturnWithoutReceipt {...props} onBack={() => setStep({ kind: 'find' })} onBusy={setBusy} onDone={posted} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function FindReceipt({ organizationId, terminal, terminals, sessionId, currency, canReturnWithoutReceipt, onFound, onReceiptless }: ReturnsPanelProps & { onFound: (sale: PosTransaction) => void; onReceiptless: () => void }) {
  const { t } = useTranslation();
  const receipts = useSessionReceipts(organizationId, terminal.id, sessionId);
  const [number, setNumber] = useState('');
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const sales = (receipts.data ?? []).filter((r) => r.kind === 'sale');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = normalizeReceiptNumber(number, terminal.receipt_prefix);
    if (!wanted) return setProblem(t('pos.returns.badNumber'));
    setProblem(null);
    setSearching(true);
    try {
      const found = await findReceiptByNumber(organizationId, wanted, terminals, receipts.data ?? []);
      if (!found) setProblem(t('pos.returns.notFound', { number: wanted }));
      else if (found.kind !== 'sale') setProblem(t('pos.returns.notASale', { number: wanted }));
      else onFound(found);
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setSearching(false);
    }
  };

  return (
    <Flex direction="column" gap="3">
      <form onSubmit={(e) => void submit(e)}>
        <Flex gap="2" align="end">
          <TextField.Root autoFocus size="3" dir="ltr" value={number} onChange={(e) => setNumber(e.target.value)} aria-label={t('pos.returns.number')} placeholder={t('pos.returns.numberHint')} autoComplete="off" style={{ flex: 1 }} />
          <Button type="submit" size="3" loading={searching}>
            {t('pos.returns.find')}
          </Button>
        </Flex>
        {problem ? (
          <Text size="2" color="red" role="alert" as="p" mt="1">
            {problem}
          </Text>
        ) : null}
      </form>
      <Text size="2" weight="bold">
        {t('pos.returns.sessionSales')}
      </Text>
      {receipts.isPending ? <Text color="gray">{t('pos.receipts.loading')}</Text> : null}
      {receipts.isError ? <Text color="red" role="alert">{refusalText(receipts.error)}</Text> : null}
      {receipts.isSuccess && !sales.length ? <Text color="gray">{t('pos.receipts.none')}</Text> : null}
      <ul className="pos-receipt-list" aria-label={t('pos.returns.sessionSales')}>
        {sales.map((sale) => (
          <li key={sale.id}>
            <button type="button" className="pos-receipt-row" onClick={() => onFound(sale)} aria-label={t('pos.returns.choose', { number: sale.number })}>
              <Flex direction="column" align="start">
                <Text weight="medium" dir="ltr">{sale.number}</Text>
                <Text size="1" color="gray">
                  {formatDateTime(sale.occurred_at)}
                  {sale.customer_name ? ` · ${sale.customer_name}` : ''}
                </Text>
              </Flex>
              <Text weight="bold">{formatMoney(sale.total_amount, currency)}</Text>
            </button>
          </li>
        ))}
      </ul>
      <Flex justify="between" gap="2" wrap="wrap">
        {canReturnWithoutReceipt ? (
          <Button variant="soft" color="orange" onClick={onReceiptless}>
            {t('pos.returns.withoutReceipt')}
          </Button>
        ) : (
          <span />
        )}
        <Dialog.Close>
          <Button variant="soft" color="gray">
            {t('pos.returns.cancel')}
          </Button>
        </Dialog.Close>
      </Flex>
    </Flex>
  );
}

/** A scan field that also searches: Enter adds the code's item; typing lists matches to tap. */
function ItemPicker({ catalogue, currency, onAdd }: { catalogue: CatalogueIndex | null; currency: string; onAdd: (item: CatalogueItem, quantity: string, unitPrice: string | null) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const results = useMemo(() => (catalogue && term.trim() ? searchCatalogue(catalogue, term, 6) : []), [catalogue, term]);
  return (
    <Flex direction="column" gap="1">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!catalogue || !term.trim()) return;
          const match = lookupCode(catalogue, term);
          if (match) {
            onAdd(match.item, match.quantity, match.unitPrice);
            setTerm('');
            setMessage(null);
          } else if (results.length === 1) {
            onAdd(results[0]!, '1', null);
            setTerm('');
            setMessage(null);
          } else if (!results.length) setMessage(t('pos.scan.unknown', { code: term.trim() }));
        }}
      >
        <TextField.Root autoFocus value={term} onChange={(e) => setTerm(e.target.value)} aria-label={t('pos.returns.findItem')} placeholder={t('pos.returns.findItem')} autoComplete="off" />
      </form>
      {message ? <Text size="1" color="red" role="alert">{message}</Text> : null}
      {results.length ? (
        <div className="pos-return-results" role="list" aria-label={t('pos.returns.matches')}>
          {results.map((item) => (
            <Button
              key={item.id}
              role="listitem"
              variant="soft"
              color="gray"
              aria-label={t('pos.catalogue.add', { name: itemName(item) })}
              onClick={() => {
                onAdd(item, '1', null);
                setTerm('');
              }}
            >
              <Flex justify="between" width="100%">
                <span>{itemName(item)}</span>
                <span>{formatMoney(item.sale_price, currency)}</span>
              </Flex>
            </Button>
          ))}
        </div>
      ) : null}
    </Flex>
  );
}

/** A − [qty] + control; `max` caps it (a return's returnable). */
function Stepper({ value, name, labels, onChange, max }: { value: string; name: string; labels: { less: string; more: string; quantity: string }; onChange: (value: string) => void; max?: string }) {
  const atMax = max != null && milli(value) >= milli(max);
  return (
    <Flex align="center" gap="1">
      <IconButton type="button" size="2" variant="soft" aria-label={labels.less} onClick={() => onChange(max != null ? stepReturnQuantity(value, max, -1) : stepQuantity(value, -1))} disabled={max != null && milli(value) <= 0}>
        −
      </IconButton>
      <input
        className="pos-qty"
        inputMode="decimal"
        aria-label={labels.quantity}
        defaultValue={value}
        key={value}
        data-name={name}
        onBlur={(e) => {
          const typed = e.target.value.trim();
          if (max != null) {
            // The field shows the capped value even when the state does not change (typed past a cap already reached).
            const capped = clampQuantity(typed, max);
            e.target.value = capped;
            onChange(capped);
          } else if (isQuantity(typed)) onChange(typed);
          else e.target.value = value;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          }
        }}
      />
      <IconButton type="button" size="2" variant="soft" aria-label={labels.more} onClick={() => onChange(max != null ? stepReturnQuantity(value, max, 1) : stepQuantity(value, 1))} disabled={atMax}>
        +
      </IconButton>
    </Flex>
  );
}

async function ticketIdentity(terminal: PosTerminal, sessionId: string) {
  const id = uuidv7();
  const occurred_at = localDateTimeWithOffset();
  const sequence = await posStore().nextSequence(terminal.id, terminal.last_number);
  return { id, terminal_id: terminal.id, session_id: sessionId, sequence, occurred_at, offline: !navigator.onLine };
}

interface StepProps extends ReturnsPanelProps {
  onBack: () => void;
  onBusy: (busy: boolean) => void;
  onDone: (receipt: ReceiptData) => void;
}

function CustomerPick({ organizationId, customer, required, onChange }: { organizationId: string; customer: PosCustomer | null; required: boolean; onChange: (c: PosCustomer | null) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text size="2">{t('pos.returns.customer')}:</Text>
      {customer ? (
        <Text size="2" weight="medium" data-testid="pos-return-customer">
          {customer.name}
        </Text>
      ) : (
        <Text size="2" color={required ? 'red' : 'gray'}>
          {required ? t('pos.returns.customerNeeded') : t('pos.returns.noCustomer')}
        </Text>
      )}
      <Button type="button" size="1" variant="soft" onClick={() => setOpen(true)}>
        {customer ? t('pos.returns.changeCustomer') : t('pos.returns.chooseCustomer')}
      </Button>
      <CustomerDialog organizationId={organizationId} open={open} onOpenChange={setOpen} onChoose={onChange} />
    </Flex>
  );
}

function ReturnWithReceipt(props: StepProps & { sale: PosTransaction }) {
  const { organizationId, terminal, sessionId, currency, catalogue, taxes, sale, ticketCustomer, onBack, onBusy, onDone } = props;
  const { t } = useTranslation();
  const { outbox } = useOutbox();
  const details = useReturnDetails(organizationId, sale.id);
  const [lines, setLines] = useState<ReturnLineState[] | null>(null);
  const [method, setMethod] = useState<PosRefundMethod>('original_tenders');
  const saleCustomer: PosCustomer | null = sale.customer_id ? { id: sale.customer_id, name: sale.customer_name ?? '', phone: null, email: null } : null;
  const [chosenCustomer, setCustomer] = useState<PosCustomer | null>(saleCustomer);
  const [reason, setReason] = useState('');
  const [exchange, setExchange] = useState<TicketLineState[]>([]);
  const [exchanging, setExchanging] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (details.data && !lines) setLines(initialReturnLines(details.data));
  }, [details.data, lines]);

  const exchangeTicket = useMemo(() => computeTicket(exchange, taxes, currency), [exchange, taxes, currency]);
  const rows = (details.data?.lines ?? []).map((detail) => {
    const state = lines?.find((l) => l.line_id === detail.line_id);
    const sold = sale.lines.find((l) => l.id === detail.line_id);
    const quantity = state?.quantity ?? '0';
    const share = lineShare(sold, detail, quantity, currency);
    return { detail, state, quantity, share, refund: share.gross };
  });
  const chosen = rows.filter((r) => milli(r.quantity) > 0);
  const summary = summarizeReturn(rows.map((r) => r.share), exchangeTicket, chosen.length);
  // The points the return takes back and gives back; points already spent are kept from the refund.
  const points = returnPoints(details.data?.loyalty, summary.refund, summary.balance, currency);
  const kept = points?.shortfall_minor ?? 0;
  // Store credit for the refund, or a store-credit / on-account payment of an exchange, needs the customer.
  const needsCustomer = method === 'store_credit' && summary.balance > 0;
  // The sale's customer, else one chosen here, else (for store credit) the one on the register's ticket.
  const customer = chosenCustomer ?? (method === 'store_credit' ? ticketCustomer : null);

  const update = (lineId: string, patch: Partial<ReturnLineState>) => setLines((current) => (current ?? []).map((l) => (l.line_id === lineId ? { ...l, ...patch } : l)));

  const post = async (payments: PaymentState[]) => {
    if (!lines || saving) return;
    setSaving(true);
    onBusy(true);
    try {
      const identity = await ticketIdentity(terminal, sessionId);
      const body = returnBody({ ...identity, customer_id: customer?.id ?? null }, sale.id, lines, exchangeTicket, method, payments, reason);
      // Kept on the device first: from here the return survives a reload and is sent in sequence.
      await outbox.enqueue({ id: identity.id, kind: 'return', organization_id: organizationId, terminal_id: terminal.id, sequence: identity.sequence, body, created_at: new Date().toISOString() });
      const outcome = summary.balance < 0 ? tenderOutcome(-summary.balance, payments, currency) : null;
      setPayOpen(false);
      onDone(
        provisionalReturnReceipt(
          { ...props.receipt, currency, id: identity.id, occurredAt: identity.occurred_at, customerName: customer?.name ?? null },
          chosen.map((r) => ({ id: r.state!.id, name: r.detail.name, name_ar: r.detail.name_ar, quantity: r.quantity, unit_price: r.detail.unit_refund, refund: r.refund })),
          exchangeTicket,
          summary,
          method,
          payments,
          outcome?.ok ? outcome.check : null,
        ),
      );
    } finally {
      setSaving(false);
      onBusy(false);
    }
  };

  const submit = () => {
    if (!chosen.length) return setProblem(t('pos.returns.nothingChosen'));
    if (exchange.length && !exchangeTicket.valid) return setProblem(t('pos.returns.exchangeInvalid'));
    if (needsCustomer && !customer) return setProblem(t('pos.returns.customerNeeded'));
    setProblem(null);
    if (summary.balance < 0) setPayOpen(true);
    else void post([]);
  };

  if (details.isPending) return <Text color="gray">{t('pos.returns.loading')}</Text>;
  if (details.isError)
    return (
      <Flex direction="column" gap="2">
        <Text color="red" role="alert">
          {refusalText(details.error)}
        </Text>
        <Flex>
          <Button variant="soft" onClick={onBack}>
            {t('pos.returns.back')}
          </Button>
        </Flex>
      </Flex>
    );

  const money = (minor: number) => formatMoney(major(minor, currency), currency);
  return (
    <Flex direction="column" gap="3">
      <Text size="1" color="gray">
        {formatDateTime(sale.occurred_at)} · {t('pos.returns.paidWith', { tenders: [...new Set(sale.payments.map((p) => t(`pos.tender.${p.tender}`)))].join(' · ') })}
      </Text>
      <table className="pos-return-lines" aria-label={t('pos.returns.lines')}>
        <thead>
          <tr>
            <th scope="col">{t('pos.ticket.product')}</th>
            <th scope="col">{t('pos.returns.returnable')}</th>
            <th scope="col">{t('pos.returns.quantity')}</th>
            <th scope="col">{t('pos.returns.restock')}</th>
            <th scope="col" className="pos-amount">{t('pos.returns.refund')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ detail, state, quantity, refund }) => {
            const name = itemName(detail);
            const none = milli(detail.returnable_quantity) <= 0;
            return (
              <tr key={detail.line_id} data-testid="pos-return-line">
                <td>
                  <div className="pos-line-name">{name}</div>
                  <Text size="1" color="gray">
                    {t('pos.returns.sold', { sold: detail.sold_quantity, unit: formatMoney(detail.unit_refund, currency) })}
                  </Text>
                </td>
                <td>{none ? <Badge color="gray">{t('pos.returns.allReturned')}</Badge> : <span data-testid="pos-return-returnable">{detail.returnable_quantity}</span>}</td>
                <td>
                  {none ? null : (
                    <Stepper
                      value={quantity}
                      name={name}
                      max={detail.returnable_quantity}
                      labels={{ less: t('pos.returns.less', { name }), more: t('pos.returns.more', { name }), quantity: t('pos.returns.quantityOf', { name }) }}
                      onChange={(q) => update(detail.line_id, { quantity: q })}
                    />
                  )}
                </td>
                <td>
                  {none ? null : (
                    <Checkbox size="3" checked={state?.restock ?? true} onCheckedChange={(checked) => update(detail.line_id, { restock: checked === true })} aria-label={t('pos.returns.restockOf', { name })} />
                  )}
                </td>
                <td className="pos-amount">{refund ? money(refund) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <Flex direction="column" gap="2">
        <Text size="2" weight="bold" id="pos-refund-method">
          {t('pos.returns.refundTo')}
        </Text>
        <RadioGroup.Root value={method} onValueChange={(v) => setMethod(v as PosRefundMethod)} aria-labelledby="pos-refund-method">
          <Flex gap="4" wrap="wrap">
            <RadioGroup.Item value="original_tenders">{t('pos.returns.method.original_tenders')}</RadioGroup.Item>
            <RadioGroup.Item value="store_credit">{t('pos.returns.method.store_credit')}</RadioGroup.Item>
          </Flex>
        </RadioGroup.Root>
        <CustomerPick organizationId={organizationId} customer={customer} required={needsCustomer} onChange={setCustomer} />
        <TextField.Root value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('pos.returns.reason')} placeholder={t('pos.returns.reason')} />
      </Flex>

      <Flex direction="column" gap="2">
        <Flex justify="between" align="center">
          <Text size="2" weight="bold">
            {t('pos.returns.exchange')}
          </Text>
          {!exchanging ? (
            <Button type="button" size="2" variant="soft" onClick={() => setExchanging(true)}>
              {t('pos.returns.addItems')}
            </Button>
          ) : null}
        </Flex>
        {exchanging ? <ItemPicker catalogue={catalogue} currency={currency} onAdd={(item, q, price) => setExchange((current) => addItem(current, item, q, price))} /> : null}
        {exchangeTicket.lines.length ? (
          <table className="pos-return-lines" aria-label={t('pos.returns.newLines')}>
            <tbody>
              {exchangeTicket.lines.map(({ line, figures, error }) => {
                const name = itemName(line.item);
                return (
                  <tr key={line.id} data-testid="pos-exchange-line">
                    <td>
                      <div className="pos-line-name">{name}</div>
                      {error ? <Text size="1" color="red">{t('pos.ticket.lineError', { message: error })}</Text> : null}
                    </td>
                    <td>
                      <Stepper
                        value={line.quantity}
                        name={name}
                        labels={{ less: t('pos.ticket.decrease', { name }), more: t('pos.ticket.increase', { name }), quantity: t('pos.ticket.quantityOf', { name }) }}
                        onChange={(q) => setExchange((current) => current.map((l) => (l.id === line.id ? { ...l, quantity: q } : l)))}
                      />
                    </td>
                    <td className="pos-amount">{figures ? money(figures.gross) : '—'}</td>
                    <td>
                      <IconButton type="button" size="1" variant="ghost" color="red" aria-label={t('pos.ticket.remove', { name })} onClick={() => setExchange((current) => current.filter((l) => l.id !== line.id))}>
                        ×
                      </IconButton>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </Flex>

      <dl className="pos-return-summary">
        <dt>{t('pos.returns.refundTotal')}</dt>
        <dd data-testid="pos-return-refund">{money(summary.refund)}</dd>
        {exchange.length ? (
          <>
            <dt>{t('pos.returns.newTotal')}</dt>
            <dd data-testid="pos-return-new-total">{money(summary.newTotal)}</dd>
          </>
        ) : null}
        {kept ? (
          <>
            <dt>{t('pos.loyalty.returnShortfall', { points: formatNumber(points!.shortfall_points), amount: money(kept) })}</dt>
            <dd data-testid="pos-return-points-kept">{`−${money(kept)}`}</dd>
          </>
        ) : null}
        <dt className="pos-total">{summary.balance < 0 ? t('pos.returns.customerPays') : t('pos.returns.toRefund')}</dt>
        <dd className="pos-total" data-testid="pos-return-balance">
          {money(Math.abs(summary.balance) - kept)}
        </dd>
      </dl>
      {points && (points.points_to_take_back || points.points_to_restore) ? (
        <Flex direction="column" data-testid="pos-return-points">
          {points.points_to_take_back ? <Text size="2">{t('pos.loyalty.returnTakesBack', { points: formatNumber(points.points_to_take_back) })}</Text> : null}
          {points.points_to_restore ? <Text size="2">{t('pos.loyalty.returnGivesBack', { points: formatNumber(points.points_to_restore) })}</Text> : null}
        </Flex>
      ) : null}
      <Text size="1" color="gray">
        {t('pos.returns.previewNote')}
      </Text>
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Flex gap="2" justify="between" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onBack} disabled={saving}>
          {t('pos.returns.back')}
        </Button>
        <Button type="button" size="3" onClick={submit} loading={saving} disabled={!lines}>
          {summary.balance < 0 ? t('pos.returns.takePayment', { amount: money(-summary.balance) }) : t('pos.returns.confirm', { amount: money(summary.balance - kept) })}
        </Button>
      </Flex>
      <PayDialog open={payOpen} onOpenChange={setPayOpen} due={Math.max(0, -summary.balance)} currency={currency} hasCustomer={!!customer} onComplete={post} />
    </Flex>
  );
}

function ReturnWithoutReceipt(props: StepProps) {
  const { organizationId, terminal, sessionId, currency, catalogue, taxes, ticketCustomer, onBack, onBusy, onDone } = props;
  const { t } = useTranslation();
  const { outbox } = useOutbox();
  const [lines, setLines] = useState<ReceiptlessLineState[]>([]);
  const [customer, setCustomer] = useState<PosCustomer | null>(ticketCustomer);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const priced = useMemo(() => computeTicket(lines.map((l) => ({ id: l.id, item: l.item, quantity: l.quantity, unit_price: l.unit_price, discount: null })), taxes, currency), [lines, taxes, currency]);
  const money = (minor: number) => formatMoney(major(minor, currency), currency);
  const none = computeTicket([], taxes, currency);

  const add = (item: CatalogueItem, quantity: string, unitPrice: string | null) =>
    setLines((current) => [...current, { id: uuidv7(), item, quantity, unit_price: unitPrice ?? item.sale_price, restock: true }]);
  const update = (id: string, patch: Partial<ReceiptlessLineState>) => setLines((current) => current.map((l) => (l.id === id ? { ...l, ...patch } : l)));

  const submit = async () => {
    if (!lines.length) return setProblem(t('pos.returns.nothingChosen'));
    if (!priced.valid) return setProblem(t('pos.returns.exchangeInvalid'));
    if (!customer) return setProblem(t('pos.returns.customerNeeded'));
    setProblem(null);
    setSaving(true);
    onBusy(true);
    try {
      const identity = await ticketIdentity(terminal, sessionId);
      const body = receiptlessBody({ ...identity, customer_id: customer.id }, lines, taxes, reason);
      await outbox.enqueue({ id: identity.id, kind: 'return', organization_id: organizationId, terminal_id: terminal.id, sequence: identity.sequence, body, created_at: new Date().toISOString() });
      const refund = priced.totals.gross;
      onDone(
        provisionalReturnReceipt(
          { ...props.receipt, currency, id: identity.id, occurredAt: identity.occurred_at, customerName: customer.name },
          priced.lines.map(({ line, figures }) => ({ id: line.id, name: line.item.name, name_ar: line.item.name_ar, quantity: line.quantity, unit_price: line.unit_price, refund: figures?.gross ?? 0 })),
          none,
          { refund, newTotal: 0, balance: refund, tax: priced.totals.tax, count: lines.length },
          'store_credit',
          [],
          null,
        ),
      );
    } finally {
      setSaving(false);
      onBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="3">
      <Text size="2" color="gray">
        {t('pos.returns.receiptlessHint')}
      </Text>
      <ItemPicker catalogue={catalogue} currency={currency} onAdd={add} />
      {priced.lines.length ? (
        <table className="pos-return-lines" aria-label={t('pos.returns.lines')}>
          <thead>
            <tr>
              <th scope="col">{t('pos.ticket.product')}</th>
              <th scope="col">{t('pos.returns.price')}</th>
              <th scope="col">{t('pos.returns.quantity')}</th>
              <th scope="col">{t('pos.returns.restock')}</th>
              <th scope="col" className="pos-amount">{t('pos.returns.refund')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {priced.lines.map(({ line, figures, error }) => {
              const state = lines.find((l) => l.id === line.id)!;
              const name = itemName(line.item);
              return (
                <tr key={line.id} data-testid="pos-return-line">
                  <td>
                    <div className="pos-line-name">{name}</div>
                    {error ? <Text size="1" color="red">{t('pos.ticket.lineError', { message: error })}</Text> : null}
                  </td>
                  <td>
                    <input
                      className="pos-qty"
                      inputMode="decimal"
                      dir="ltr"
                      aria-label={t('pos.returns.priceOf', { name })}
                      defaultValue={line.unit_price}
                      key={line.unit_price}
                      onBlur={(e) => {
                        const value = e.target.value.trim();
                        if (/^\d+(\.\d{1,3})?$/.test(value)) update(line.id, { unit_price: value });
                        else e.target.value = line.unit_price;
                      }}
                    />
                  </td>
                  <td>
                    <Stepper value={line.quantity} name={name} labels={{ less: t('pos.returns.less', { name }), more: t('pos.returns.more', { name }), quantity: t('pos.returns.quantityOf', { name }) }} onChange={(q) => update(line.id, { quantity: q })} />
                  </td>
                  <td>
                    <Checkbox size="3" checked={state.restock} onCheckedChange={(checked) => update(line.id, { restock: checked === true })} aria-label={t('pos.returns.restockOf', { name })} />
                  </td>
                  <td className="pos-amount">{figures ? money(figures.gross) : '—'}</td>
                  <td>
                    <IconButton type="button" size="1" variant="ghost" color="red" aria-label={t('pos.ticket.remove', { name })} onClick={() => setLines((current) => current.filter((l) => l.id !== line.id))}>
                      ×
                    </IconButton>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <CustomerPick organizationId={organizationId} customer={customer} required onChange={setCustomer} />
      <TextField.Root value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('pos.returns.reason')} placeholder={t('pos.returns.reason')} />
      <dl className="pos-return-summary">
        <dt className="pos-total">{t('pos.returns.toStoreCredit')}</dt>
        <dd className="pos-total" data-testid="pos-return-balance">
          {money(priced.totals.gross)}
        </dd>
      </dl>
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
      <Flex gap="2" justify="between" wrap="wrap">
        <Button type="button" variant="soft" color="gray" onClick={onBack} disabled={saving}>
          {t('pos.returns.back')}
        </Button>
        <Button type="button" size="3" onClick={() => void submit()} loading={saving}>
          {t('pos.returns.confirm', { amount: money(priced.totals.gross) })}
        </Button>
      </Flex>
    </Flex>
  );
}
