import { Button, Card, Flex, Link as RadixLink, Tabs, Text } from '@radix-ui/themes';
import { EINVOICE_RESUBMITTABLE_STATES, type EinvoiceDocumentType } from '@daftar/shared/schemas/einvoiceSubmission';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
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
import { chosenOptions, DEFAULT_OPTIONS, SubmissionOptions, type OptionValues } from '../components/submission-options';
import { SubmissionStateBadge } from '../components/submission-state-badge';

function SubmitCard({
  organizationId,
  documentType,
  documentId,
  submission,
  options,
  onOptionsChange,
  registeredTrack,
}: {
  organizationId: string;
  documentType: EinvoiceDocumentType;
  documentId: string;
  submission: EinvoiceSubmission;
  options: OptionValues;
  onOptionsChange: (values: OptionValues) => void;
  registeredTrack: string | null;
}) {
  const { t } = useTranslation();
  const submit = useSubmitDocument();
  const again = EINVOICE_RESUBMITTABLE_STATES.includes(submission.state as (typeof EINVOICE_RESUBMITTABLE_STATES)[number]);
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
        <Flex justify="end">
          <Button
            loading={submit.isPending}
            onClick={() =>
              submit.mutate(
                { organizationId, documentType, documentId, options: again ? {} : chosenOptions(options) },
                { onSuccess: () => notify.success(t('eInvoicing.document.queued')) },
              )
            }
          >
            {t(again ? 'eInvoicing.document.resubmit' : 'eInvoicing.document.submit')}
          </Button>
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
  const settings = useEinvoicingSettings(org, documentType === 'invoice');
  const [tab, setTab] = useState('submission');
  const [options, setOptions] = useState<OptionValues>(DEFAULT_OPTIONS);
  const preview = usePreview(org, documentType, documentId, chosenOptions(options), tab === 'preview');
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
                  submission={current}
                  options={options}
                  onOptionsChange={setOptions}
                  registeredTrack={settings.data?.taxpayer_track ?? null}
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
            {preview.isPending ? <Loading /> : null}
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
