import { Button, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/notify';
import { useSendReceipt } from '../api/send-receipt';
import { Receipt, type ReceiptData } from './receipt';

interface ReceiptDialogProps {
  organizationId: string;
  data: ReceiptData | null;
  /** The receipt number once posted; null while the sale waits in the outbox. */
  number: string | null;
  refused: string | null;
  defaultEmail: string | null;
  onClose: () => void;
}

/** The finished sale: print it, e-mail it (once it reached the server), or start the next one (Enter). */
export function ReceiptDialog({ organizationId, data, number, refused, defaultEmail, onClose }: ReceiptDialogProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendReceipt();
  return (
    <Dialog.Root open={!!data} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>{t('pos.receipt.title')}</Dialog.Title>
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
            send.mutate(
              { organizationId, transactionId: data.id, email: email.trim(), language: currentLanguage() },
              { onSuccess: () => setSentTo(email.trim()) },
            );
          }}
        >
          <Flex gap="2" mt="3" align="end">
            <TextField.Root dir="ltr" type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-label={t('pos.receipt.emailAddress')} placeholder={t('pos.receipt.emailAddress')} style={{ flex: 1 }} disabled={!number} />
            <Button type="submit" variant="soft" disabled={!number || !email.trim()} loading={send.isPending}>
              {t('pos.receipt.email')}
            </Button>
          </Flex>
          {!number ? <Text size="1" color="gray">{t('pos.receipt.emailWhenSynced')}</Text> : null}
          {sentTo ? <Text size="1" color="green" role="status">{t('pos.receipt.sent', { email: sentTo })}</Text> : null}
          {send.isError ? <Text size="1" color="red" role="alert">{errorMessage(send.error)}</Text> : null}
        </form>
        <Flex gap="2" justify="end" mt="4" className="pos-no-print">
          <Button variant="soft" onClick={() => window.print()}>
            {t('pos.receipt.print')}
          </Button>
          <Button autoFocus onClick={onClose}>
            {t('pos.receipt.newSale')}
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
