import { Button, Dialog, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { invoiceReturnCreate } from '@daftar/shared/schemas/invoiceReturns';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorsFromIssues, errorsFromValidationDetail, TableCaption, type DocumentErrors } from '../../../components/document-lines-editor';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { TextAreaInput, TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyError } from '../../../lib/notify';
import { translateValidationMessage } from '../../../lib/validation';
import { useCreateReturn } from '../api/create-return';
import type { Invoice } from '../api/get-invoices';
import { useInvoiceReturns } from '../api/get-returns';
import { quantityText, quantityUnits } from '../../../components/documents/document-amounts';
import { today } from '../../../components/documents/dates';

interface Returnable {
  lineId: string;
  description: string;
  sold: bigint;
  returned: bigint;
  left: bigint;
}

/**
 * A credit note for part or all of a confirmed invoice. Each line can give back at most what was
 * sold less what earlier credit notes took back; the server checks the same in its transaction.
 */
export function CreateReturnDialog({ organizationId, invoice }: { organizationId: string; invoice: Invoice }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [issueDate, setIssueDate] = useState(today);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<DocumentErrors>({});
  const previous = useInvoiceReturns(organizationId, invoice.id, open);
  const create = useCreateReturn();

  const lines = useMemo((): Returnable[] | null => {
    if (!previous.data) return null;
    const returned = new Map<string, bigint>();
    for (const credit of previous.data.data) {
      for (const line of credit.lines) returned.set(line.line_id, (returned.get(line.line_id) ?? 0n) + (quantityUnits(line.quantity) ?? 0n));
    }
    return invoice.lines.map((line) => {
      const sold = quantityUnits(line.quantity) ?? 0n;
      const back = returned.get(line.id) ?? 0n;
      return { lineId: line.id, description: line.description, sold, returned: back, left: sold > back ? sold - back : 0n };
    });
  }, [previous.data, invoice.lines]);
  const anythingLeft = lines?.some((line) => line.left > 0n) ?? false;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setQuantities({});
      setIssueDate(today());
      setReason('');
      setErrors({});
    }
  };

  const translate = (message: string, path: string) => {
    if (path === 'reason') return t('invoices.return.reasonRequired');
    if (path === 'lines') return t('invoices.return.nothingChosen');
    if (path === 'issue_date') return t('invoices.errors.issueDate');
    return translateValidationMessage(message);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!lines) return;
    const next: DocumentErrors = {};
    const chosen: { line_id: string; quantity: string }[] = [];
    for (const line of lines) {
      const text = (quantities[line.lineId] ?? '').trim();
      if (!text) continue;
      const units = quantityUnits(text);
      if (units === null || units < 0n) next[`line.${line.lineId}`] = t('invoices.return.invalidQuantity');
      else if (units > line.left) next[`line.${line.lineId}`] = t('invoices.return.tooMany', { max: quantityText(line.left) });
      else if (units > 0n) chosen.push({ line_id: line.lineId, quantity: quantityText(units) });
    }
    const parsed = invoiceReturnCreate.safeParse({ issue_date: issueDate, reason, lines: chosen });
    if (!parsed.success) Object.assign(next, { ...errorsFromIssues(parsed.error.issues, translate), ...next });
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    create.mutate(
      { organizationId, invoiceId: invoice.id, data: parsed.data },
      {
        onSuccess: (credit) => {
          notify.success(t('invoices.return.created', { number: credit.number }));
          onOpenChange(false);
          navigate(`/sales/returns/${credit.id}`);
        },
        onError: (error) => {
          const fieldErrors = error instanceof ApiError && error.status === 422 ? errorsFromValidationDetail(error.body, translate) : null;
          if (fieldErrors) setErrors(fieldErrors);
          else notifyError(error);
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger>
        <Button variant="soft">{t('invoices.return.open')}</Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="720px">
        <Dialog.Title>{t('invoices.return.title', { number: invoice.number ?? '' })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('invoices.return.description')}
        </Dialog.Description>
        {previous.isPending ? <Loading /> : null}
        {previous.isError ? <QueryError error={previous.error} onRetry={() => void previous.refetch()} /> : null}
        {lines && !anythingLeft ? <Notice color="gray">{t('invoices.return.allReturned')}</Notice> : null}
        {lines && anythingLeft ? (
          <form onSubmit={onSubmit} noValidate>
            <Flex direction="column" gap="4">
              <div className="table-scroll">
                <Table.Root size="1" variant="surface">
                  <TableCaption>{t('invoices.return.linesCaption')}</TableCaption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>{t('invoices.lines.description')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('invoices.return.sold')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('invoices.return.alreadyReturned')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('invoices.return.returnable')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>{t('invoices.return.quantity')}</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {lines.map((line, index) => {
                      const error = errors[`line.${line.lineId}`];
                      const errorId = `return-${line.lineId}-error`;
                      return (
                        <Table.Row key={line.lineId}>
                          <Table.RowHeaderCell>{line.description}</Table.RowHeaderCell>
                          <Table.Cell justify="end">{quantityText(line.sold)}</Table.Cell>
                          <Table.Cell justify="end">{quantityText(line.returned)}</Table.Cell>
                          <Table.Cell justify="end">{quantityText(line.left)}</Table.Cell>
                          <Table.Cell>
                            <TextField.Root
                              size="1"
                              inputMode="decimal"
                              dir="ltr"
                              placeholder="0"
                              aria-label={t('invoices.return.quantityOfLine', { line: index + 1 })}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? errorId : undefined}
                              disabled={line.left === 0n}
                              value={quantities[line.lineId] ?? ''}
                              onChange={(e) => setQuantities({ ...quantities, [line.lineId]: e.target.value })}
                            />
                            {error ? (
                              <Text id={errorId} size="1" color="red" role="alert">
                                {error}
                              </Text>
                            ) : null}
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </div>
              <Flex>
                <Button
                  type="button"
                  size="1"
                  variant="ghost"
                  onClick={() => setQuantities(Object.fromEntries(lines.map((line) => [line.lineId, line.left > 0n ? quantityText(line.left) : ''])))}
                >
                  {t('invoices.return.returnAll')}
                </Button>
              </Flex>
              {errors.lines ? (
                <Text size="1" color="red" role="alert">
                  {errors.lines}
                </Text>
              ) : null}
              <TextInput label={t('invoices.return.issueDate')} type="date" value={issueDate} error={errors.issue_date} onChange={(e) => setIssueDate(e.target.value)} />
              <TextAreaInput label={t('invoices.return.reason')} value={reason} error={errors.reason} onChange={(e) => setReason(e.target.value)} />
              <Flex gap="3" justify="end">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    {t('common.cancel')}
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={create.isPending}>
                  {t('invoices.return.submit')}
                </Button>
              </Flex>
            </Flex>
          </form>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
