import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AppTheme } from '../../../components/app-theme';
import { Loading } from '../../../components/feedback';
import { useUser } from '../../../lib/auth';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useCurrentOrganization, useStoredOrganizationId } from '../../../lib/organizations';
import type { PosCustomer } from '../api/customers';
import { useCatalogue } from '../api/get-catalogue';
import { useActivePromotions } from '../api/get-promotions';
import { useOpenSession, type PosSession } from '../api/get-open-session';
import { storeTerminalId, storedTerminalId, useTerminals, type PosTerminal } from '../api/get-terminals';
import { posKey } from '../api/keys';
import { postSaleNow } from '../api/post-ticket';
import { CataloguePanel } from '../components/catalogue-panel';
import { CustomerDialog } from '../components/customer-dialog';
import { GiftCardDialog } from '../components/gift-card-dialog';
import { cardRefusalText, unanswered } from '../components/gift-card-model';
import { PayDialog } from '../components/pay-dialog';
import type { ReceiptData } from '../components/receipt';
import { ReceiptDialog } from '../components/receipt-dialog';
import { useReturnsDesk } from '../components/returns-desk';
import { SyncBanner } from '../components/sync-banner';
import { PosTopBar } from '../components/top-bar';
import { TicketPanel } from '../components/ticket-panel';
import { pointsPreview, redeemableBasis, redeemedTicket } from '../components/loyalty-model';
import { RedeemPointsDialog, redemptionProblem } from '../components/redeem-points-dialog';
import { useAccountBalance } from '../api/post-store-credit';
import { promotionsChanged, refusedPromotionIds } from '../components/promotion-model';
import { addItem, computeTicket, discountAllowed, manualDiscount, minorOf, promotionContext, saleBody, spendsGiftCard, tenderOutcome, type PaymentState, type TicketLineState } from '../components/ticket-model';
import { readerMessage } from '../../../lib/form-errors';
import { errorStatus } from '../../../lib/api-client';
import { lookupCode, type CatalogueItem } from '../offline/catalogue';
import { useOnline, useOutbox } from '../offline/register-outbox';
import { registerPosServiceWorker } from '../offline/service-worker';
import { posStore, requestPersistentStorage } from '../offline/store';
import { localDateTimeWithOffset, uuidv7 } from '../offline/uuidv7';
import '../pos.css';

interface ShopFacts {
  name: string;
  currency: string;
  /** The organization's time zone: a promotion's days and hours are the shop's, not the device's. */
  timezone?: string;
}

const DEFAULT_TIME_ZONE = 'Asia/Amman';

/**
 * The organization the register sells for: the signed-in app's current one, and its name and
 * currency as last seen on this device when the network is down.
 */
function useShop() {
  const { organization, isLoading } = useCurrentOrganization();
  const storedId = useStoredOrganizationId();
  const organizationId = organization?.id ?? storedId;
  const [cached, setCached] = useState<ShopFacts | null>(null);
  useEffect(() => {
    if (!organizationId) return;
    const key = `shop:${organizationId}`;
    if (organization) {
      const facts = { name: organization.name, currency: organization.base_currency ?? 'JOD', timezone: organization.timezone || DEFAULT_TIME_ZONE };
      setCached(facts);
      void posStore().putMeta(key, facts);
    } else {
      void posStore().getMeta<ShopFacts>(key).then((facts) => facts && setCached(facts));
    }
  }, [organizationId, organization]);
  return { organizationId, shop: cached, isLoading: isLoading && !cached };
}

export function PosRegisterRoute() {
  return (
    <AppTheme>
      <RegisterScreen />
    </AppTheme>
  );
}

