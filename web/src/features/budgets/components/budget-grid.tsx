import { Button, Flex, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { budgetLineUpdate } from '@daftar/shared/schemas/budgets';
import type { Money } from '@daftar/shared/money';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton, ActionDialog } from '../../../components/documents/confirm-action-dialog';
import { TableCaption } from '../../../components/document-lines-editor';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notify } from '../../../lib/notify';
import { useDeleteBudgetLine } from '../api/delete-budget-line';
import type { Budget, BudgetLine } from '../api/get-budget';
import { useUpdateBudgetLine } from '../api/update-budget-line';
import { amountText, cellAmount, gridTotals, monthLabel, sumOf } from './figures';
import { budgetIssueMessage, budgetServerMessage } from './messages';
import { serverIssues, translateIssue } from '../../../lib/form-errors';

const TYPE_ORDER = { income: 0, expense: 1 } as const;

/** Income lines first, then expense lines, each by account code. */
export const orderedLines = (lines: readonly BudgetLine[]) =>
  [...lines].sort((a, b) => TYPE_ORDER[a.account_type] - TYPE_ORDER[b.account_type] || a.account_code.localeCompare(b.account_code));

const sameAmounts = (typed: readonly string[], saved: readonly string[], currency: string) =>
  typed.every((text, m) => {
    const a = cellAmount(text, currency);
    const b = cellAmount(saved[m] ?? '', currency);
    return !!a && !!b && a.amount === b.amount;
  });

/**
 * The budget's lines as a grid: one row per account, one column per fiscal month, with the row's
 * total and the income, expense and net totals under it. Amounts are typed as decimal text and
 * added up here in minor units as they are typed; a changed row is saved (or put back) on its own.
 */
