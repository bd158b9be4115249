import { Button, Card, Flex, Link as RadixLink, Tabs, Text } from '@radix-ui/themes';
import { EINVOICE_RESUBMITTABLE_STATES, type EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';
import type { EinvoicingRequiredField } from '@daftar/shared/schemas/einvoicing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { useOrganizationRole } from '../../../lib/authorization';
import { notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useDocumentNumber } from '../api/get-document-number';
import { useEinvoicingSettings } from '../api/get-einvoicing-settings';
import { usePreview } from '../api/get-preview';
import { useSubmission, type EinvoiceSubmission } from '../api/get-submission';
import { useSubmitDocument } from '../api/submit-document';
import { PreviewPanel } from '../components/preview-panel';
import { SubmissionDetails } from '../components/submission-details';
import { MissingSettings } from '../components/missing-settings';
import { chosenOptions, DEFAULT_OPTIONS, SubmissionOptions, type OptionValues } from '../components/submission-options';
import { SubmissionStateBadge } from '../components/submission-state-badge';

/** Preview builds the XML without sending it: the credentials are not needed for it. */
const CREDENTIALS: readonly EinvoicingRequiredField[] = ['client_id', 'secret_key'];

function SubmitCard({
  organizationId,
  documentType,
  documentId,
  number,
  submission,
  options,
  onOptionsChange,
  registeredTrack,
  missing,
}: {
  organizationId: string;
  documentType: EinvoiceDocumentType;
  documentId: string;
  number: string;
  submission: EinvoiceSubmission;
  options: OptionValues;
  onOptionsChange: (values: OptionValues) => void;
  registeredTrack: string | null;
  /** What the e-invoicing settings still lack: nothing can be sent until it is set. */
  missing: readonly EinvoicingRequiredField[];
}) {
  const { t } = useTranslation();
  const submit = useSubmitDocument();
  const again = EINVOICE_RESUBMITTABLE_STATES.includes(submission.state as (typeof EINVOICE_RESUBMITTABLE_STATES)[number]);
  const label = t(again ? 'eInvoicing.document.resubmit' : 'eInvoicing.document.submit');
  const send = () =>
    submit.mutate(
      { organizationId, documentType, documentId, options: again ? {} : chosenOptions(options) },
      { onSuccess: () => notify.success(t('eInvoicing.document.queued')) },
    );
  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Text size="2" color="gray">
          {t(documentType === 'invoice' ? 'eInvoicing.document.submitIntro' : 'eInvoicing.document.submitReturnIntro')}
        </Text>
        {/* A resubmission keeps the UUID and counter, and so the type it was first sent with. */}
        {documentType === 'invoice' && !again ? (
          <SubmissionOptions values={options} onChange={onOptionsChange} registeredTrack={registeredTrack} disabled={submit.isPending} />
        ) : null}
        <MissingSettings fields={missing} intro={t('eInvoicingGuide.missingBeforeSubmit')} />
        <Flex justify="end">
          {missing.length ? (
            <Button disabled>{label}</Button>
          ) : (
            // Accepted by JoFotara, a document can no longer change: the person confirms first.
            <ConfirmDialog
              trigger={<Button loading={submit.isPending}>{label}</Button>}
              title={t(documentType === 'invoice' ? 'eInvoicingGuide.confirm.invoiceTitle' : 'eInvoicingGuide.confirm.returnTitle', { number })}
              description={t(documentType === 'invoice' ? 'eInvoicingGuide.confirm.invoiceDescription' : 'eInvoicingGuide.confirm.returnDescription', { number })}
              confirmLabel={label}
              pending={submit.isPending}
              onConfirm={send}
            />
          )}
        </Flex>
      </Flex>
    </Card>
  );
}

function DocumentEinvoicePage({ documentType, documentId }: { documentType: EinvoiceDocumentType; documentId: string }) {
  const { t } = useTranslation();
  const { organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const submission = useSubmission(org, documentType, documentId);
  // The settings say what is still missing (codes, shown in the reader's language), for returns too.
  const settings = useEinvoicingSettings(org);
  const missing = settings.data?.missing_fields ?? [];
  const missingForPreview = missing.filter((field) => !CREDENTIALS.includes(field));
  const [tab, setTab] = useState('submission');
  const [options, setOptions] = useState<OptionValues>(DEFAULT_OPTIONS);
  const preview = usePreview(org, documentType, documentId, chosenOptions(options), tab === 'preview' && settings.isSuccess && missingForPreview.length === 0);
  const fallbackNumber = useDocumentNumber(org, documentType, documentId, submission.isSuccess && !submission.data.document_number);

  if (!organizationId || submission.isPending) return <Loading />;
  if (submission.isError) return <QueryError error={submission.error} onRetry={() => void submission.refetch()} />;
  const current = submission.data;
  const number = current.document_number ?? fallbackNumber.data ?? '';
  const documentUrl = documentType === 'invoice' ? `/sales/invoices/${documentId}` : `/sales/returns/${documentId}`;

  return (
    <Flex direction="column" gap="4">
      <RadixLink asChild size="2">
        <Link to={documentUrl}>{t(documentType === 'invoice' ? 'eInvoicing.document.backToInvoice' : 'eInvoicing.document.backToReturn', { number })}</Link>
      </RadixLink>
      <PageHeader
        title={t(documentType === 'invoice' ? 'eInvoicing.document.invoiceTitle' : 'eInvoicing.document.returnTitle', { number })}
        description={
          <Flex as="span" gap="2" align="center">
            <span>{t('eInvoicing.document.state')}</span>
            <span role="status" aria-live="polite">
              <SubmissionStateBadge state={current.state} />
            </span>
          </Flex>
        }
      />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List>
          <Tabs.Trigger value="submission">{t('eInvoicing.document.submissionTab')}</Tabs.Trigger>
          <Tabs.Trigger value="preview">{t('eInvoicing.document.previewTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="submission">
          <Flex direction="column" gap="4" pt="4">
            {current.can_submit && !role.isLoading ? (
              role.isAdmin ? (
                <SubmitCard
                  organizationId={organizationId}
                  documentType={documentType}
                  documentId={documentId}
                  number={number}
                  submission={current}
                  options={options}
                  onOptionsChange={setOptions}
                  registeredTrack={settings.data?.taxpayer_track ?? null}
                  missing={missing}
                />
              ) : (
                <Notice>{t('eInvoicing.document.adminSubmits')}</Notice>
              )
            ) : null}
            <SubmissionDetails submission={current} />
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="preview">
          <Flex direction="column" gap="4" pt="4">
            {documentType === 'invoice' && current.state === 'not_submitted' ? (
              <SubmissionOptions values={options} onChange={setOptions} registeredTrack={settings.data?.taxpayer_track ?? null} />
            ) : null}
            <MissingSettings fields={missingForPreview} intro={t('eInvoicingGuide.missingBeforePreview')} />
            {settings.isError ? <QueryError error={settings.error} onRetry={() => void settings.refetch()} /> : null}
            {missingForPreview.length === 0 && preview.isPending && !settings.isError ? <Loading /> : null}
            {preview.isError ? <QueryError error={preview.error} onRetry={() => void preview.refetch()} /> : null}
            {preview.data ? <PreviewPanel preview={preview.data} /> : null}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}

export function InvoiceEinvoiceRoute() {
  const { invoiceId = '' } = useParams();
  return <DocumentEinvoicePage key={invoiceId} documentType="invoice" documentId={invoiceId} />;
}

export function ReturnEinvoiceRoute() {
  const { returnId = '' } = useParams();
  return <DocumentEinvoicePage key={returnId} documentType="return" documentId={returnId} />;
}
