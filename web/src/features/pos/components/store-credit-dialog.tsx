import { Button, Dialog, Flex, SegmentedControl, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { readerMessage } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/notify';
import type { PosCustomer } from '../api/customers';
import { useAccountBalance, usePostStoreCredit } from '../api/post-store-credit';

type DepositMethod = 'cash' | 'card' | 'cliq';
const METHODS: readonly DepositMethod[] = ['cash', 'card', 'cliq'];

interface StoreCreditDialogProps {
  organizationId: string;
  customer: PosCustomer | null;
  /** Money paid in at the till counts in this session's tenders (the drawer count expects it). */
  sessionId: string;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A failed call in the reader's language: the server's English refusal through the shared patterns. */
export const refusalText = (error: unknown) => readerMessage(errorMessage(error));

/**
 * The customer's store credit at the counter: the balance as the server keeps it, and a deposit
 * the customer pays in now (cash, card or CliQ). Deposits need the network: the balance is the
 * server's, so it is not queued like a sale.
 */
export function StoreCreditDialog({ organizationId, customer, sessionId, currency, open, onOpenChange }: StoreCreditDialogProps) {
  const { t } = useTranslation();
  const balance = useAccountBalance(organizationId, open ? (customer?.id ?? null) : null);
  const deposit = usePostStoreCredit();
  const resetDeposit = deposit.reset;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<DepositMethod>('cash');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setAmount('');
    setMethod('cash');
    setReason('');
    setProblem(null);
    setDone(null);
    resetDeposit();
  }, [open, resetDeposit]);

  const submit = () => {
    if (!customer || deposit.isPending) return;
    const value = amount.trim();
    if (!/^\d+(\.\d{1,3})?$/.test(value) || Number(value) <= 0) return setProblem(t('pos.pay.invalidAmount'));
    setProblem(null);
    setDone(null);
    deposit.mutate(
      { organizationId, body: { customer_id: customer.id, amount: value, method, session_id: sessionId, reason: reason.trim() || null } },
      {
        onSuccess: (answer) => {
          setDone(t('pos.storeCredit.deposited', { amount: formatMoney(answer.amount, currency), balance: formatMoney(answer.balance, currency) }));
          setAmount('');
          setReason('');
        },
        onError: (error) => setProblem(refusalText(error)),
      },
    );
  };

  return (
    <Dialog.Root open={open && !!customer} onOpenChange={(next) => !deposit.isPending && onOpenChange(next)}>
      <Dialog.Content maxWidth="440px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.storeCredit.title', { name: customer?.name ?? '' })}</Dialog.Title>
        <Flex direction="column" gap="1" mb="3">
          {balance.isPending ? <Text color="gray">{t('pos.storeCredit.loading')}</Text> : null}
          {balance.isError ? (
            <Text color="red" role="alert">
              {refusalText(balance.error)}
            </Text>
          ) : null}
          {balance.data ? (
            <>
              <Flex justify="between" align="baseline">
                <Text>{t('pos.storeCredit.balance')}</Text>
                <Text size="6" weight="bold" data-testid="pos-store-credit-balance">
                  {formatMoney(balance.data.store_credit, currency)}
                </Text>
              </Flex>
              {Number(balance.data.receivable) ? (
                <Flex justify="between">
                  <Text size="2" color="gray">{t('pos.storeCredit.owes')}</Text>
                  <Text size="2" color="gray" data-testid="pos-store-credit-receivable">
                    {formatMoney(balance.data.receivable, currency)}
                  </Text>
                </Flex>
              ) : null}
            </>
          ) : null}
        </Flex>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Flex direction="column" gap="2">
            <Text weight="bold" size="2">
              {t('pos.storeCredit.deposit')}
            </Text>
            <SegmentedControl.Root value={method} onValueChange={(v) => setMethod(v as DepositMethod)} aria-label={t('pos.pay.tender')}>
              {METHODS.map((m) => (
                <SegmentedControl.Item key={m} value={m}>
                  {t(`pos.tender.${m}`)}
                </SegmentedControl.Item>
              ))}
            </SegmentedControl.Root>
            <TextField.Root autoFocus size="3" inputMode="decimal" dir="ltr" value={amount} onChange={(e) => setAmount(e.target.value)} aria-label={t('pos.storeCredit.amount')} placeholder={t('pos.storeCredit.amount')} />
            <TextField.Root value={reason} onChange={(e) => setReason(e.target.value)} aria-label={t('pos.storeCredit.reason')} placeholder={t('pos.storeCredit.reason')} />
            {problem ? (
              <Text size="2" color="red" role="alert">
                {problem}
              </Text>
            ) : null}
            {done ? (
              <Text size="2" color="green" role="status">
                {done}
              </Text>
            ) : null}
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={deposit.isPending}>
                  {t('pos.storeCredit.close')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={deposit.isPending} disabled={!amount.trim()}>
                {t('pos.storeCredit.take')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