function RegisterScreen() {
  const { t } = useTranslation();
  const { organizationId, shop } = useShop();
  const online = useOnline();
  const { outbox, snapshot } = useOutbox();
  const [terminalId, setTerminalId] = useState<string | null>(() => (organizationId ? storedTerminalId(organizationId) : null));
  const terminals = useTerminals(organizationId ?? '');

  useEffect(() => {
    requestPersistentStorage();
    registerPosServiceWorker();
    return outbox.start();
  }, [outbox]);

  useEffect(() => {
    if (organizationId && !terminalId) setTerminalId(storedTerminalId(organizationId));
  }, [organizationId, terminalId]);

  const active = useMemo(() => (terminals.data?.data ?? []).filter((x) => x.is_active), [terminals.data]);
  const terminal = active.find((x) => x.id === terminalId) ?? null;
  // One terminal: nothing to choose.
  useEffect(() => {
    if (organizationId && !terminal && active.length === 1) {
      storeTerminalId(organizationId, active[0]!.id);
      setTerminalId(active[0]!.id);
    }
  }, [organizationId, terminal, active]);

  const choose = (id: string | null) => {
    if (!organizationId) return;
    storeTerminalId(organizationId, id);
    setTerminalId(id);
  };

  const session = useOpenSession(organizationId ?? '', terminal?.id ?? null);

  let body;
  if (!organizationId) body = <Callout.Root color="amber"><Callout.Text>{t('pos.noOrganization')}</Callout.Text></Callout.Root>;
  else if (terminals.isPending || !shop) body = <Loading label={t('pos.loading')} />;
  else if (terminals.isError) body = <Callout.Root color="red" role="alert"><Callout.Text>{t('pos.terminals.failed')} {errorMessage(terminals.error)}</Callout.Text></Callout.Root>;
  else if (!terminal) body = <TerminalPicker terminals={active} onChoose={choose} />;
  else if (session.isPending) body = <Loading label={t('pos.loading')} />;
  else if (session.isError) body = <Callout.Root color="red" role="alert"><Callout.Text>{t('pos.session.failed')} {errorMessage(session.error)}</Callout.Text></Callout.Root>;
  else if (!session.data) body = <NoSession terminal={terminal} />;
  else body = <Register organizationId={organizationId} shop={shop} terminal={terminal} session={session.data} />;

  return (
    <div className="pos-screen">
      <PosTopBar
        terminalName={terminal?.name ?? null}
        openedAt={session.data?.opened_at ?? null}
        cashier={session.data?.cashier_name ?? null}
        online={online && !snapshot.offline}
        pending={snapshot.pending}
        onChangeTerminal={active.length > 1 && terminal ? () => choose(null) : undefined}
      />
      <SyncBanner snapshot={snapshot} outbox={outbox} online={online} />
      <main className="pos-main">{body}</main>
    </div>
  );
}

function TerminalPicker({ terminals, onChoose }: { terminals: readonly PosTerminal[]; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Card size="3" className="pos-gate">
      <Heading as="h1" size="5">
        {t('pos.terminals.title')}
      </Heading>
      <Text as="p" color="gray" size="2" mb="3">
        {t('pos.terminals.hint')}
      </Text>
      {terminals.length ? (
        <Flex direction="column" gap="2">
          {terminals.map((terminal) => (
            <Button key={terminal.id} size="3" variant="soft" onClick={() => onChoose(terminal.id)}>
              {terminal.name}
              {terminal.last_sale_at ? <Text size="1" color="gray"> · {t('pos.terminals.lastSale', { time: formatDateTime(terminal.last_sale_at) })}</Text> : null}
            </Button>
          ))}
        </Flex>
      ) : (
        <Flex direction="column" gap="2" align="start">
          <Text>{t('pos.terminals.none')}</Text>
          <Button asChild>
            <Link to="/pos/sessions">{t('pos.terminals.manage')}</Link>
          </Button>
        </Flex>
      )}
    </Card>
  );
}

function NoSession({ terminal }: { terminal: PosTerminal }) {
  const { t } = useTranslation();
  return (
    <Card size="3" className="pos-gate">
      <Heading as="h1" size="5">
        {t('pos.session.none', { terminal: terminal.name })}
      </Heading>
      <Text as="p" color="gray" my="3">
        {t('pos.session.noneHint')}
      </Text>
      <Button asChild size="3">
        <Link to={`/pos/sessions?terminal_id=${encodeURIComponent(terminal.id)}`}>{t('pos.session.open')}</Link>
      </Button>
    </Card>
  );
}

/**
 * The minute the register is in, for the promotions' days and hours: the ticket is evaluated again
 * when it turns (a happy hour starts or ends while a ticket is open).
 */
function useMinute(): [Date, () => void] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setNow(new Date());
        schedule();
      }, 60_000 - (Date.now() % 60_000) + 50);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  const touch = useCallback(() => setNow(new Date()), []);
  return [now, touch];
}

/** Keys typed outside any field go to the scanner's field (a wedge types into whatever has focus). */
const isEditable = (element: Element | null) =>
  !!element && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || (element as HTMLElement).isContentEditable);

