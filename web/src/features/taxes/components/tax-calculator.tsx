import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Card, Checkbox, Flex, Grid, Heading, IconButton, Table, Text, TextField } from '@radix-ui/themes';
import { JORDAN_GST_RATES } from '@daftar/shared/jordanTax';
import { taxCalculationRequest, type TaxCalculationResult } from '@daftar/shared/schemas/taxes';
import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TableCaption } from '../../../components/document-lines-editor';
import { formatMoney } from '../../../lib/format';
import { applyServerErrors, flattenErrors, useZodForm } from '../../../lib/forms';
import { currentLanguage } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { useCalculateTaxes } from '../api/calculate-taxes';
import type { Tax } from '../api/get-taxes';
import { exactLineTax } from './exact-tax';
import { taxName } from './tax-names';

interface CalculatorLine {
  quantity: string;
  unit_price: string;
  discount: string;
  /** `tax:<id>` for a stored tax, `rate:<category>:<percent>` for one of Jordan's rates given inline. */
  tax: string;
  special_tax_id: string;
}

const newLine = (tax: string): CalculatorLine => ({ quantity: '1', unit_price: '', discount: '', tax, special_tax_id: '' });

interface Values {
  lines: CalculatorLine[];
  price_includes_tax: boolean;
}

/** The shared request schema, and a unit price on every line (the API would read none as 0). */
const calculatorRequest = z.unknown().transform((request, ctx) => {
  (request as { lines: { unit_price: string }[] }).lines.forEach((line, index) => {
    if (!line.unit_price) ctx.addIssue({ code: 'custom', path: ['lines', index, 'unit_price'], message: 'missing' });
  });
  const parsed = taxCalculationRequest.safeParse(request);
  if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
  return parsed.success ? parsed.data : z.NEVER;
});

/** The line as `POST taxes/calculate` takes it. */
function lineRequest(line: CalculatorLine, priceIncludesTax: boolean) {
  const [kind, first, second] = line.tax.split(':');
  const tax = kind === 'tax' ? { tax_id: first } : { tax_rate: second, tax_category: first as 'standard' | 'zero_rated' | 'exempt' };
  return {
    quantity: line.quantity.trim(),
    unit_price: line.unit_price.trim(),
    discount: line.discount.trim() ? { type: 'amount' as const, amount: line.discount.trim() } : null,
    ...tax,
    special_tax_id: line.special_tax_id || null,
    price_includes_tax: priceIncludesTax,
  };
}

const FIELD_OF_PATH: Record<string, string> = { quantity: 'quantity', unit_price: 'unitPrice', discount: 'discount', tax_id: 'tax', tax_rate: 'tax' };

/**
 * Net, tax and gross for a few lines, computed by the API with the rules documents use: each
 * line's tax is rounded to the fil on its own, and the totals add the rounded lines.
 */
