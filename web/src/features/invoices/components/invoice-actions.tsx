import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { segment } from '../../../lib/api-client';
import { useChangeInvoiceStatus } from '../api/change-invoice-status';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useDownloadPdf } from '../api/download-pdf';
import { useDuplicateInvoice } from '../api/duplicate-invoice';
import type { Invoice } from '../api/get-invoices';
import { isZeroAmount } from './amounts';
import { CreateReturnDialog } from './create-return-dialog';
import { SendInvoiceDialog } from './send-invoice-dialog';

const SETTLEABLE = new Set<Invoice['status']>(['confirmed', 'sent', 'partially_paid']);
const POSTED = new Set<Invoice['status']>(['confirmed', 'sent', 'partially_paid', 'paid']);

/** A posting action asks first, without the red of a destructive one. */
function ConfirmInvoiceDialog({ onConfirm, pending }: { onConfirm: () => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button loading={pending}>{t('invoices.actions.confirm')}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="460px">
        <AlertDialog.Title>{t('invoices.actions.confirmTitle')}</AlertDialog.Title>
        <AlertDialog.Description size="2">{t('invoices.actions.confirmDescription')}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {t('common.cancel')}
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button onClick={onConfirm}>{t('invoices.actions.confirmSubmit')}</Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** What can be done with the invoice depends on its state and on the person's role (SPEC §6). */
export function InvoiceActions({ organizationId, invoice, role }: { organizationId: string; invoice: Invoice; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmInvoice();
  const remove = useDeleteInvoice();
  const duplicate = useDuplicateInvoice();
  const changeStatus = useChangeInvoiceStatus();
  const download = useDownloadPdf();
  const draft = invoice.status === 'draft';
  const posted = POSTED.has(invoice.status);
  const ids = { organizationId, invoiceId: invoice.id };
  const label = invoice.number ?? t('invoices.draftNumber');

  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {draft && role.isAdmin ? (
        <ConfirmInvoiceDialog
          pending={confirm.isPending}
          onConfirm={() => confirm.mutate(ids, { onSuccess: (confirmed) => notify.success(t('invoices.actions.confirmed', { number: confirmed.number })) })}
        />
      ) : null}
      {draft && role.isMember ? (
        <Button asChild variant="soft">
          <Link to={`/sales/invoices/${invoice.id}/edit`}>{t('invoices.actions.edit')}</Link>
        </Button>
      ) : null}
      {posted && SETTLEABLE.has(invoice.status) && !isZeroAmount(invoice.balance_due) && role.isMember ? (
        <Button asChild>
          <Link to={`/sales/payments?invoice_id=${segment(invoice.id)}`}>{t('invoices.actions.recordPayment')}</Link>
        </Button>
      ) : null}
      {posted && role.isMember ? <SendInvoiceDialog organizationId={organizationId} invoice={invoice} /> : null}
      {/* Every state prints; the server marks a draft DRAFT / مسودة on the page. */}
      <Button
        variant="soft"
        loading={download.isPending}
        onClick={() =>
          download.mutate({
            organizationId,
            path: `/organizations/${segment(organizationId)}/invoices/${segment(invoice.id)}/pdf`,
            fallbackName: `${invoice.number ?? invoice.id}.pdf`,
          })
        }
      >
        {t('invoices.actions.downloadPdf')}
      </Button>
      {posted && role.isAdmin ? <CreateReturnDialog organizationId={organizationId} invoice={invoice} /> : null}
      {role.isMember ? (
        <Button
          variant="soft"
          loading={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(ids, {
              onSuccess: (copy) => {
                notify.success(t('invoices.actions.duplicated'));
                navigate(`/sales/invoices/${copy.id}/edit`);
              },
            })
          }
        >
          {t('invoices.actions.duplicate')}
        </Button>
      ) : null}
      {draft && role.isAdmin ? (
        <ConfirmDialog
          trigger={
            <Button variant="soft" color="red">
              {t('invoices.actions.cancelDraft')}
            </Button>
          }
          title={t('invoices.actions.cancelTitle')}
          description={t('invoices.actions.cancelDescription')}
          confirmLabel={t('invoices.actions.cancelSubmit')}
          pending={changeStatus.isPending}
          onConfirm={() => changeStatus.mutate({ ...ids, status: 'cancelled' }, { onSuccess: () => notify.success(t('invoices.actions.cancelled')) })}
        />
      ) : null}
      {draft && role.isMember ? (
        <ConfirmDialog
          trigger={
            <Button variant="soft" color="red">
              {t('common.delete')}
            </Button>
          }
          title={t('invoices.actions.deleteTitle', { label })}
          description={t('invoices.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { ...ids, version: invoice.version },
              {
                onSuccess: () => {
                  notify.success(t('invoices.actions.deleted'));
                  navigate('/sales/invoices');
                },
              },
            )
          }
        />
      ) : null}
    </Flex>
  );
}