export function BudgetGrid({ organizationId, budget, editable }: { organizationId: string; budget: Budget; editable: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const currency = budget.currency;
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const update = useUpdateBudgetLine();
  const remove = useDeleteBudgetLine();
  const lines = useMemo(() => orderedLines(budget.lines), [budget.lines]);
  const months = budget.months.map((m) => monthLabel(m, language));
  const valuesOf = (line: BudgetLine) => drafts[line.id] ?? line.amounts;
  const totals = gridTotals(
    lines.map((line) => ({ accountType: line.account_type, values: valuesOf(line) })),
    budget.months.length,
    currency,
  );
  const show = (money: Money | null) => (money ? formatMoney(amountText(money), currency) : '—');
  const accountOf = (line: BudgetLine) => `${line.account_code} ${line.account_name}`;

  const setCell = (line: BudgetLine, month: number, text: string) =>
    setDrafts((all) => {
      const values = [...(all[line.id] ?? line.amounts)];
      values[month] = text;
      return { ...all, [line.id]: values };
    });

  const discard = (lineId: string) => {
    setDrafts(({ [lineId]: _dropped, ...rest }) => rest);
    setRowErrors(({ [lineId]: _dropped, ...rest }) => rest);
  };

  const save = async (line: BudgetLine) => {
    const values = valuesOf(line);
    if (values.some((text) => !cellAmount(text, currency))) {
      return setRowErrors((all) => ({ ...all, [line.id]: t('budgets.grid.invalidAmounts', { account: accountOf(line) }) }));
    }
    const parsed = budgetLineUpdate.safeParse({ amounts: values.map((text) => text.trim() || '0') });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const text = issue ? (budgetIssueMessage({ path: issue.path.join('.'), code: issue.code }) ?? translateIssue(issue)) : t('errors.generic');
      return setRowErrors((all) => ({ ...all, [line.id]: text }));
    }
    setRowErrors(({ [line.id]: _dropped, ...rest }) => rest);
    try {
      await update.mutateAsync({ organizationId, budgetId: budget.id, lineId: line.id, data: parsed.data });
    } catch (error) {
      // A refusal of this row (by its status: 422 by the issue's place and type, 409 as the server says it) stays on the row.
      const text = budgetServerMessage(serverIssues(error)) ?? (error instanceof ApiError && error.status === 409 ? errorMessage(error) : null);
      if (text) setRowErrors((all) => ({ ...all, [line.id]: text }));
      else notify.error(errorMessage(error));
      return;
    }
    discard(line.id);
    notify.success(t('budgets.grid.saved', { account: accountOf(line) }));
  };

  const totalRow = (label: string, figures: (Money | null)[], total: Money | null) => (
    <Table.Row>
      <Table.RowHeaderCell>
        <Text weight="bold">{label}</Text>
      </Table.RowHeaderCell>
      {figures.map((figure, m) => (
        <Table.Cell key={budget.months[m]} justify="end">
          <Text weight="bold">{show(figure)}</Text>
        </Table.Cell>
      ))}
      <Table.Cell justify="end">
        <Text weight="bold">{show(total)}</Text>
      </Table.Cell>
      {editable ? <Table.Cell /> : null}
    </Table.Row>
  );

  return (
    <div className="table-scroll">
      <Table.Root size="1" variant="surface">
        <TableCaption>{t('budgets.grid.caption', { name: budget.name })}</TableCaption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{t('budgets.grid.account')}</Table.ColumnHeaderCell>
            {months.map((label, m) => (
              <Table.ColumnHeaderCell key={budget.months[m]} justify="end">
                {label}
              </Table.ColumnHeaderCell>
            ))}
            <Table.ColumnHeaderCell justify="end">{t('budgets.grid.total')}</Table.ColumnHeaderCell>
            {editable ? <Table.ColumnHeaderCell>{t('common.actions')}</Table.ColumnHeaderCell> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => {
            const values = valuesOf(line);
            const amounts = values.map((text) => cellAmount(text, currency));
            const dirty = !!drafts[line.id] && !sameAmounts(values, line.amounts, currency);
            const account = accountOf(line);
            return (
              <Table.Row key={line.id}>
                <Table.RowHeaderCell style={{ minWidth: 180 }}>
                  <Text as="div">{account}</Text>
                  <Text as="div" size="1" color="gray">
                    {t(`budgets.accountTypes.${line.account_type}`)}
                  </Text>
                  {rowErrors[line.id] ? (
                    <Text as="div" size="1" color="red" role="alert">
                      {rowErrors[line.id]}
                    </Text>
                  ) : null}
                </Table.RowHeaderCell>
                {values.map((text, m) => (
                  <Table.Cell key={budget.months[m]} justify="end">
                    {editable ? (
                      <TextField.Root
                        size="1"
                        inputMode="decimal"
                        aria-label={t('budgets.grid.cell', { account, month: months[m] })}
                        aria-invalid={amounts[m] ? undefined : true}
                        color={amounts[m] ? undefined : 'red'}
                        value={text}
                        onChange={(e) => setCell(line, m, e.target.value)}
                        style={{ minWidth: 96, textAlign: 'end' }}
                      />
                    ) : (
                      formatMoney(text, currency)
                    )}
                  </Table.Cell>
                ))}
                <Table.Cell justify="end" aria-label={t('budgets.grid.rowTotal', { account })}>
                  <Text weight="medium">{show(sumOf(amounts, currency))}</Text>
                </Table.Cell>
                {editable ? (
                  <Table.Cell>
                    <Flex gap="2" align="center">
                      {dirty ? (
                        <>
                          <ActionButton size="1" aria-label={t('budgets.grid.saveFor', { account })} pending={update.isPending && update.variables?.lineId === line.id} onAction={() => save(line)}>
                            {t('common.save')}
                          </ActionButton>
                          <Button size="1" variant="soft" color="gray" aria-label={t('budgets.grid.discardFor', { account })} onClick={() => discard(line.id)}>
                            {t('budgets.grid.discard')}
                          </Button>
                        </>
                      ) : null}
                      <ActionDialog
                        trigger={
                          <IconButton size="1" variant="soft" color="red" aria-label={t('budgets.grid.removeFor', { account })}>
                            <Cross2Icon />
                          </IconButton>
                        }
                        title={t('budgets.grid.removeFor', { account })}
                        description={t('budgets.grid.removeDescription')}
                        confirmLabel={t('common.remove')}
                        color="red"
                        pending={remove.isPending && remove.variables?.lineId === line.id}
                        onConfirm={async () => {
                          await remove.mutateAsync({ organizationId, budgetId: budget.id, lineId: line.id });
                          discard(line.id);
                          notify.success(t('budgets.grid.removed', { account }));
                        }}
                      />
                    </Flex>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            );
          })}
          {totalRow(t('budgets.totals.income'), totals.income, totals.incomeTotal)}
          {totalRow(t('budgets.totals.expense'), totals.expense, totals.expenseTotal)}
          {totalRow(t('budgets.totals.net'), totals.net, totals.netTotal)}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
