import { Badge, Button, Callout, Card, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { TableCaption } from '../../../components/document-lines-editor';
import { SectionHeading } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useTestEinvoicingConnection } from '../api/test-einvoicing-connection';

const STATUS_COLORS = { pass: 'green', fail: 'red', skipped: 'gray' } as const;

/** The local checks and the portal reachability probe; the portal itself cannot verify credentials without an invoice. */
export function ConnectionTest({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const test = useTestEinvoicingConnection();
  const result = test.data;
  return (
    <Card size="3">
      <SectionHeading>{t('eInvoicing.connection.title')}</SectionHeading>
      <Flex direction="column" gap="4">
        <Text size="2" color="gray">
          {t('eInvoicing.connection.intro')}
        </Text>
        <Flex>
          <Button variant="soft" loading={test.isPending} onClick={() => test.mutate({ organizationId })}>
            {t('eInvoicing.connection.run')}
          </Button>
        </Flex>
        {result ? (
          <Flex direction="column" gap="3" role="region" aria-label={t('eInvoicing.connection.result')}>
            <Callout.Root color={result.ok ? 'green' : 'red'} role="status">
              <Callout.Text>
                <Text weight="bold">{t(result.ok ? 'eInvoicing.connection.passed' : 'eInvoicing.connection.failed')}</Text> {t('eInvoicing.connection.notVerified')}
              </Callout.Text>
            </Callout.Root>
            <Text size="1" color="gray">
              {`${result.portal_url} · ${formatDateTime(result.checked_at)}`}
            </Text>
            <Table.Root variant="surface" size="1">
              <TableCaption>{t('eInvoicing.connection.checks')}</TableCaption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>{t('eInvoicing.connection.check')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('eInvoicing.connection.status')}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>{t('eInvoicing.connection.detail')}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.checks.map((check) => (
                  <Table.Row key={check.name}>
                    <Table.RowHeaderCell>{t(`eInvoicing.connection.checkNames.${check.name}`)}</Table.RowHeaderCell>
                    <Table.Cell>
                      <Badge color={STATUS_COLORS[check.status]}>{t(`eInvoicing.connection.statuses.${check.status}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell dir="auto">{check.detail}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
