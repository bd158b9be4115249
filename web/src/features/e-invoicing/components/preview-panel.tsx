import { Callout, Card, Code, DataList, Flex, Heading, Table } from '@radix-ui/themes';
import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatDate, formatNumber } from '../../../lib/format';
import type { EinvoicePreview } from '../api/get-preview';

/**
 * The readable account of the XML the portal would receive. Amounts are shown exactly as written
 * in the XML (up to nine decimals): rounding them to fils here would hide what the portal checks.
 */
export function PreviewPanel({ preview }: { preview: EinvoicePreview }) {
  const { t } = useTranslation();
  const { summary, cross_check: crossCheck } = preview;
  return (
    <Flex direction="column" gap="4">
      {crossCheck.passed ? (
        <Callout.Root color="green" role="status">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>{t('eInvoicing.preview.crossChecksPassed')}</Callout.Text>
        </Callout.Root>
      ) : (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{t('eInvoicing.preview.crossChecksFailed')}</Callout.Text>
          <ul>
            {crossCheck.failures.map((failure, index) => (
              <li key={`${failure.check}-${index}`}>
                <Code>{failure.check}</Code> {failure.line ? `(${t('eInvoicing.preview.line')} ${failure.line}) ` : ''}
                {failure.message}
              </li>
            ))}
          </ul>
        </Callout.Root>
      )}
      {!summary.matches_registered_track ? (
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{t('eInvoicing.preview.trackMismatch')}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3">
        <Heading as="h3" size="3" mb="3">
          {t('eInvoicing.preview.summary')}
        </Heading>
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.preview.documentId')}</DataList.Label>
            <DataList.Value>{summary.id}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.document.uuid')}</DataList.Label>
            <DataList.Value>
              <Code>{summary.uuid}</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.document.icv')}</DataList.Label>
            <DataList.Value>
              {formatNumber(summary.icv)}
              {summary.icv_provisional ? ` (${t('eInvoicing.preview.provisional')})` : ''}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.preview.issueDate')}</DataList.Label>
            <DataList.Value>{formatDate(summary.issue_date)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.document.typeCode')}</DataList.Label>
            <DataList.Value>{`${summary.type_code} / ${summary.type_name}`}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.options.invoiceType')}</DataList.Label>
            <DataList.Value>{t(`taxpayerTracks.${summary.invoice_type}`)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.options.paymentMethod')}</DataList.Label>
            <DataList.Value>{t(`eInvoicing.paymentMethods.${summary.payment_method}`)}</DataList.Value>
          </DataList.Item>
          {summary.business_type ? (
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.options.businessType')}</DataList.Label>
              <DataList.Value>{t(`eInvoicing.businessTypes.${summary.business_type}`)}</DataList.Value>
            </DataList.Item>
          ) : null}
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.preview.seller')}</DataList.Label>
            <DataList.Value>{`${summary.seller.registered_name} · ${t('eInvoicing.settings.sellerTin')} ${summary.seller.tin} · ${t('eInvoicing.settings.incomeSourceSequence')} ${summary.seller.income_source_sequence}`}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>{t('eInvoicing.preview.buyer')}</DataList.Label>
            <DataList.Value>
              {summary.buyer
                ? [summary.buyer.name, `${summary.buyer.id_scheme} ${summary.buyer.id}`, summary.buyer.governorate].filter(Boolean).join(' · ')
                : t('eInvoicing.preview.anonymousBuyer')}
            </DataList.Value>
          </DataList.Item>
          {summary.billing_reference ? (
            <DataList.Item>
              <DataList.Label>{t('eInvoicing.preview.billingReference')}</DataList.Label>
              <DataList.Value>{`${summary.billing_reference.id} · ${summary.billing_reference.original_total} · ${summary.billing_reference.reason}`}</DataList.Value>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Card>
      <div className="table-scroll">
        <Table.Root variant="surface" size="1">
          <TableCaption>{t('eInvoicing.preview.lines')}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>#</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.item')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.quantity')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.unitPrice')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.discount')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.net')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.taxCategory')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.generalTax')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.preview.total')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {summary.lines.map((line) => (
              <Table.Row key={line.line_number}>
                <Table.RowHeaderCell>{line.line_number}</Table.RowHeaderCell>
                <Table.Cell dir="auto">{line.name}</Table.Cell>
                <Table.Cell>{line.quantity}</Table.Cell>
                <Table.Cell>{line.unit_price}</Table.Cell>
                <Table.Cell>{line.discount}</Table.Cell>
                <Table.Cell>{line.net}</Table.Cell>
                <Table.Cell>{line.tax_category ? `${line.tax_category} ${line.tax_rate ?? ''}%` : '—'}</Table.Cell>
                <Table.Cell>{line.general_tax ?? '—'}</Table.Cell>
                <Table.Cell>{line.total}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
      <Table.Root variant="surface" size="1">
        <TableCaption>{t('eInvoicing.preview.totals')}</TableCaption>
        <Table.Body>
          {(
            [
              ['taxExclusive', summary.totals.tax_exclusive],
              ['allowanceTotal', summary.totals.allowance_total],
              ['specialTax', summary.totals.special_tax],
              ['generalTax', summary.totals.general_tax],
              ['taxInclusive', summary.totals.tax_inclusive],
              ['payable', summary.totals.payable],
              ['ledgerTotal', summary.ledger_total],
            ] as const
          ).map(([key, value]) => (
            <Table.Row key={key}>
              <Table.RowHeaderCell>{t(`eInvoicing.preview.totalsLabels.${key}`)}</Table.RowHeaderCell>
              <Table.Cell>{value}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Card size="2">
        <Heading as="h3" size="3" mb="2" id="einvoice-xml-heading">
          {t('eInvoicing.preview.xml')}
        </Heading>
        <pre className="einvoice-xml" aria-labelledby="einvoice-xml-heading" dir="ltr" style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, whiteSpace: 'pre', margin: 0 }}>
          {preview.xml}
        </pre>
      </Card>
    </Flex>
  );
}
