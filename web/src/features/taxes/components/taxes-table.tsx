import { Badge, Button, Flex, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteTax } from '../api/delete-tax';
import type { Tax } from '../api/get-taxes';
import { taxName } from './tax-names';

/** What the tax charges: a percent, or an amount per unit for a fixed special tax. */
function TaxRate({ tax, currency }: { tax: Tax; currency: string }) {
  const { t } = useTranslation();
  if (tax.special_tax_type === 'fixed' && tax.special_tax_amount) return <>{t('taxes.perUnit', { amount: formatMoney(tax.special_tax_amount, currency) })}</>;
  return <>{`${tax.rate}%`}</>;
}

interface TaxesTableProps {
  organizationId: string;
  taxes: readonly Tax[];
  currency: string;
  /** Present for admins. */
  onEdit?: (tax: Tax) => void;
}

export function TaxesTable({ organizationId, taxes, currency, onEdit }: TaxesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const remove = useDeleteTax();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface">
        <TableCaption>{t('taxes.title')}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('taxes.fields.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('taxes.fields.code')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('taxes.fields.category')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('taxes.fields.rate')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('taxes.fields.jofotara')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('taxes.fields.status')}</Table.ColumnHeaderCell>
            {onEdit ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {taxes.map((tax) => {
            const name = taxName(tax, language);
            return (
              <Table.Row key={tax.id}>
                <Table.RowHeaderCell>
                  {name}
                  {tax.description ? (
                    <Text as="div" size="1" color="gray">
                      {tax.description}
                    </Text>
                  ) : null}
                </Table.RowHeaderCell>
                <Table.Cell>
                  <Text dir="ltr">{tax.code ?? '—'}</Text>
                </Table.Cell>
                <Table.Cell>{t(`taxes.categories.${tax.tax_category}`)}</Table.Cell>
                <Table.Cell justify="end">
                  <TaxRate tax={tax} currency={currency} />
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" align="center" wrap="wrap">
                    <Badge color="gray" title={t(`taxes.jofotaraCategories.${tax.jofotara_category}`)}>
                      {tax.jofotara_category}
                    </Badge>
                    {!tax.jofotara_supported ? <Badge color="amber">{t('taxes.notJoFotara')}</Badge> : null}
                  </Flex>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {tax.is_default ? <Badge color="blue">{t('taxes.default')}</Badge> : null}
                    {tax.is_active ? <Badge color="green">{t('taxes.active')}</Badge> : <Badge color="gray">{t('taxes.inactive')}</Badge>}
                  </Flex>
                </Table.Cell>
                {onEdit ? (
                  <Table.Cell>
                    <Flex gap="2">
                      <Button size="1" variant="soft" aria-label={t('taxes.editFor', { name })} onClick={() => onEdit(tax)}>
                        {t('taxes.edit')}
                      </Button>
                      <ConfirmDialog
                        trigger={
                          <Button size="1" variant="soft" color="red" aria-label={t('taxes.deleteFor', { name })}>
                            {t('common.delete')}
                          </Button>
                        }
                        title={t('taxes.deleteTitle', { name })}
                        description={t('taxes.deleteDescription')}
                        confirmLabel={t('common.delete')}
                        pending={remove.isPending}
                        onConfirm={() =>
                          remove.mutate(
                            { organizationId, taxId: tax.id },
                            {
                              // A used tax is deactivated instead: the API's message says so.
                              onSuccess: ({ message }) =>
                                /deactivated/.test(message) ? notify.warning(message) : notify.success(t('taxes.deleted', { name })),
                            },
                          )
                        }
                      />
                    </Flex>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
