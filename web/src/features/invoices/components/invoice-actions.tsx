import { Button, Flex } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { canDeleteDraft } from '@daftar/shared/drafts';
import { ActionButton, ConfirmActionDialog, DestructiveActionDialog } from '../../../components/documents/confirm-action-dialog';
import { useUser } from '../../../lib/auth';
import type { RoleFlags } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { segment } from '../../../lib/api-client';
import { useChangeInvoiceStatus } from '../api/change-invoice-status';
import { useConfirmInvoice } from '../api/confirm-invoice';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useDownloadPdf } from '../api/download-pdf';
import { useDuplicateInvoice } from '../api/duplicate-invoice';
import type { Invoice } from '../api/get-invoices';
import { isZeroAmount } from '../../../components/documents/document-amounts';
import { CreateReturnDialog } from './create-return-dialog';
import { SendInvoiceDialog } from './send-invoice-dialog';

const SETTLEABLE = new Set<Invoice['status']>(['confirmed', 'sent', 'partially_paid']);
const POSTED = new Set<Invoice['status']>(['confirmed', 'sent', 'partially_paid', 'paid']);

/** What can be done with the invoice depends on its state and on the person's role (SPEC §6). */
export function InvoiceActions({ organizationId, invoice, role }: { organizationId: string; invoice: Invoice; role: RoleFlags }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmInvoice();
  const remove = useDeleteInvoice();
  const duplicate = useDuplicateInvoice();
  const changeStatus = useChangeInvoiceStatus();
  const download = useDownloadPdf();
  const user = useUser();
  const draft = invoice.status === 'draft';
  const posted = POSTED.has(invoice.status);
  const ids = { organizationId, invoiceId: invoice.id };
  const label = invoice.number ?? t('invoices.draftNumber');

  return (
    <Flex gap="2" wrap="wrap" justify="end">
      {draft && role.isAdmin ? (
        <ConfirmActionDialog
          label={t('invoices.actions.confirm')}
          title={t('invoices.actions.confirmTitle')}
          description={t('invoices.actions.confirmDescription')}
          submitLabel={t('invoices.actions.confirmSubmit')}
          pending={confirm.isPending}
          onConfirm={async (idempotencyKey) => {
            const confirmed = await confirm.mutateAsync({ ...ids, idempotencyKey });
            notify.success(t('invoices.actions.confirmed', { number: confirmed.number }));
          }}
        />
      ) : null}
      {draft && role.isMember ? (
        <Button asChild variant="soft">
          <Link to={`/sales/invoices/${invoice.id}/edit`}>{t('invoices.actions.edit')}</Link>
        </Button>
      ) : null}
      {posted && SETTLEABLE.has(invoice.status) && !isZeroAmount(invoice.balance_due) && role.isMember ? (
        <Button asChild>
          <Link to={`/sales/payments?invoice_id=${segment(invoice.id)}`} state={{ returnTo: `/sales/invoices/${segment(invoice.id)}` }}>{t('invoices.actions.recordPayment')}</Link>
        </Button>
      ) : null}
      {posted && role.isMember ? <SendInvoiceDialog organizationId={organizationId} invoice={invoice} /> : null}
      {/* Every state prints; the server marks a draft DRAFT / مسودة on the page. */}
      <ActionButton
        variant="soft"
        pending={download.isPending}
        onAction={() =>
          download.mutateAsync({
            organizationId,
            path: `/organizations/${segment(organizationId)}/invoices/${segment(invoice.id)}/pdf`,
            fallbackName: `${invoice.number ?? invoice.id}.pdf`,
          })
        }
      >
        {t('invoices.actions.downloadPdf')}
      </ActionButton>
      {posted ? (
        <Button asChild variant="soft">
          <Link to={`/sales/invoices/${invoice.id}/e-invoice`}>{t('invoices.actions.eInvoice')}</Link>
        </Button>
      ) : null}
      {posted && role.isAdmin ? <CreateReturnDialog organizationId={organizationId} invoice={invoice} /> : null}
      {role.isMember ? (
        <ActionButton
          variant="soft"
          pending={duplicate.isPending}
          onAction={async () => {
            const copy = await duplicate.mutateAsync(ids);
            notify.success(t('invoices.actions.duplicated'));
            navigate(`/sales/invoices/${copy.id}/edit`);
          }}
        >
          {t('invoices.actions.duplicate')}
        </ActionButton>
      ) : null}
      {draft && role.isAdmin ? (
        <DestructiveActionDialog
          label={t('invoices.actions.cancelDraft')}
          title={t('invoices.actions.cancelTitle')}
          description={t('invoices.actions.cancelDescription')}
          confirmLabel={t('invoices.actions.cancelSubmit')}
          pending={changeStatus.isPending}
          onConfirm={async () => {
            await changeStatus.mutateAsync({ ...ids, status: 'cancelled' });
            notify.success(t('invoices.actions.cancelled'));
          }}
        />
      ) : null}
      {/* Members edit any draft but delete only their own; the server refuses the rest (shared/src/drafts.ts). */}
      {draft && canDeleteDraft({ role: role.role, userId: user.data?.id, createdBy: invoice.created_by }) ? (
        <DestructiveActionDialog
          label={t('common.delete')}
          title={t('invoices.actions.deleteTitle', { label })}
          description={t('invoices.actions.deleteDescription')}
          confirmLabel={t('common.delete')}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync({ ...ids, version: invoice.version });
            notify.success(t('invoices.actions.deleted'));
            navigate('/sales/invoices');
          }}
        />
      ) : null}
    </Flex>
  );
}
