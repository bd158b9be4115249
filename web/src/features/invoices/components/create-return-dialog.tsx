import { Button, Dialog, Flex, Table, Text, TextField } from '@radix-ui/themes';
import { invoiceReturnCreate } from '@daftar/shared/schemas/invoiceReturns';
import { useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { TableCaption } from '../../../components/document-lines-editor';
import { Loading, Notice, QueryError } from '../../../components/feedback';
import { FormTextAreaInput, FormTextInput } from '../../../components/fields';
import { reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema, type FormIssue } from '../../../lib/form-schema';
import { flattenErrors, useZodForm } from '../../../lib/forms';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { useCreateReturn } from '../api/create-return';
import type { Invoice } from '../api/get-invoices';
import { useInvoiceReturns } from '../api/get-returns';
import { quantityText, quantityUnits } from '../../../components/documents/document-amounts';
import { today } from '../../../components/documents/dates';

interface Values {
  /** Per invoice line id, the quantity typed (one value of the form: the table's inputs show it). */
  quantities: Record<string, string>;
  issue_date: string;
  reason: string;
}

const emptyForm = (): Values => ({ quantities: {}, issue_date: today(), reason: '' });

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
  const previous = useInvoiceReturns(organizationId, invoice.id, open);
  const create = useCreateReturn();
  // One per opening: a double click or a retry after a lost answer posts one credit note.
  const idempotencyKey = useRef(newIdempotencyKey());

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

  // The lines chosen (a quantity above zero), in the invoice's order, as the request names them.
  const chosenOf = (quantities: Values['quantities']) =>
    (lines ?? []).flatMap((line) => {
      const units = quantityUnits((quantities[line.lineId] ?? '').trim());
      return units !== null && units > 0n && units <= line.left ? [{ line_id: line.lineId, quantity: quantityText(units) }] : [];
    });

  // Each line gives back at most what is left of it: checked here, as the server does.
  const schema = useMemo(
    () =>
      payloadSchema(
        invoiceReturnCreate,
        (values: Values) => ({ issue_date: values.issue_date, reason: values.reason, lines: chosenOf(values.quantities) }),
        (values) =>
          (lines ?? []).flatMap((line): FormIssue[] => {
            const text = (values.quantities[line.lineId] ?? '').trim();
            if (!text) return [];
            const units = quantityUnits(text);
            const path = ['quantities', line.lineId];
            if (units === null || units < 0n) return [{ path, message: t('invoices.return.invalidQuantity') }];
            if (units > line.left) return [{ path, message: t('invoices.return.tooMany', { max: quantityText(line.left) }) }];
            return [];
          }),
      ),
    [lines, t],
  );
  const messages = ({ path }: { path: string }) => {
    if (path === 'reason') return t('invoices.return.reasonRequired');
    if (path === 'lines') return t('invoices.return.nothingChosen');
    if (path === 'issue_date') return t('invoices.errors.issueDate');
    return undefined;
  };
  const form = useZodForm(schema, { defaultValues: emptyForm(), messages });
  const errors = form.formState.errors;
  const quantities = useWatch({ control: form.control, name: 'quantities' });
  // "Choose at least one line" is about the lines as a whole.
  const linesError = flattenErrors(errors).lines;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) idempotencyKey.current = newIdempotencyKey();
    else form.reset(emptyForm());
  };

  const onSubmit = form.handleSubmit(async (data) => {
    let credit;
    try {
      credit = await create.mutateAsync({ organizationId, invoiceId: invoice.id, data, idempotencyKey: idempotencyKey.current });
    } catch (error) {
      // A refused line (`lines.0.quantity`) is the field of the line it names.
      const rename = Object.fromEntries(data.lines.flatMap((line, index) => [[`lines.${index}`, `quantities.${line.line_id}`], [`lines.${index}.quantity`, `quantities.${line.line_id}`]]));
      return reportFormFailure(form, error, { rename, message: messages });
    }
    notify.success(t('invoices.return.created', { number: credit.number }));
    onOpenChange(false);
    navigate(`/sales/returns/${credit.id}`);
  });

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
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
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
                      const error = errors.quantities?.[line.lineId]?.message;
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
                              onChange={(e) => form.setValue('quantities', { ...form.getValues('quantities'), [line.lineId]: e.target.value })}
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
                  onClick={() => form.setValue('quantities', Object.fromEntries(lines.map((line) => [line.lineId, line.left > 0n ? quantityText(line.left) : ''])))}
                >
                  {t('invoices.return.returnAll')}
                </Button>
              </Flex>
              {linesError ? (
                <Text size="1" color="red" role="alert">
                  {linesError}
                </Text>
              ) : null}
              <FormTextInput form={form} name="issue_date" label={t('invoices.return.issueDate')} type="date" />
              <FormTextAreaInput form={form} name="reason" label={t('invoices.return.reason')} />
              <Flex gap="3" justify="end">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    {t('common.cancel')}
                  </Button>
                </Dialog.Close>
                <Button type="submit" loading={form.formState.isSubmitting || create.isPending}>
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
