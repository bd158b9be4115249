import { POS_TENDERS, type PosTender } from '@daftar/shared/schemas/pos';
import { Button, Dialog, Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { uuidv7 } from '../offline/uuidv7';
import { major, minorOf, quickCashAmounts, tenderOutcome, type PaymentState } from './ticket-model';

interface PayDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is due, minor units. */
  due: number;
  currency: string;
  hasCustomer: boolean;
  onComplete: (payments: PaymentState[]) => Promise<void> | void;
}

const NEEDS_CUSTOMER: readonly PosTender[] = ['store_credit', 'on_account'];

/**
 * Tenders until the total is covered. Keyboard-first: the amount is focused with the remainder in
 * it; Enter adds it and, once the payments cover the total, completes the sale. A quick-cash
 * button pays in one press.
 */
export function PayDialog({ open, onOpenChange, due, currency, hasCustomer, onComplete }: PayDialogProps) {
  const { t } = useTranslation();
  const [payments, setPayments] = useState<PaymentState[]>([]);
  const [tender, setTender] = useState<PosTender>('cash');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const money = (minor: number) => formatMoney(major(minor, currency), currency);

  const paid = payments.reduce((sum, p) => sum + minorOf(p.amount, currency), 0);
  const remaining = Math.max(0, due - paid);

  useEffect(() => {
    if (!open) return;
    setPayments([]);
    setTender('cash');
    setAmount(major(due, currency));
    setProblem(null);
    setSaving(false);
  }, [open, due, currency]);

  const outcome = tenderOutcome(due, payments, currency);
  const nonCash = payments.filter((p) => p.tender !== 'cash').reduce((sum, p) => sum + minorOf(p.amount, currency), 0);

  const complete = async (list: PaymentState[]) => {
    if (saving) return;
    setSaving(true);
    try {
      await onComplete(list);
    } finally {
      setSaving(false);
    }
  };

  /** Adds a payment; completes when it covers the total. */
  const add = (paymentTender: PosTender, text: string) => {
    const value = text.trim();
    if (!/^\d+(\.\d{1,3})?$/.test(value) || Number(value) <= 0) return setProblem(t('pos.pay.invalidAmount'));
    const next = [...payments, { id: uuidv7(), tender: paymentTender, amount: value }];
    const check = tenderOutcome(due, next, currency);
    const nextNonCash = next.filter((p) => p.tender !== 'cash').reduce((sum, p) => sum + minorOf(p.amount, currency), 0);
    if (nextNonCash > due) return setProblem(t('pos.pay.nonCashOver'));
    setProblem(null);
    setPayments(next);
    const left = Math.max(0, due - next.reduce((sum, p) => sum + minorOf(p.amount, currency), 0));
    setAmount(left ? major(left, currency) : '');
    if (check.ok) void complete(next);
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
      <Dialog.Content maxWidth="520px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.pay.title')}</Dialog.Title>
        <Flex justify="between" align="baseline" mb="3">
          <Text size="3">{t('pos.pay.due')}</Text>
          <Text size="6" weight="bold" data-testid="pos-pay-due">
            {money(due)}
          </Text>
        </Flex>
        <Flex gap="1" wrap="wrap" role="group" aria-label={t('pos.pay.tender')} mb="2">
          {POS_TENDERS.map((option) => {
            const blocked = NEEDS_CUSTOMER.includes(option) && !hasCustomer;
            return (
              <Button key={option} variant={tender === option ? 'solid' : 'soft'} aria-pressed={tender === option} disabled={blocked} onClick={() => { setTender(option); amountRef.current?.focus(); }}>
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
                <Text>{t(`pos.tender.${p.tender}`)}</Text>
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
