import type { PosReturnCreate, PosSaleCreate } from '@daftar/shared/schemas/pos';
import { Badge, Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSendReceipt } from '../api/send-receipt';
import { useSessionReceipts, type PosTransaction } from '../api/list-session-receipts';
import type { OutboxItem } from '../offline/store';
import { Receipt, type ReceiptData } from './receipt';
import { refusalText } from './store-credit-dialog';
import '../returns.css';

interface ReceiptSheetProps {
  organizationId: string;
  data: ReceiptData | null;
  /** The server's receipt number; null while the ticket waits in the outbox. */
  number: string | null;
  /** Why the server refused the ticket (already in the reader's language). */
  refused: string | null;
  onClose: () => void;
  /** Offered for a posted sale: take items back from it. */
  onReturn?: () => void;
}

/** One receipt to print again or e-mail (a sale from the list, or a return just made). */
export function ReceiptSheet({ organizationId, data, number, refused, onClose, onReturn }: ReceiptSheetProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendReceipt();
  return (
    <Dialog.Root open={!!data} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>{data?.kind === 'return' ? t('pos.returns.receiptTitle') : t('pos.receipt.title')}</Dialog.Title>
        {data ? <Receipt data={data} number={number} /> : null}
        {!number && !refused ? (
          <Text size="1" color="amber" as="p" role="status">
            {t('pos.receipt.offlineSaved')}
          </Text>
        ) : null}
        {refused ? (
          <Text size="2" color="red" as="p" role="alert">
            {t('pos.receipt.refused')}: {refused}
          </Text>
        ) : null}
        <form
          className="pos-no-print"
          onSubmit={(e) => {
            e.preventDefault();
            if (!data || !number || !email.trim()) return;
            send.mutate({ organizationId, transactionId: data.id, email: email.trim(), language: currentLanguage() }, { onSuccess: () => setSentTo(email.trim()) });
          }}
        >
          <Flex gap="2" mt="3" align="end">
            <TextField.Root dir="ltr" type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-label={t('pos.receipt.emailAddress')} placeholder={t('pos.receipt.emailAddress')} style={{ flex: 1 }} disabled={!number} />
            <Button type="submit" variant="soft" disabled={!number || !email.trim()} loading={send.isPending}>
              {t('pos.receipt.email')}
            </Button>
          </Flex>
          {sentTo ? <Text size="1" color="green" role="status">{t('pos.receipt.sent', { email: sentTo })}</Text> : null}
          {send.isError ? <Text size="1" color="red" role="alert">{refusalText(send.error)}</Text> : null}
        </form>
        <Flex gap="2" justify="end" mt="4" className="pos-no-print" wrap="wrap">
          {onReturn ? (
            <Button variant="soft" color="orange" onClick={onReturn}>
              {t('pos.returns.fromReceipt')}
            </Button>
          ) : null}
          <Button variant="soft" onClick={() => window.print()}>
            {t('pos.receipt.print')}
          </Button>
          <Button autoFocus onClick={onClose}>
            {t('pos.receipts.done')}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

interface ReceiptsDrawerProps {
  organizationId: string;
  terminalId: string;
  sessionId: string;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Tickets on this device not yet posted (the outbox), shown as pending. */
  outboxItems: readonly OutboxItem[];
  onOpenReceipt: (transaction: PosTransaction) => void;
}

const tenderList = (payments: readonly { tender: string }[], t: (key: string) => string) => [...new Set(payments.map((p) => p.tender))].map((x) => t(`pos.tender.${x}`)).join(' · ');

/** The session's receipts, newest first, with those still on this device on top as pending. */
export function ReceiptsDrawer({ organizationId, terminalId, sessionId, currency, open, onOpenChange, outboxItems, onOpenReceipt }: ReceiptsDrawerProps) {
  const { t } = useTranslation();
  const receipts = useSessionReceipts(organizationId, terminalId, sessionId, open);
  const waiting = outboxItems
    .filter((i) => i.terminal_id === terminalId && (i.body as PosSaleCreate | PosReturnCreate).session_id === sessionId)
    .sort((a, b) => b.sequence - a.sequence);
  const posted = receipts.data ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content className="pos-drawer" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.receipts.title')}</Dialog.Title>
        {receipts.isPending ? <Text color="gray">{t('pos.receipts.loading')}</Text> : null}
        {receipts.isError ? (
          <Text color="red" role="alert">
            {refusalText(receipts.error)}
          </Text>
        ) : null}
        <ul className="pos-receipt-list" aria-label={t('pos.receipts.title')}>
          {waiting.map((item) => {
            const body = item.body as PosSaleCreate | PosReturnCreate;
            return (
              <li key={item.id} data-testid="pos-receipt-row" data-pending="">
                <div className="pos-receipt-row">
                  <Flex direction="column">
                    <Text weight="medium">
                      {item.kind === 'return' ? t('pos.receipts.pendingReturn', { sequence: item.sequence }) : t('pos.receipts.pendingSale', { sequence: item.sequence })}
                    </Text>
                    <Text size="1" color="gray">
                      {formatDateTime(body.occurred_at)}
                      {body.payments?.length ? ` · ${tenderList(body.payments, t)}` : ''}
                    </Text>
                  </Flex>
                  <Badge color={item.status === 'refused' ? 'red' : 'amber'}>{item.status === 'refused' ? t('pos.receipt.refused') : t('pos.receipt.pending')}</Badge>
                </div>
              </li>
            );
          })}
          {posted.map((tx) => (
            <li key={tx.id} data-testid="pos-receipt-row">
              <button type="button" className="pos-receipt-row" onClick={() => onOpenReceipt(tx)} aria-label={t('pos.receipts.open', { number: tx.number })}>
                <Flex direction="column" align="start">
                  <Text weight="medium" dir="ltr">
                    {tx.number}
                  </Text>
                  <Text size="1" color="gray">
                    {formatDateTime(tx.occurred_at)}
                    {tx.payments.length ? ` · ${tenderList(tx.payments, t)}` : ''}
                    {tx.customer_name ? ` · ${tx.customer_name}` : ''}
                  </Text>
                </Flex>
                <Flex direction="column" align="end">
                  <Text weight="bold">{formatMoney(tx.total_amount, currency)}</Text>
                  {tx.kind === 'return' ? <Badge color="orange">{t('pos.receipts.return')}</Badge> : null}
                </Flex>
              </button>
            </li>
          ))}
        </ul>
        {receipts.isSuccess && !posted.length && !waiting.length ? <Text color="gray">{t('pos.receipts.none')}</Text> : null}
        <Flex justify="end" mt="3">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              {t('pos.receipts.close')}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
