import { POS_TENDERS, type PosTender } from '@daftar/shared/schemas/pos';
import { Button, Callout, Dialog, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useValidateGiftCard, type GiftCardValidation } from '../api/gift-cards';
import { uuidv7 } from '../offline/uuidv7';
import { cardRefusalText, cardTail, isValidCardNumber, needsPin, proposedCardAmount, spentFromCard, validationProblem } from './gift-card-model';
import { refusalText } from './store-credit-dialog';
import { major, minorOf, quickCashAmounts, tenderOutcome, type PaymentState } from './ticket-model';

interface PayDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is due, minor units. */
  due: number;
  currency: string;
  hasCustomer: boolean;
  /**
   * Ends the sale with these payments. A text answered (or an error thrown) is why it could not end
   * — a gift card refused by the server — and the dialog stays open with the payments for the
   * cashier to change.
   */
  onComplete: (payments: PaymentState[]) => Promise<string | void> | string | void;
  /**
   * Gift cards as a tender: the organization whose cards are checked, and whether the network is
   * there (a card's balance is the server's; without it the tender says so). Omitted: no gift-card
   * tender (a return's exchange is kept in the outbox, which never holds a gift-card payment).
   */
  giftCards?: { organizationId: string; online: boolean };
}

const NEEDS_CUSTOMER: readonly PosTender[] = ['store_credit', 'on_account'];

/**
 * Tenders until the total is covered. Keyboard-first: the amount is focused with the remainder in
 * it; Enter adds it and, once the payments cover the total, completes the sale. A quick-cash
 * button pays in one press. A gift card is checked first (a scanner types its number and Enter):
 * its balance proposes the amount, and the rest is paid another way.
 */
