import { formatCardNumber } from '@daftar/shared/giftcards/card-number';
import { Button, Callout, Dialog, Flex, SegmentedControl, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { CardNotLoadable, TILL_CARD_METHODS, useLoadGiftCard, useSellGiftCard, type GiftCardPublic, type TillCardMethod } from '../api/gift-cards';
import { cardRefusalText, cardTail, inText, isValidCardNumber } from './gift-card-model';

type Mode = 'sell' | 'load';

interface GiftCardDialogProps {
  organizationId: string;
  /** The money taken counts in this session's tenders (the drawer count expects it). */
  sessionId: string;
  currency: string;
  /** Cards live on the server: without the network the dialog says so and posts nothing. */
  online: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const AMOUNT = /^\d+(\.\d{1,3})?$/;
const PIN = /^\d{4,6}$/;

/**
 * Gift cards sold over the counter: a new card (active at once, its number shown to hand over) or
 * money put onto a card the customer brings (a pending card from a printed batch is activated, an
 * active one loaded). Paid in cash, by card or CliQ into the open session. Like a store-credit
 * deposit it needs the network: a card's balance is the server's, so nothing here is queued.
 */
export function GiftCardDialog({ organizationId, sessionId, currency, online, open, onOpenChange }: GiftCardDialogProps) {
  const { t } = useTranslation();
  const sell = useSellGiftCard();
  const load = useLoadGiftCard();
  const resetSell = sell.reset;
  const resetLoad = load.reset;
  const [mode, setMode] = useState<Mode>('sell');
  const [number, setNumber] = useState('');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<TillCardMethod>('cash');
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The card just sold or loaded, as the server answered. */
  const [done, setDone] = useState<{ mode: Mode; card: GiftCardPublic; amount: string } | null>(null);
  const busy = sell.isPending || load.isPending;

  const clear = () => {
    setNumber('');
    setAmount('');
    setPin('');
    setProblem(null);
  };

  useEffect(() => {
    if (!open) return;
    setMode('sell');
    setMethod('cash');
    setNumber('');
    setAmount('');
    setPin('');
    setProblem(null);
    setDone(null);
    resetSell();
    resetLoad();
  }, [open, resetSell, resetLoad]);

  const submit = () => {
    if (busy) return;
    if (!online) return setProblem(t('pos.giftCard.offline'));
    const value = amount.trim();
    if (mode === 'load' && !isValidCardNumber(number.trim())) return setProblem(t('pos.giftCard.badNumber'));
    if (!AMOUNT.test(value) || Number(value) <= 0) return setProblem(t('pos.pay.invalidAmount'));
    if (mode === 'sell' && pin.trim() && !PIN.test(pin.trim())) return setProblem(t('pos.giftCard.badPin'));
    setProblem(null);
    setDone(null);
    const onError = (error: unknown) =>
      setProblem(error instanceof CardNotLoadable ? t('pos.giftCard.cannotLoad', { card: inText(cardTail(error.card.card_number)), status: t(`pos.giftCard.status.${error.card.status}`) }) : cardRefusalText(error, t, currency));
    if (mode === 'sell') {
      sell.mutate(
        { organizationId, sessionId, amount: value, method, pin: pin.trim() || null },
        {
          onSuccess: (card) => {
            setDone({ mode, card, amount: value });
            clear();
          },
          onError,
        },
      );
    } else {
      load.mutate(
        { organizationId, sessionId, number: number.trim(), amount: value, method },
        {
          onSuccess: (card) => {
            setDone({ mode, card, amount: value });
            clear();
          },
          onError,
        },
      );
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.giftCard.title')}</Dialog.Title>
        <SegmentedControl.Root
          value={mode}
          onValueChange={(v) => {
            setMode(v as Mode);
            setProblem(null);
            setDone(null);
          }}
          aria-label={t('pos.giftCard.title')}
          mb="3"
          style={{ width: '100%' }}
        >
          <SegmentedControl.Item value="sell">{t('pos.giftCard.sell')}</SegmentedControl.Item>
          <SegmentedControl.Item value="load">{t('pos.giftCard.load')}</SegmentedControl.Item>
        </SegmentedControl.Root>
        {!online ? (
          <Callout.Root color="amber" size="1" mb="3" role="status">
            <Callout.Text>{t('pos.giftCard.offline')}</Callout.Text>
          </Callout.Root>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Flex direction="column" gap="2">
            {mode === 'load' ? (
              <TextField.Root
                key="number"
                autoFocus
                size="3"
                dir="ltr"
                inputMode="numeric"
                autoComplete="off"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                aria-label={t('pos.giftCard.number')}
                placeholder={t('pos.giftCard.numberHint')}
              />
            ) : null}
            <TextField.Root
              key={`amount-${mode}`}
              autoFocus={mode === 'sell'}
              size="3"
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-label={t('pos.giftCard.amount')}
              placeholder={t('pos.giftCard.amount')}
            />
            <Text size="2" weight="medium">
              {t('pos.giftCard.paidWith')}
            </Text>
            <SegmentedControl.Root value={method} onValueChange={(v) => setMethod(v as TillCardMethod)} aria-label={t('pos.giftCard.paidWith')}>
              {TILL_CARD_METHODS.map((m) => (
                <SegmentedControl.Item key={m} value={m}>
                  {t(`pos.tender.${m}`)}
                </SegmentedControl.Item>
              ))}
            </SegmentedControl.Root>
            {mode === 'sell' ? (
              <TextField.Root
                type="password"
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                maxLength={6}
                value={pin}
                onChange={(e) => setPin(e.target.value)}
                aria-label={t('pos.giftCard.pinOptional')}
                placeholder={t('pos.giftCard.pinOptional')}
              />
            ) : null}
            {problem ? (
              <Text size="2" color="red" role="alert">
                {problem}
              </Text>
            ) : null}
            {done ? (
              <Callout.Root color="green" size="1" role="status" data-testid="pos-gift-card-done">
                <Callout.Text>
                  {done.mode === 'sell'
                    ? t('pos.giftCard.sold', { amount: formatMoney(done.amount, currency) })
                    : t('pos.giftCard.loaded', { amount: formatMoney(done.amount, currency), balance: formatMoney(done.card.balance, currency) })}
                </Callout.Text>
                {/* The whole number, grouped by four, read out to the customer or written on the sleeve. */}
                <Text as="p" size="6" weight="bold" dir="ltr" className="pos-gift-card-number" data-testid="pos-gift-card-number">
                  {formatCardNumber(done.card.card_number)}
                </Text>
              </Callout.Root>
            ) : null}
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={busy}>
                  {t('pos.giftCard.close')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy} disabled={!amount.trim() || !online}>
                {mode === 'sell' ? t('pos.giftCard.sellSubmit') : t('pos.giftCard.loadSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
