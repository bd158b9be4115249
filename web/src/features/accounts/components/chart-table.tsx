import { Badge, Button, Flex, Link as RadixLink, Table, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { AccountNode } from '../api/get-chart';
import { accountName, otherName } from './account-names';
import type { AccountRow } from './account-tree';

export interface ChartRowActions {
  onEdit: (account: AccountNode) => void;
  onAddChild: (account: AccountNode) => void;
  onToggleActive: (account: AccountNode) => void;
  onDelete: (account: AccountNode) => void;
  /** The account whose activation is being changed right now. */
  togglingId?: string | null;
}

interface ChartTableProps {
  caption: string;
  rows: readonly AccountRow[];
  currency: string;
  /** Present for admins: the chart can be changed. */
  actions?: ChartRowActions;
}

/** One type's accounts as an indented tree: code, names, subtype, balance, state. */
export function ChartTable({ caption, rows, currency, actions }: ChartTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className="table-scroll">
      <Table.Root variant="surface" size="1">
        <TableCaption>{caption}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('accounts.fields.code')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts.fields.name')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts.fields.subtype')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">{t('accounts.fields.balance')}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{t('accounts.fields.status')}</Table.ColumnHeaderCell>
            {actions ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(({ account, depth, context }) => {
            const name = accountName(account, language);
            const other = otherName(account, language);
            const label = `${account.code} ${name}`;
            return (
              <Table.Row key={account.id} style={context ? { opacity: 0.6 } : undefined}>
                <Table.Cell>
                  <Text dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {account.code}
                  </Text>
                </Table.Cell>
                <Table.RowHeaderCell style={{ paddingInlineStart: `calc(var(--space-3) + ${depth * 1.5}rem)` }}>
                  <Flex direction="column">
                    <RadixLink asChild weight={depth === 0 ? 'bold' : 'regular'}>
                      <Link to={`/accounting/accounts/${account.id}`}>{name}</Link>
                    </RadixLink>
                    {other ? (
                      <Text size="1" color="gray" lang={other.lang} dir={other.lang === 'ar' ? 'rtl' : 'ltr'}>
                        {other.text}
                      </Text>
                    ) : null}
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>{t(`accounts.subtypes.${account.subtype}`, { defaultValue: account.subtype })}</Table.Cell>
                <Table.Cell justify="end" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(account.balance, account.currency || currency)}
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {account.is_system ? (
                      <Badge color="gray" title={t('accounts.systemHint')}>
                        {t('accounts.system')}
                      </Badge>
                    ) : null}
                    {!account.is_active ? <Badge color="amber">{t('accounts.inactive')}</Badge> : null}
                  </Flex>
                </Table.Cell>
                {actions ? (
                  <Table.Cell>
                    <Flex gap="2" wrap="wrap">
                      <Button size="1" variant="soft" aria-label={t('accounts.actions.editFor', { account: label })} onClick={() => actions.onEdit(account)}>
                        {t('accounts.actions.edit')}
                      </Button>
                      {account.is_active ? (
                        <Button size="1" variant="soft" aria-label={t('accounts.actions.addChildFor', { account: label })} onClick={() => actions.onAddChild(account)}>
                          {t('accounts.actions.addChild')}
                        </Button>
                      ) : null}
                      {!account.is_system ? (
                        <Button
                          size="1"
                          variant="soft"
                          color={account.is_active ? 'amber' : 'green'}
                          aria-label={t(account.is_active ? 'accounts.actions.deactivateFor' : 'accounts.actions.activateFor', { account: label })}
                          loading={actions.togglingId === account.id}
                          onClick={() => actions.onToggleActive(account)}
                        >
                          {account.is_active ? t('accounts.actions.deactivate') : t('accounts.actions.activate')}
                        </Button>
                      ) : null}
                      {!account.is_system ? (
                        <Button size="1" variant="soft" color="red" aria-label={t('accounts.actions.deleteFor', { account: label })} onClick={() => actions.onDelete(account)}>
                          {t('common.delete')}
                        </Button>
                      ) : null}
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