export function PayDialog({ open, onOpenChange, due, currency, hasCustomer, onComplete, giftCards }: PayDialogProps) {
  const { t } = useTranslation();
  const [payments, setPayments] = useState<PaymentState[]>([]);
  const [tender, setTender] = useState<PosTender>('cash');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [cardNumber, setCardNumber] = useState('');
  const [pin, setPin] = useState('');
  /** The last check of the card typed (null: not checked since the number changed). */
  const [card, setCard] = useState<GiftCardValidation | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const validate = useValidateGiftCard();
  const resetValidate = validate.reset;
  const amountRef = useRef<HTMLInputElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const money = (minor: number) => formatMoney(major(minor, currency), currency);
  const tenders = giftCards ? POS_TENDERS : POS_TENDERS.filter((x) => x !== 'gift_card');

  const paid = payments.reduce((sum, p) => sum + minorOf(p.amount, currency), 0);
  const remaining = Math.max(0, due - paid);
  const cardReady = !!card?.valid;
  const pinAsked = needsPin(card);

  const resetCard = () => {
    setCardNumber('');
    setPin('');
    setCard(null);
    setCardProblem(null);
    resetValidate();
  };

  useEffect(() => {
    if (!open) return;
    setPayments([]);
    setTender('cash');
    setAmount(major(due, currency));
    setProblem(null);
    setSaving(false);
    setCardNumber('');
    setPin('');
    setCard(null);
    setCardProblem(null);
    resetValidate();
  }, [open, due, currency, resetValidate]);

  // The card's field takes the scanner once the tender is chosen; the PIN when the card asks for
  // it; the amount (its balance proposed) once the card can pay.
  useEffect(() => {
    if (tender === 'gift_card' && !card) numberRef.current?.focus();
  }, [tender, card]);
  useEffect(() => {
    if (pinAsked) pinRef.current?.focus();
    else if (card?.valid) amountRef.current?.focus();
  }, [card, pinAsked]);

  const choose = (option: PosTender) => {
    setTender(option);
    setProblem(null);
    if (option !== 'gift_card') amountRef.current?.focus();
  };

  /** Asks the server whether the card typed can pay, and proposes what it can. */
  const check = () => {
    if (!giftCards || validate.isPending) return;
    if (!giftCards.online) return setCardProblem(t('pos.giftCard.offline'));
    const number = cardNumber.trim();
    if (!isValidCardNumber(number)) return setCardProblem(t('pos.giftCard.badNumber'));
    if (pinAsked && !/^\d{4,6}$/.test(pin.trim())) return setCardProblem(t('pos.giftCard.badPin'));
    setCardProblem(null);
    setProblem(null);
    validate.mutate(
      { organizationId: giftCards.organizationId, number, pin: pinAsked ? pin.trim() : null },
      {
        onSuccess: (answer) => {
          setCard(answer);
          setPin('');
          const why = validationProblem(answer, t);
          if (why) return setCardProblem(why);
          const proposed = proposedCardAmount(remaining, answer, payments, currency);
          if (!proposed) return setCardProblem(t('pos.giftCard.empty'));
          setAmount(major(proposed, currency));
        },
        onError: (error) => {
          setCard(null);
          setCardProblem(cardRefusalText(error, t, currency));
        },
      },
    );
  };

  const outcome = tenderOutcome(due, payments, currency);
  const nonCash = payments.filter((p) => p.tender !== 'cash').reduce((sum, p) => sum + minorOf(p.amount, currency), 0);

  const complete = async (list: PaymentState[]) => {
    if (saving) return;
    setSaving(true);
    try {
      const refused = await onComplete(list);
      if (refused) setProblem(refused);
    } catch (error) {
      setProblem(refusalText(error));
    } finally {
      setSaving(false);
    }
  };

  /** Adds a payment; completes when it covers the total. */
  const add = (paymentTender: PosTender, text: string) => {
    const value = text.trim();
    if (!/^\d+(\.\d{1,3})?$/.test(value) || Number(value) <= 0) return setProblem(t('pos.pay.invalidAmount'));
    let payment: PaymentState = { id: uuidv7(), tender: paymentTender, amount: value };
    if (paymentTender === 'gift_card') {
      if (!giftCards?.online) return setProblem(t('pos.giftCard.offline'));
      if (!card?.valid) return setProblem(t('pos.giftCard.checkFirst'));
      const left = minorOf(card.balance, currency) - spentFromCard(payments, card.gift_card_id, currency);
      if (minorOf(value, currency) > left) return setProblem(t('pos.giftCard.overBalance', { balance: money(Math.max(0, left)) }));
      payment = { ...payment, gift_card_id: card.gift_card_id, card_number: card.card_number };
    }
    const next = [...payments, payment];
    const outcomeNext = tenderOutcome(due, next, currency);
    const nextNonCash = next.filter((p) => p.tender !== 'cash').reduce((sum, p) => sum + minorOf(p.amount, currency), 0);
    if (nextNonCash > due) return setProblem(t('pos.pay.nonCashOver'));
    setProblem(null);
    setPayments(next);
    const left = Math.max(0, due - next.reduce((sum, p) => sum + minorOf(p.amount, currency), 0));
    setAmount(left ? major(left, currency) : '');
    // The card is spent: the rest is proposed in cash (Enter pays it), and the next card starts afresh.
    if (paymentTender === 'gift_card') {
      setTender('cash');
      resetCard();
    }
    if (outcomeNext.ok) void complete(next);
    else amountRef.current?.focus();
  };

  /** Enter or the Complete button: the amount in the field is paid first (the proposed remainder included). */
  const finish = () => {
    if (amount.trim()) add(tender, amount);
    else if (outcome.ok) void complete(payments);
  };

  const onAmountKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    finish();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.pay.title')}</Dialog.Title>
        <Flex justify="between" align="baseline" mb="3">
          <Text size="3">{t('pos.pay.due')}</Text>
          <Text size="6" weight="bold" data-testid="pos-pay-due">
            {money(due)}
          </Text>
        </Flex>
        <Flex gap="1" wrap="wrap" role="group" aria-label={t('pos.pay.tender')} mb="2">
          {tenders.map((option) => {
            const blocked = NEEDS_CUSTOMER.includes(option) && !hasCustomer;
            return (
              <Button key={option} variant={tender === option ? 'solid' : 'soft'} aria-pressed={tender === option} disabled={blocked} onClick={() => choose(option)}>
                {t(`pos.tender.${option}`)}
              </Button>
            );
          })}
        </Flex>
        {!hasCustomer ? (
          <Text size="1" color="gray" as="p">
            {t('pos.pay.needsCustomer')}
          </Text>
        ) : null}
        {tender === 'gift_card' && giftCards ? (
          giftCards.online ? (
            <Flex direction="column" gap="2" mt="2" data-testid="pos-gift-card">
              <Flex gap="2" align="end">
                <TextField.Root
                  ref={numberRef}
                  size="3"
                  dir="ltr"
                  inputMode="numeric"
                  autoComplete="off"
                  value={cardNumber}
                  onChange={(e) => {
                    setCardNumber(e.target.value);
                    // Another card: its check (and PIN) start again.
                    setCard(null);
                    setPin('');
                    setCardProblem(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    check();
                  }}
                  aria-label={t('pos.giftCard.number')}
                  placeholder={t('pos.giftCard.numberHint')}
                  style={{ flex: 2 }}
                />
                {pinAsked ? (
                  <TextField.Root
                    ref={pinRef}
                    size="3"
                    dir="ltr"
                    type="password"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={6}
                    value={pin}
                    onChange={(e) => setPin(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Enter') return;
                      e.preventDefault();
                      check();
                    }}
                    aria-label={t('pos.giftCard.pin')}
                    placeholder={t('pos.giftCard.pin')}
                    style={{ flex: 1 }}
                  />
                ) : null}
                <Button size="3" variant="soft" onClick={check} loading={validate.isPending}>
                  {t('pos.giftCard.check')}
                </Button>
              </Flex>
              {cardReady && card ? (
                <Flex justify="between" align="baseline" gap="2" data-testid="pos-gift-card-balance">
                  <Text size="2">
                    {t('pos.giftCard.balanceOf')} <bdi dir="ltr">{cardTail(card.card_number)}</bdi>
                    {card.expires_on ? <Text color="gray"> · {t('pos.giftCard.validUntil', { date: formatDate(card.expires_on) })}</Text> : null}
                  </Text>
                  <Text size="4" weight="bold">
                    {formatMoney(card.balance, currency)}
                  </Text>
                </Flex>
              ) : null}
              {cardProblem ? (
                <Text color="red" size="2" role="alert" as="p" data-testid="pos-gift-card-problem">
                  {cardProblem}
                </Text>
              ) : null}
            </Flex>
          ) : (
            <Callout.Root color="amber" size="1" mt="2" role="status">
              <Callout.Text>{t('pos.giftCard.offline')}</Callout.Text>
            </Callout.Root>
          )
        ) : null}
        <Flex gap="2" mt="2" align="end">
          <TextField.Root
            ref={amountRef}
            autoFocus
            size="3"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            onKeyDown={onAmountKey}
            // The remainder is proposed; what the cashier types replaces it.
            onFocus={(e) => e.currentTarget.select()}
            aria-label={t('pos.pay.amount')}
            style={{ flex: 1 }}
          />
          <Button size="3" onClick={() => add(tender, amount)} disabled={saving}>
            {t('pos.pay.add')}
          </Button>
        </Flex>
        {remaining > 0 ? (
          <Flex gap="1" wrap="wrap" mt="2" role="group" aria-label={t('pos.pay.quickCash')}>
            {quickCashAmounts(remaining, currency).map((value) => (
              <Button key={value} variant="outline" onClick={() => add('cash', major(value, currency))} disabled={saving}>
                {money(value)}
              </Button>
            ))}
          </Flex>
        ) : null}
        {payments.length ? (
          <Flex direction="column" gap="1" mt="3" role="list" aria-label={t('pos.pay.payments')}>
            {payments.map((p) => (
              <Flex key={p.id} role="listitem" justify="between" align="center">
                <Text>
                  {t(`pos.tender.${p.tender}`)}
                  {p.card_number ? (
                    <>
                      {' '}
                      <bdi dir="ltr">{cardTail(p.card_number)}</bdi>
                    </>
                  ) : null}
                </Text>
                <Flex align="center" gap="2">
                  <Text>{money(minorOf(p.amount, currency))}</Text>
                  <IconButton
                    size="1"
                    variant="ghost"
                    color="red"
                    aria-label={t('pos.pay.removePayment', { tender: t(`pos.tender.${p.tender}`), amount: p.amount })}
                    onClick={() => setPayments(payments.filter((x) => x.id !== p.id))}
                  >
                    ×
                  </IconButton>
                </Flex>
              </Flex>
            ))}
          </Flex>
        ) : null}
        <Flex justify="between" mt="3">
          <Text>{outcome.ok ? t('pos.pay.change') : t('pos.pay.remaining')}</Text>
          <Text weight="bold" data-testid={outcome.ok ? 'pos-pay-change' : 'pos-pay-remaining'}>
            {money(outcome.ok ? outcome.check.change : remaining)}
          </Text>
        </Flex>
        {problem || (!outcome.ok && nonCash > due) ? (
          <Text color="red" size="2" role="alert" as="p">
            {problem ?? t('pos.pay.nonCashOver')}
          </Text>
        ) : null}
        <Flex gap="2" justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray" disabled={saving}>
              {t('pos.pay.cancel')}
            </Button>
          </Dialog.Close>
          <Button onClick={finish} disabled={(!outcome.ok && !amount.trim()) || saving} loading={saving}>
            {t('pos.pay.complete')}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
