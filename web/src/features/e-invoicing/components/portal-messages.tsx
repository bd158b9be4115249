import { Code, Heading, Table } from '@radix-ui/themes';
import type { EinvoicePortalMessage } from '@daftar/shared/schemas/einvoiceSubmission';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';

/** The portal's ERRORS or WARNINGS, its texts exactly as it wrote them (Arabic or English). */
export function PortalMessages({ kind, messages }: { kind: 'errors' | 'warnings'; messages: readonly EinvoicePortalMessage[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  const title = t(kind === 'errors' ? 'eInvoicing.messages.errors' : 'eInvoicing.messages.warnings');
  return (
    <section aria-label={title}>
      <Heading as="h3" size="3" mb="2" color={kind === 'errors' ? 'red' : 'amber'}>
        {title}
      </Heading>
      <div className="table-scroll">
        <Table.Root variant="surface" size="1">
          <TableCaption>{title}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{t('eInvoicing.messages.code')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.messages.category')}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>{t('eInvoicing.messages.message')}</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {messages.map((message, index) => (
              <Table.Row key={`${message.code}-${index}`}>
                <Table.RowHeaderCell>
                  <Code>{message.code}</Code>
                </Table.RowHeaderCell>
                <Table.Cell>{message.category}</Table.Cell>
                <Table.Cell dir="auto">{message.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
    </section>
  );
}