interface RegisterProps {
  organizationId: string;
  shop: ShopFacts;
  terminal: PosTerminal;
  session: PosSession;
}

function Register({ organizationId, shop, terminal, session }: RegisterProps) {
  const { t } = useTranslation();
  const catalogue = useCatalogue(organizationId);
  const role = useOrganizationRole(organizationId);
  const user = useUser();
  const queryClient = useQueryClient();
  const { outbox, snapshot } = useOutbox();
  const online = useOnline() && !snapshot.offline;
  const [lines, setLines] = useState<TicketLineState[]>([]);
  const [customer, setCustomer] = useState<PosCustomer | null>(null);
  const [payOpen, setPayOpen] = useState(false);
  const [customerOpen, setCustomerOpen] = useState(false);
  const [giftCardsOpen, setGiftCardsOpen] = useState(false);
  const [redeemOpen, setRedeemOpen] = useState(false);
  /** Loyalty points the customer redeems on this ticket (their value is a discount of it). */
  const [redeemPoints, setRedeemPoints] = useState<number | null>(null);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  /** The receipt number of a sale sent at once (a gift card paid), not through the outbox. */
  const [postedNumber, setPostedNumber] = useState<{ id: string; number: string } | null>(null);
  /**
   * The ticket's id, place in the terminal's sequence and moment, kept from the first attempt to
   * end it until it posts: a sale sent at once whose answer never came is sent again under the
   * same id (its Idempotency-Key), so it posts once however often the cashier tries.
   */
  const draft = useRef<{ id: string; sequence: number; occurred_at: string } | null>(null);
  // The draft belongs to this ticket: once it is emptied, the next ticket is another sale.
  useEffect(() => {
    if (!lines.length) draft.current = null;
  }, [lines.length]);
  const [notice, setNotice] = useState<string | null>(null);
  const cancelArmed = useRef(0);
  const scanRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const currency = shop.currency;
  const timeZone = shop.timezone ?? DEFAULT_TIME_ZONE;
  const taxes = useMemo(() => catalogue.snapshot?.taxes ?? [], [catalogue.snapshot]);
  // Admins and owners give any discount; a member (or a role not known offline) is held to the terminal's limit.
  const maxDiscount = role.isAdmin ? null : terminal.max_cashier_discount_percent;
  const promotions = useActivePromotions(organizationId, terminal.location_id ?? null);
  const [minute, touchClock] = useMinute();

  /**
   * Promotions the server refused on this ticket although the register's copy still gives them —
   * what the till cannot know, such as the customer's own uses against a per-customer limit. They
   * are left out until the ticket (or its customer) changes, or the sale would be refused again.
   */
  const [withheld, setWithheld] = useState<ReadonlySet<string>>(new Set());
  const emptyTicket = lines.length === 0;
  useEffect(() => setWithheld(new Set()), [emptyTicket, customer?.id]);
  const offered = useMemo(() => (withheld.size ? promotions.promotions.filter((p) => !withheld.has(p.id)) : promotions.promotions), [promotions.promotions, withheld]);
  // The promotions apply by themselves as the cart, the customer or the minute change.
  const offersAt = useCallback(
    (at: Date) => ({ promotions: offered, context: promotionContext(at, timeZone, terminal.location_id ?? null, customer?.id ?? null) }),
    [offered, timeZone, terminal.location_id, customer?.id],
  );
  // The customer's points and their program's terms (null: not enrolled, or not known offline).
  const accountBalance = useAccountBalance(organizationId, customer?.id ?? null);
  const standing = (customer && accountBalance.data?.loyalty) || null;
  useEffect(() => setRedeemPoints(null), [emptyTicket, customer?.id]);
  // The points apply after the promotions, spread over the lines as the server will spread them.
  const { ticket, refused: redemptionRefused } = useMemo(
    () => redeemedTicket(computeTicket(lines, taxes, currency, offersAt(minute)), standing, redeemPoints),
    [lines, taxes, currency, offersAt, minute, standing, redeemPoints],
  );
  // A redemption the ticket no longer holds (a line removed, the points spent elsewhere) is dropped, and said so.
  useEffect(() => {
    if (!redemptionRefused) return;
    setRedeemPoints(null);
    setNotice(redemptionProblem(t, redemptionRefused));
  }, [redemptionRefused, t]);
  const earned = pointsPreview(ticket, standing, currency);
  const overLimit = ticket.lines.some((line) => !discountAllowed(line, maxDiscount));
  const desk = useReturnsDesk({ organizationId, shop, terminal, session, customer, catalogue: catalogue.index, taxes, isAdmin: role.isAdmin, cashier: session.cashier_name ?? user.data?.full_name ?? null });
  const dialogOpen = payOpen || customerOpen || giftCardsOpen || redeemOpen || !!receipt || desk.open;

  const focusScan = useCallback(() => scanRef.current?.focus(), []);

  const add = useCallback(
    (item: CatalogueItem, quantity = '1', unitPrice: string | null = null) => {
      setLines((current) => addItem(current, item, quantity, unitPrice));
      setNotice(null);
    },
    [],
  );

  const onCode = useCallback(
    (code: string) => {
      if (!catalogue.index) return false;
      const match = lookupCode(catalogue.index, code);
      if (!match) return false;
      add(match.item, match.quantity, match.unitPrice);
      return true;
    },
    [catalogue.index, add],
  );

  const onScan = (code: string) => (onCode(code) ? null : t('pos.scan.unknown', { code }));

  const cancelSale = useCallback(() => {
    draft.current = null;
    setLines([]);
    setCustomer(null);
    setNotice(null);
  }, []);

  const openPay = useCallback(() => {
    if (ticket.valid && !overLimit) setPayOpen(true);
  }, [ticket.valid, overLimit]);

  // F2 search, F4 pay, Esc (twice) cancels, stray typing goes to the scanner field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Another dialog has the keys; one still fading out after it closed (the payment, while the
      // next sale is scanned) does not, or F4 right after a scan was lost.
      if (dialogOpen || document.querySelector('[role="dialog"]:not([data-state="closed"])')) return;
      if (event.key === 'F2') {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (event.key === 'F4') {
        event.preventDefault();
        openPay();
      } else if (event.key === 'Escape') {
        if (!lines.length) return;
        const now = Date.now();
        if (now - cancelArmed.current < 3000) {
          cancelArmed.current = 0;
          cancelSale();
          focusScan();
        } else {
          cancelArmed.current = now;
          setNotice(t('pos.ticket.cancelAgain'));
        }
      } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(document.activeElement)) {
        // Focus moves before the key's character is inserted, so it lands in the scanner field.
        focusScan();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialogOpen, openPay, cancelSale, focusScan, lines.length, t]);

  useEffect(() => {
    if (!dialogOpen) focusScan();
  }, [dialogOpen, focusScan]);

  /** The promotions changed under the ticket: read them again; the ticket applies them anew. */
  const promotionsRefused = async (error: unknown, claimed: readonly string[]) => {
    // The next attempt is another moment (the server keeps nothing of a refused sale): the same id and number.
    if (draft.current) draft.current = { ...draft.current, occurred_at: localDateTimeWithOffset() };
    const named = refusedPromotionIds(error, claimed, promotions.names);
    if (named.length) setWithheld((current) => new Set([...current, ...named]));
    await promotions.refresh().catch(() => undefined);
    setPayOpen(false);
    setNotice(t('pos.promotion.changed'));
  };

  /** Ends the sale; answers why it could not (a gift-card sale the server refused or did not answer). */
  const complete = async (payments: PaymentState[]): Promise<string | void> => {
    if (!tenderOutcome(ticket.totals.gross, payments, currency).ok) return;
    draft.current ??= { id: uuidv7(), occurred_at: localDateTimeWithOffset(), sequence: await posStore().nextSequence(terminal.id, terminal.last_number) };
    const { id, sequence, occurred_at: occurredAt } = draft.current;
    // The sale is what the server will compute at its own moment: the ticket shown was computed at
    // the start of the minute, and an offer whose hours end in between no longer holds.
    const sold = redeemedTicket(computeTicket(lines, taxes, currency, offersAt(new Date(occurredAt))), standing, redeemPoints).ticket;
    if (sold.totals.gross !== ticket.totals.gross) {
      touchClock();
      setPayOpen(false);
      setNotice(t('pos.promotion.changed'));
      return;
    }
    const outcome = tenderOutcome(sold.totals.gross, payments, currency);
    if (!outcome.ok) return;
    const cardSale = spendsGiftCard(payments);
    const online = navigator.onLine;
    // Points are the server's balance, which another till may spend too: a sale redeeming them is
    // sent at once and never kept offline (the same points could be spent twice).
    const redeeming = !!sold.loyalty;
    if (redeeming && !online) return t('pos.loyalty.needsNetwork');
    // A ticket with promotions is sent at once when the network is there: the server checks them
    // again and refuses (409) when they changed meanwhile, which only the cashier, with the customer
    // still here, can deal with. Without the network it is kept in the outbox as an offline sale,
    // and the server keeps the promotions the customer was given.
    const sendNow = cardSale || redeeming || (sold.promotions.length > 0 && online);
    const body = saleBody({ id, terminal_id: terminal.id, session_id: session.id, sequence, occurred_at: occurredAt, offline: sendNow ? false : !online }, sold, customer, payments);
    let kept = !sendNow;
    let posted: Awaited<ReturnType<typeof postSaleNow>> | null = null;
    if (sendNow) {
      // A gift card spends the server's balance, which another till may spend too: the sale is sent
      // now and the customer leaves only once it posted. It is never kept in the outbox, where it
      // would be refused hours later with the goods gone. Promotions are checked now for the same
      // reason: a refusal is dealt with while the customer is still at the counter.
      try {
        posted = await postSaleNow(organizationId, body);
        setPostedNumber({ id, number: posted.number });
        void queryClient.invalidateQueries({ queryKey: [...posKey(organizationId), 'transactions'] });
        // The customer's points moved: the next ticket reads them again.
        if (customer) void queryClient.invalidateQueries({ queryKey: [...posKey(organizationId), 'customers', customer.id, 'account-balance'] });
      } catch (error) {
        if (promotionsChanged(error)) return void (await promotionsRefused(error, sold.promotions.map((p) => p.promotion_id)));
        const status = errorStatus(error);
        const noAnswer = unanswered(error) || (status !== null && status >= 500);
        if (cardSale) return noAnswer ? t('pos.giftCard.saleUnanswered') : cardRefusalText(error, t, currency);
        if (redeeming) return noAnswer ? t('pos.loyalty.saleUnanswered') : readerMessage(errorMessage(error));
        // No answer yet for a sale without a card (a 409 here is the first attempt still running):
        // the outbox sends the same body under the same key until it is answered — the first
        // answer, if the first attempt did post.
        if (!noAnswer && status !== 409) return errorMessage(error);
        kept = true;
      }
    }
    if (kept) {
      // The outbox keeps the sale before anything is sent: from here it survives a crash or a reload.
      await outbox.enqueue({ id, kind: 'sale', organization_id: organizationId, terminal_id: terminal.id, sequence, body, created_at: new Date().toISOString() });
    }
    draft.current = null;
    setReceipt({
      id,
      shopName: shop.name,
      header: terminal.receipt_header,
      footer: terminal.receipt_footer,
      terminalName: terminal.name,
      cashier: session.cashier_name ?? user.data?.full_name ?? null,
      occurredAt,
      customerName: customer?.name ?? null,
      currency,
      lines: sold.lines.map((computed) => ({
        id: computed.line.id,
        name: computed.line.item.name,
        name_ar: computed.line.item.name_ar,
        quantity: computed.line.quantity,
        unit_price: computed.line.unit_price,
        discount: manualDiscount(computed),
        promotion_discount: computed.promotion_discount,
        loyalty_discount: computed.loyalty_discount ?? 0,
        gross: computed.figures?.gross ?? 0,
      })),
      // The server's figures when the sale posted now; else what the register expects it to earn.
      loyalty: posted?.loyalty
        ? { points_redeemed: posted.loyalty.points_redeemed, redeemed_value: minorOf(posted.loyalty.redeemed_value, currency), points_earned: posted.loyalty.points_earned, balance_after: posted.loyalty.balance_after }
        : standing
          ? { points_redeemed: sold.loyalty?.points ?? 0, redeemed_value: sold.loyalty?.discount_minor ?? 0, points_earned: pointsPreview(sold, standing, currency) ?? 0, balance_after: null }
          : null,
      promotions: sold.promotions.map((p) => ({ promotion_id: p.promotion_id, ...(promotions.names.get(p.promotion_id) ?? { name: p.promotion_id, name_ar: null }), discount: p.discount_minor })),
      totals: sold.totals,
      payments: payments.map((p) => ({ tender: p.tender, amount: p.amount, card_number: p.card_number ?? null })),
      tendered: outcome.check.tendered,
      change: outcome.check.change,
    });
    setPayOpen(false);
    setLines([]);
    setCustomer(null);
    setRedeemPoints(null);
  };

  const receiptNumber = receipt ? (snapshot.sent.get(receipt.id)?.number ?? (postedNumber?.id === receipt.id ? postedNumber.number : null)) : null;
  const refusal = receipt ? (snapshot.items.find((i) => i.id === receipt.id)?.refusal?.detail ?? null) : null;

  let status: string | null = null;
  if (!catalogue.index && catalogue.error) status = `${t('pos.catalogue.failed')} ${errorMessage(catalogue.error)}`;
  else if (!catalogue.index) status = t('pos.catalogue.loading');
  else if (catalogue.source === 'device' && catalogue.error) status = t('pos.catalogue.offlineCopy');
  else if (catalogue.refreshing) status = t('pos.catalogue.refreshing');

  return (
    // The bench (bench/register.ts) times "ready to scan" by this: the catalogue is in memory.
    <div className="pos-register" data-ready={catalogue.index ? 'true' : undefined}>
      <CataloguePanel ref={searchRef} index={catalogue.index} categories={catalogue.snapshot?.categories ?? []} currency={currency} status={status} onAdd={(item) => { add(item); focusScan(); }} onCode={onCode} />
      <TicketPanel
        ref={scanRef}
        ticket={ticket}
        currency={currency}
        customer={customer}
        promotionNames={promotions.names}
        maxDiscountPercent={maxDiscount}
        onScan={onScan}
        onQuantity={(lineId, quantity) => setLines((current) => current.map((l) => (l.id === lineId ? { ...l, quantity } : l)))}
        onDiscount={(lineId, discount) => setLines((current) => current.map((l) => (l.id === lineId ? { ...l, discount } : l)))}
        onRemove={(lineId) => setLines((current) => current.filter((l) => l.id !== lineId))}
        onCustomer={() => setCustomerOpen(true)}
        onClearCustomer={() => setCustomer(null)}
        onPay={openPay}
        onCancel={() => {
          cancelSale();
          focusScan();
        }}
        notice={notice ?? (overLimit ? t('pos.discount.tooLarge', { percent: maxDiscount }) : null)}
        onStoreCredit={customer ? desk.openStoreCredit : undefined}
        loyalty={
          standing
            ? {
                standing,
                earned,
                redeemBlocked: standing.status !== 'active' ? t('pos.loyalty.suspended') : !online ? t('pos.loyalty.offline') : null,
                onRedeem: () => setRedeemOpen(true),
                onRemoveRedemption: () => setRedeemPoints(null),
              }
            : null
        }
        actions={
          <>
            {desk.actions}
            <Button size="2" variant="soft" color="plum" onClick={() => setGiftCardsOpen(true)}>
              {t('pos.giftCard.button')}
            </Button>
          </>
        }
      />
      {desk.dialogs}
      <PayDialog
        open={payOpen}
        onOpenChange={setPayOpen}
        due={ticket.totals.gross}
        currency={currency}
        hasCustomer={!!customer}
        onComplete={complete}
        giftCards={{ organizationId, online }}
      />
      {standing ? (
        <RedeemPointsDialog
          standing={standing}
          basis={redeemableBasis(computeTicket(lines, taxes, currency, offersAt(minute)))}
          currency={currency}
          current={redeemPoints}
          open={redeemOpen}
          onOpenChange={setRedeemOpen}
          onApply={(points) => {
            setRedeemPoints(points);
            setNotice(null);
          }}
        />
      ) : null}
      <GiftCardDialog organizationId={organizationId} sessionId={session.id} currency={currency} online={online} open={giftCardsOpen} onOpenChange={setGiftCardsOpen} />
      <CustomerDialog organizationId={organizationId} open={customerOpen} onOpenChange={setCustomerOpen} onChoose={setCustomer} />
      <ReceiptDialog
        key={receipt?.id ?? 'none'}
        organizationId={organizationId}
        data={receipt}
        number={receiptNumber}
        refused={refusal}
        defaultEmail={null}
        onClose={() => setReceipt(null)}
      />
    </div>
  );
}