export function TaxCalculator({ organizationId, currency, taxes }: { organizationId: string; currency: string; taxes: readonly Tax[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const calculate = useCalculateTaxes();
  const taxOptions = useMemo(() => {
    const general = taxes.filter((tax) => tax.is_active && tax.tax_category !== 'special');
    if (general.length > 0) return general.map((tax) => ({ value: `tax:${tax.id}`, label: `${taxName(tax, language)} (${tax.rate}%)`, isDefault: tax.is_default }));
    // Without taxes of its own, the organization can still try Jordan's rates.
    return JORDAN_GST_RATES.map((rate) => ({ value: `rate:${rate.category}:${rate.rate}`, label: language === 'ar' ? rate.name_ar : rate.name_en, isDefault: rate.rate === '16' }));
  }, [taxes, language]);
  const specialOptions = taxes.filter((tax) => tax.is_active && tax.tax_category === 'special');
  const defaultTax = (taxOptions.find((o) => o.isDefault) ?? taxOptions[0])?.value ?? '';
  const [result, setResult] = useState<TaxCalculationResult | null>(null);

  // A line keeps its tax while the tax is still offered (taxes can change under the calculator).
  const lineTax = (line: CalculatorLine) => (taxOptions.some((option) => option.value === line.tax) ? line.tax : defaultTax);

  /** A line's problem by the field its path names (`lines.2.unit_price`), never by the message. */
  const translate = (path: string) => {
    const match = /^lines\.(\d+)\.(\w+)/.exec(path);
    const field = match ? FIELD_OF_PATH[match[2]!] : undefined;
    return match && field ? t('taxes.calculator.lineProblem', { line: Number(match[1]) + 1, problem: t(`taxes.calculator.problems.${field}`) }) : undefined;
  };

  const form = useZodForm<typeof calculatorRequest, Values>(calculatorRequest, {
    defaultValues: { lines: [newLine(defaultTax)], price_includes_tax: false },
    prepare: (values) => ({ lines: values.lines.map((line) => lineRequest({ ...line, tax: lineTax(line) }, values.price_includes_tax)) }),
    messages: (issue) => translate(issue.path) ?? issue.message,
  });
  const lineFields = useFieldArray({ control: form.control, name: 'lines' });
  const [lines, priceIncludesTax] = useWatch({ control: form.control, name: ['lines', 'price_includes_tax'] });
  const errors = flattenErrors(form.formState.errors);

  // Any change makes the last result stale.
  useEffect(() => {
    const subscription = form.watch(() => setResult(null));
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit(
    (data) => {
      calculate.mutate(
        { organizationId, data },
        {
          onSuccess: setResult,
          onError: (error) => {
            const rest = applyServerErrors(form, error, { message: (issue) => translate(issue.path) });
            if (!rest || rest.length) notifyError(error);
          },
        },
      );
    },
    () => setResult(null),
  );

  const money = (amount: string) => formatMoney(amount, result?.currency ?? currency);
  const lineErrors = (index: number) => Object.entries(errors).filter(([path]) => path.startsWith(`lines.${index}.`)).map(([, message]) => message);
  const columns = { initial: '1', sm: '90px 1fr 1fr 2fr' + (specialOptions.length ? ' 2fr' : '') + ' 32px' };

  return (
    <Card size="3">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('taxes.calculator.title')}>
        <Flex direction="column" gap="4">
          <div>
            <Heading as="h2" size="4">
              {t('taxes.calculator.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('taxes.calculator.intro')}
            </Text>
          </div>
          <Grid columns={columns} gap="2" display={{ initial: 'none', sm: 'grid' }} aria-hidden>
            {['quantity', 'unitPrice', 'discount', 'tax', ...(specialOptions.length ? ['specialTax'] : [])].map((field) => (
              <Text key={field} size="1" weight="medium" color="gray">
                {t(`taxes.calculator.fields.${field}`)}
              </Text>
            ))}
            <span />
          </Grid>
          {lineFields.fields.map((row, index) => {
            const line = lines[index] ?? row;
            const n = index + 1;
            const problems = lineErrors(index);
            const label = (field: string) => t('taxes.calculator.fieldOfLine', { field: t(`taxes.calculator.fields.${field}`), line: n });
            return (
              <Flex key={row.id} direction="column" gap="1">
                <Grid columns={columns} gap="2" align="center">
                  <TextField.Root aria-label={label('quantity')} placeholder={t('taxes.calculator.fields.quantity')} inputMode="decimal" dir="ltr" {...form.register(`lines.${index}.quantity`)} />
                  <TextField.Root
                    aria-label={label('unitPrice')}
                    placeholder={t('taxes.calculator.fields.unitPrice')}
                    inputMode="decimal"
                    dir="ltr"
                    aria-invalid={errors[`lines.${index}.unit_price`] ? true : undefined}
                    {...form.register(`lines.${index}.unit_price`)}
                  />
                  <TextField.Root
                    aria-label={label('discount')}
                    placeholder={t('taxes.calculator.fields.discount')}
                    inputMode="decimal"
                    dir="ltr"
                    {...form.register(`lines.${index}.discount`)}
                  />
                  {/* Controlled: a tax no longer offered shows (and is sent as) the default one. */}
                  <select className="native-select" aria-label={label('tax')} value={lineTax(line)} onChange={(e) => form.setValue(`lines.${index}.tax`, e.target.value)}>
                    {taxOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  {specialOptions.length ? (
                    <select className="native-select" aria-label={label('specialTax')} {...form.register(`lines.${index}.special_tax_id`)}>
                      <option value="">{t('taxes.calculator.noSpecialTax')}</option>
                      {specialOptions.map((tax) => (
                        <option key={tax.id} value={tax.id}>
                          {taxName(tax, language)}
                        </option>
                      ))}
                    </select>
                  ) : null}
                  <IconButton
                    type="button"
                    variant="ghost"
                    color="red"
                    aria-label={t('taxes.calculator.removeLine', { line: n })}
                    disabled={lineFields.fields.length <= 1}
                    onClick={() => lineFields.remove(index)}
                  >
                    <TrashIcon />
                  </IconButton>
                </Grid>
                {problems.length ? (
                  <Text size="1" color="red" role="alert">
                    {problems.join(' ')}
                  </Text>
                ) : null}
              </Flex>
            );
          })}
          <Flex gap="4" align="center" wrap="wrap">
            <Button type="button" variant="soft" onClick={() => lineFields.append(newLine(defaultTax), { shouldFocus: false })}>
              <PlusIcon /> {t('taxes.calculator.addLine')}
            </Button>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <Checkbox checked={priceIncludesTax} onCheckedChange={(checked) => form.setValue('price_includes_tax', checked === true)} />
                {t('taxes.calculator.priceIncludesTax')}
              </Flex>
            </Text>
            <Button type="submit" loading={calculate.isPending}>
              {t('taxes.calculator.calculate')}
            </Button>
          </Flex>
          {result ? (
            <Flex direction="column" gap="3">
              <div className="table-scroll">
                <Table.Root size="1" variant="surface">
                  <TableCaption>{t('taxes.calculator.resultCaption')}</TableCaption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>#</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.net')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.rate')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.exactTax')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.tax')}</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.gross')}</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {result.lines.map((line, index) => (
                      <Table.Row key={index}>
                        <Table.RowHeaderCell>{index + 1}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{money(line.net)}</Table.Cell>
                        <Table.Cell justify="end">{line.tax_category === 'standard' ? `${line.tax_rate}%` : t(`taxes.categories.${line.tax_category}`)}</Table.Cell>
                        <Table.Cell justify="end">
                          <Text dir="ltr" color="gray">
                            {exactLineTax(line.taxable_amount, line.tax_rate, line.price_includes_tax) ?? '—'}
                          </Text>
                        </Table.Cell>
                        <Table.Cell justify="end">{money(line.tax)}</Table.Cell>
                        <Table.Cell justify="end">{money(line.gross)}</Table.Cell>
                      </Table.Row>
                    ))}
                    <Table.Row>
                      <Table.RowHeaderCell>
                        <Text weight="bold">{t('taxes.calculator.total')}</Text>
                      </Table.RowHeaderCell>
                      <Table.Cell justify="end">
                        <Text weight="bold">{money(result.totals.net)}</Text>
                      </Table.Cell>
                      <Table.Cell />
                      <Table.Cell />
                      <Table.Cell justify="end">
                        <Text weight="bold">{money(result.totals.tax)}</Text>
                      </Table.Cell>
                      <Table.Cell justify="end">
                        <Text weight="bold">{money(result.totals.gross)}</Text>
                      </Table.Cell>
                    </Table.Row>
                  </Table.Body>
                </Table.Root>
              </div>
              <Text size="1" color="gray">
                {t('taxes.calculator.roundingNote')}
              </Text>
              {result.breakdown.length > 1 ? (
                <div className="table-scroll">
                  <Table.Root size="1" variant="surface">
                    <TableCaption>{t('taxes.calculator.breakdownCaption')}</TableCaption>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeaderCell>{t('taxes.calculator.columns.rate')}</Table.ColumnHeaderCell>
                        <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.taxable')}</Table.ColumnHeaderCell>
                        <Table.ColumnHeaderCell justify="end">{t('taxes.calculator.columns.tax')}</Table.ColumnHeaderCell>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {result.breakdown.map((row) => (
                        <Table.Row key={`${row.tax_category}-${row.tax_rate}`}>
                          <Table.RowHeaderCell>{row.tax_category === 'standard' ? `${row.tax_rate}%` : t(`taxes.categories.${row.tax_category}`)}</Table.RowHeaderCell>
                          <Table.Cell justify="end">{money(row.taxable_amount)}</Table.Cell>
                          <Table.Cell justify="end">{money(row.tax)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </div>
              ) : null}
            </Flex>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
}
