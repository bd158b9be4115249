import { Callout, Card, Code, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../../lib/format';
import type { EinvoiceSubmission } from '../api/get-submission';
import { PortalMessages } from './portal-messages';
import { QrCodeImage } from './qr-code-image';

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));
const when = (value: string | null) => (value ? formatDateTime(value) : '—');

/** What the state means for the person reading it, and what to do next. */
function StateExplanation({ submission }: { submission: EinvoiceSubmission }) {
  const { t } = useTranslation();
  const { state } = submission;
  const color = state === 'submitted' ? 'green' : state === 'rejected' || state === 'failed' ? 'red' : state === 'credentials_invalid' ? 'amber' : 'blue';
  const Icon = color === 'red' || color === 'amber' ? ExclamationTriangleIcon : InfoCircledIcon;
  return (
    <Callout.Root color={color} role={color === 'red' || color === 'amber' ? 'alert' : 'status'}>
      <Callout.Icon>
        <Icon />
      </Callout.Icon>
      <Callout.Text>
        {t(`eInvoicing.explanations.${state}`)}
        {state === 'credentials_invalid' ? (
          <>
            {' '}
            <Link to="/settings/e-invoicing">{t('eInvoicing.document.openSettings')}</Link>
          </>
        ) : null}
      </Callout.Text>
    </Callout.Root>
  );
}

export function SubmissionDetails({ submission }: { submission: EinvoiceSubmission }) {
  const { t } = useTranslation();
  const accepted = submission.state === 'submitted';
  return (
    <Flex direction="column" gap="4">
      <StateExplanation submission={submission} />
      {accepted && submission.qr ? (
        <Card size="3">
          <Flex gap="5" wrap="wrap" align="center">
            <QrCodeImage value={submission.qr} label={t('eInvoicing.document.qrLabel', { number: submission.document_number ?? '' })} />
            <DataList.Root>
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.document.einvNumber')}</DataList.Label>
                <DataList.Value>
                  <Code>{dash(submission.einv_num)}</Code>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.document.einvUuid')}</DataList.Label>
                <DataList.Value>
                  <Code>{dash(submission.einv_inv_uuid)}</Code>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.document.submittedAt')}</DataList.Label>
                <DataList.Value>{when(submission.submitted_at)}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          </Flex>
        </Card>
      ) : null}
      {submission.last_error && !accepted ? (
        <Callout.Root color="red" variant="surface">
          <Callout.Text>
            <Text weight="medium">{t('eInvoicing.document.lastError')}:</Text> <span dir="auto">{submission.last_error}</span>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <PortalMessages kind="errors" messages={submission.errors} />
      <PortalMessages kind="warnings" messages={submission.warnings} />
      {submission.state !== 'not_submitted' ? (
        <Card size="3">
          <Heading as="h3" size="3" mb="3">
            {t('eInvoicing.document.details')}
          </Heading>
          <DataList.Root>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.uuid')}</DataList.Label>
              <DataList.Value>
                <Code>{dash(submission.uuid)}</Code>
              </DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.icv')}</DataList.Label>
              <DataList.Value>{submission.icv === null ? '—' : formatNumber(submission.icv)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.typeCode')}</DataList.Label>
              <DataList.Value>{submission.type_code ? `${submission.type_code} / ${dash(submission.type_name)}` : '—'}</DataList.Value>
            </DataList.Item>
            {submission.invoice_type ? (
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.options.invoiceType')}</DataList.Label>
                <DataList.Value>{t(`taxpayerTracks.${submission.invoice_type}`)}</DataList.Value>
              </DataList.Item>
            ) : null}
            {submission.payment_method ? (
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.options.paymentMethod')}</DataList.Label>
                <DataList.Value>{t(`eInvoicing.paymentMethods.${submission.payment_method}`)}</DataList.Value>
              </DataList.Item>
            ) : null}
            {submission.business_type ? (
              <DataList.Item>
                <DataList.Label>{t('eInvoicing.options.businessType')}</DataList.Label>
                <DataList.Value>{t(`eInvoicing.businessTypes.${submission.business_type}`)}</DataList.Value>
              </DataList.Item>
            ) : null}
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.payableAmount')}</DataList.Label>
              <DataList.Value>{dash(submission.payable_amount)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.attempts')}</DataList.Label>
              <DataList.Value>{formatNumber(submission.attempts)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.queuedAt')}</DataList.Label>
              <DataList.Value>{when(submission.queued_at)}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.document.lastAttemptAt')}</DataList.Label>
              <DataList.Value>{when(submission.last_attempt_at)}</DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Card>
      ) : null}
    </Flex>
  );
}
