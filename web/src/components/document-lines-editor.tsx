import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Button, Flex, IconButton, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { formatMoney as moneyText, type Money } from '@daftar/shared/money';
import {
  calculateDocumentTax,
  calculateLineTax,
  TaxError,
  type TaxBreakdownRow,
  type TaxCategory,
  type TaxLine,
  type SpecialTax,
  type TaxLineInput,
  type TaxTotals,
} from '@daftar/shared/tax';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { firstErrorOf, specificIssueMessage } from '../lib/form-errors';

/**
 * The line-items grid of sales invoices, credit notes and purchase bills. Every figure is computed
 * with the shared calculator (`@daftar/shared/tax`: per-line rounding in minor units, the same code
 * the API runs), so what the screen shows is what the server will store. The component speaks no
 * language of its own: each feature passes its texts, taxes, accounts and (when a catalogue exists)
 * products.
 */

export type DiscountType = 'amount' | 'percent';

/** One line as the form holds it: every number is the text the person typed. */
export interface DocumentLine {
  /** Identity for React and focus handling; never sent. */
  key: string;
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  discount_type: DiscountType;
  /** Empty: no discount. */
  discount: string;
  /** Empty: no tax (the line is exempt). */
  tax_id: string;
  /** Sales documents: the special sales tax charged on top of the general tax; empty: none. */
  special_tax_id: string;
  /** Bills book each line to an account; empty until chosen. */
  account_id: string;
}

export interface LineTaxOption {
  id: string;
  label: string;
  /** Percent text ("16"). */
  rate: string;
  category: TaxCategory;
}

/** A special sales tax a sales line may carry, with its terms (fixed per unit or percent). */
export interface LineSpecialTaxOption {
  id: string;
  label: string;
  terms: SpecialTax;
}

export interface LineAccountOption {
  id: string;
  label: string;
  /** Shown as an option group (e.g. "Expenses", "Assets"). */
  group?: string;
}

export interface LineProductOption {
  id: string;
  label: string;
  description?: string;
  unit_price?: string;
  tax_id?: string | null;
}

/** The field a line's figure could not be computed from. */
export type LineProblem = 'quantity' | 'unit_price' | 'discount' | 'tax';

export type LineResult =
  | { status: 'ok'; figures: TaxLine }
  | { status: 'incomplete' }
  | { status: 'invalid'; problem: LineProblem; message: string };

export interface DocumentFigures {
  lines: LineResult[];
  /** Sums of the computable lines (per-line rounding, as the server stores them). */
  totals: TaxTotals;
  breakdown: TaxBreakdownRow[];
  /** Every line is computable. */
  complete: boolean;
}

let lineCounter = 0;
const nextKey = () => `line-${Date.now().toString(36)}-${(lineCounter += 1)}`;

export function emptyLine(defaults: Partial<Omit<DocumentLine, 'key'>> = {}): DocumentLine {
  return {
    key: nextKey(),
    product_id: null,
    description: '',
    quantity: '1',
    unit_price: '',
    discount_type: 'amount',
    discount: '',
    tax_id: '',
    special_tax_id: '',
    account_id: '',
    ...defaults,
  };
}

/** A line read from the API (invoice, bill or credit note) as the form edits it. */
export function lineFromDocument(line: {
  product_id?: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  discount?: { type: 'amount'; amount: string | number } | { type: 'percent'; percent: string | number } | null;
  tax_id?: string | null;
  special_tax_id?: string | null;
  account_id?: string | null;
}): DocumentLine {
  const discount = line.discount ?? null;
  return emptyLine({
    product_id: line.product_id ?? null,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    discount_type: discount?.type ?? 'amount',
    discount: discount ? String(discount.type === 'amount' ? discount.amount : discount.percent) : '',
    tax_id: line.tax_id ?? '',
    special_tax_id: line.special_tax_id ?? '',
    account_id: line.account_id ?? '',
  });
}

const discountOf = (line: DocumentLine) => {
  const value = line.discount.trim();
  if (!value) return null;
  return line.discount_type === 'amount' ? { type: 'amount' as const, amount: value } : { type: 'percent' as const, percent: value };
};

/** The line as the API's line input takes it (`invoiceLineInput`, and `account_id` for bills). */
export function lineToInput(line: DocumentLine) {
  return {
    product_id: line.product_id,
    description: line.description,
    quantity: line.quantity.trim(),
    unit_price: line.unit_price.trim(),
    discount: discountOf(line),
    tax_id: line.tax_id || null,
  };
}

/** A sales line (`invoiceLineInput`): the shared fields and the special sales tax. */
export function salesLineToInput(line: DocumentLine) {
  return { ...lineToInput(line), special_tax_id: line.special_tax_id || null };
}

export function billLineToInput(line: DocumentLine) {
  return { ...lineToInput(line), account_id: line.account_id };
}

const PROBLEM_FIELDS: Record<string, LineProblem> = {
  quantity: 'quantity',
  unit_price: 'unit_price',
  discount: 'discount',
  tax_rate: 'tax',
  tax_category: 'tax',
  special_tax: 'tax',
};

/**
 * What the server computes (taxes/calculate.ts): a line's tax comes from its tax record, a line
 * without one is exempt, a special tax enters the general tax's base, and the calculator in
 * shared/src/tax.ts does the rest.
 */
export function computeDocumentLines(
  lines: readonly DocumentLine[],
  {
    currency,
    priceIncludesTax,
    taxes,
    specialTaxes = [],
  }: { currency: string; priceIncludesTax: boolean; taxes: readonly LineTaxOption[]; specialTaxes?: readonly LineSpecialTaxOption[] },
): DocumentFigures {
  const inputs: TaxLineInput[] = [];
  const results = lines.map((line, index): LineResult => {
    if (!line.quantity.trim() || !line.unit_price.trim()) return { status: 'incomplete' };
    const tax = line.tax_id ? taxes.find((t) => t.id === line.tax_id) : undefined;
    if (line.tax_id && !tax) return { status: 'invalid', problem: 'tax', message: 'Tax not found' };
    const special = line.special_tax_id ? specialTaxes.find((t) => t.id === line.special_tax_id) : undefined;
    if (line.special_tax_id && !special) return { status: 'invalid', problem: 'tax', message: 'Special tax not found' };
    const input: TaxLineInput = {
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim(),
      discount: discountOf(line),
      tax_rate: tax?.rate ?? '0',
      tax_category: tax?.category ?? 'exempt',
      special_tax: special?.terms ?? null,
      price_includes_tax: priceIncludesTax,
    };
    try {
      const figures = calculateLineTax(input, currency, ['lines', index]);
      inputs.push(input);
      return { status: 'ok', figures };
    } catch (error) {
      if (!(error instanceof TaxError)) throw error;
      const field = String(error.loc[2] ?? '');
      return { status: 'invalid', problem: PROBLEM_FIELDS[field] ?? 'quantity', message: error.message };
    }
  });
  const document = calculateDocumentTax(inputs, currency);
  return { lines: results, totals: document.totals, breakdown: document.breakdown, complete: results.every((r) => r.status === 'ok') };
}

export interface DocumentLinesLabels {
  /** Names the grid for assistive technology ("Invoice lines"). */
  caption: string;
  lineNumber: string;
  product: string;
  noProduct: string;
  description: string;
  account: string;
  chooseAccount: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  discountType: string;
  discountAmount: string;
  discountPercent: string;
  tax: string;
  noTax: string;
  /** Sales documents with special taxes: the line's special tax picker, its amount and total. */
  specialTax?: string;
  noSpecialTax?: string;
  specialTaxAmount?: string;
  specialTaxTotal?: string;
  net: string;
  taxAmount: string;
  lineTotal: string;
  addLine: string;
  /** Header of the remove-button column. */
  actions: string;
  /** "Remove line 2". */
  removeLine: (line: number) => string;
  /** "Quantity, line 2": the accessible name of each cell's control. */
  fieldOfLine: (field: string, line: number) => string;
  totalsCaption: string;
  subtotal: string;
  discountTotal: string;
  netTotal: string;
  /** One row of the tax breakdown ("Sales tax 16%", "Exempt"). */
  taxRow: (row: { category: TaxCategory; rate: string }) => string;
  total: string;
  problems: Record<LineProblem, string>;
}

/** What a feature's product control (`productCell`) gets for one line. */
export interface ProductCellProps {
  line: DocumentLine;
  /** The control's accessible name ("Product, line 2"). */
  label: string;
  change: (change: Partial<DocumentLine>) => void;
  invalid: boolean;
  describedBy?: string;
  disabled?: boolean;
}

export interface DocumentLinesEditorProps {
  lines: DocumentLine[];
  onChange: (lines: DocumentLine[]) => void;
  currency: string;
  priceIncludesTax: boolean;
  taxes: readonly LineTaxOption[];
  /**
   * Given and not empty: each line gets a special sales tax picker and amount (sales documents of
   * an organization with special taxes).
   */
  specialTaxes?: readonly LineSpecialTaxOption[];
  /** Given: each line gets an account column (bills). */
  accounts?: readonly LineAccountOption[];
  /** Given: each line gets a product column that fills description, price and tax. */
  products?: readonly LineProductOption[];
  /**
   * Given: each line gets a product column whose control the feature renders (a catalogue search
   * the editor knows nothing of); `change` updates that line. Takes the place of `products`.
   */
  productCell?: (cell: ProductCellProps) => ReactNode;
  /** Shown above the grid (a barcode field that adds lines, say). */
  toolbar?: ReactNode;
  /** Messages keyed by path: `lines` or `lines.<index>.<field>` (zod issues and 422 details alike). */
  errors?: Readonly<Record<string, string>>;
  /** The defaults a new line gets (the organization's default tax, say). */
  newLine?: () => DocumentLine;
  labels: DocumentLinesLabels;
  disabled?: boolean;
}

/**
 * Names a table for assistive technology without showing the name (Radix's Table puts its own
 * props on a wrapper, not on the <table>, so aria-label would not reach it).
 */
export function TableCaption({ children }: { children: ReactNode }) {
  return (
    <VisuallyHidden asChild>
      <caption>{children}</caption>
    </VisuallyHidden>
  );
}

const show = (amount: Money) => formatMoney(moneyText(amount), amount.currency);

function NativeSelect({
  label,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
  children,
  field,
  maxWidth,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  children: ReactNode;
  field: string;
  /** A native select is as wide as its longest option; a tax named at length would push the line's totals out of view. */
  maxWidth?: string;
}) {
  return (
    <select
      className="native-select"
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      value={value}
      disabled={disabled}
      data-field={field}
      onChange={(e) => onChange(e.target.value)}
      style={{ width: '100%', maxWidth, ...(maxWidth ? { minWidth: 0 } : {}) }}
    >
      {children}
    </select>
  );
}

export function DocumentLinesEditor({
  lines,
  onChange,
  currency,
  priceIncludesTax,
  taxes,
  specialTaxes = [],
  accounts,
  products,
  productCell,
  toolbar,
  errors = {},
  newLine = () => emptyLine(),
  labels,
  disabled,
}: DocumentLinesEditorProps) {
  const container = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ key: string } | { add: true } | null>(null);
  const figures = computeDocumentLines(lines, { currency, priceIncludesTax, taxes, specialTaxes });
  // A line loaded with a special tax keeps its column even if the tax was deactivated since.
  const withSpecialTax = specialTaxes.length > 0 || lines.some((line) => line.special_tax_id);
  const withProducts = !!(products || productCell);
  const columnCount = 12 + (withSpecialTax ? 2 : 0);

  // Focus moves after React has rendered the row it points at.
  useEffect(() => {
    if (!focusTarget) return;
    if ('add' in focusTarget) addButton.current?.focus();
    else container.current?.querySelector<HTMLElement>(`[data-key="${focusTarget.key}"] [data-field="description"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const update = (index: number, change: Partial<DocumentLine>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const addLine = (after = lines.length - 1) => {
    const line = newLine();
    onChange([...lines.slice(0, after + 1), line, ...lines.slice(after + 1)]);
    setFocusTarget({ key: line.key });
  };

  const removeLine = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? { key: neighbour.key } : { add: true });
  };

  const pickProduct = (index: number, productId: string) => {
    const product = products?.find((p) => p.id === productId);
    const line = lines[index]!;
    if (!product) return update(index, { product_id: null });
    update(index, {
      product_id: product.id,
      description: line.description.trim() ? line.description : (product.description ?? product.label),
      unit_price: line.unit_price.trim() ? line.unit_price : (product.unit_price ?? ''),
      tax_id: product.tax_id ?? line.tax_id,
    });
  };

  /** Enter moves down a line, starting a new one after the last: the grid fills from the keyboard. */
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const below = lines[index + 1];
    if (below) setFocusTarget({ key: below.key });
    else addLine(index);
  };

  /** A message about the field or a part of it (`lines.2.discount.amount` belongs to the discount). */
  const fieldError = (index: number, field: string) => firstErrorOf(errors, `lines.${index}.${field}`);

  const accountGroups = accounts
    ? [...new Set(accounts.map((a) => a.group ?? ''))].map((group) => ({ group, options: accounts.filter((a) => (a.group ?? '') === group) }))
    : [];

  const generalError = errors.lines;

  return (
    <Flex direction="column" gap="3" ref={container}>
      {toolbar}
      <div className="table-scroll">
        <Table.Root size="1" variant="surface">
          <TableCaption>{labels.caption}</TableCaption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>{labels.lineNumber}</Table.ColumnHeaderCell>
              {withProducts ? <Table.ColumnHeaderCell style={productCell ? { minWidth: 200 } : undefined}>{labels.product}</Table.ColumnHeaderCell> : null}
              <Table.ColumnHeaderCell style={{ minWidth: 160 }}>{labels.description}</Table.ColumnHeaderCell>
              {accounts ? <Table.ColumnHeaderCell style={{ minWidth: 180 }}>{labels.account}</Table.ColumnHeaderCell> : null}
              <Table.ColumnHeaderCell style={{ minWidth: 80 }}>{labels.quantity}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ minWidth: 100 }}>{labels.unitPrice}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ minWidth: 150 }}>{labels.discount}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell style={{ minWidth: 140, maxWidth: '12rem' }}>{labels.tax}</Table.ColumnHeaderCell>
              {withSpecialTax ? <Table.ColumnHeaderCell style={{ minWidth: 140 }}>{labels.specialTax}</Table.ColumnHeaderCell> : null}
              <Table.ColumnHeaderCell justify="end">{labels.net}</Table.ColumnHeaderCell>
              {withSpecialTax ? <Table.ColumnHeaderCell justify="end">{labels.specialTaxAmount}</Table.ColumnHeaderCell> : null}
              <Table.ColumnHeaderCell justify="end">{labels.taxAmount}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">{labels.lineTotal}</Table.ColumnHeaderCell>
              {/* Named for screen readers only: a visible "Actions" over one small icon widened the grid
                  past a 1280 px screen, so the header was cut off at the far side. */}
              <Table.ColumnHeaderCell>
                <VisuallyHidden>{labels.actions}</VisuallyHidden>
              </Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line, index) => {
              const n = index + 1;
              const result = figures.lines[index]!;
              const problem = result.status === 'invalid' ? result.problem : null;
              const errorOf = (field: string, problemField?: LineProblem) =>
                fieldError(index, field) ??
                (problemField && problem === problemField
                  ? // What exactly is wrong (too large, too many decimals) says more than the field's hint (issue #12).
                    ((result.status === 'invalid' ? specificIssueMessage(result.message) : undefined) ?? labels.problems[problemField])
                  : undefined);
              const errorId = (field: string) => `${line.key}-${field}-error`;
              const candidates: [string, string | undefined][] = [
                ['product_id', errorOf('product_id')],
                ['description', errorOf('description')],
                ['account_id', errorOf('account_id')],
                ['quantity', errorOf('quantity', 'quantity')],
                ['unit_price', errorOf('unit_price', 'unit_price')],
                ['discount', errorOf('discount', 'discount')],
                ['tax_id', errorOf('tax_id', 'tax')],
                ['special_tax_id', errorOf('special_tax_id')],
              ];
              const messages = candidates.filter((entry): entry is [string, string] => !!entry[1]);
              const lineLevel = errors[`lines.${index}`];
              const describedBy = (field: string) => (messages.some(([f]) => f === field) ? errorId(field) : undefined);
              const input = (field: 'description' | 'quantity' | 'unit_price' | 'discount', label: string, numeric: boolean) => (
                <TextField.Root
                  size="1"
                  value={line[field]}
                  aria-label={labels.fieldOfLine(label, n)}
                  aria-invalid={describedBy(field) ? true : undefined}
                  aria-describedby={describedBy(field)}
                  inputMode={numeric ? 'decimal' : undefined}
                  dir={numeric ? 'ltr' : undefined}
                  // Wide enough for an amount to the fil ("12.345") beside its type picker: "Apply
                  // promotions" writes the share there, and "2.40" for 2.400 misread it (issue 16).
                  style={field === 'discount' ? { minWidth: 72 } : undefined}
                  disabled={disabled}
                  data-field={field}
                  onKeyDown={onKeyDown(index)}
                  onChange={(e) => update(index, { [field]: e.target.value } as Partial<DocumentLine>)}
                />
              );
              const figure = (pick: (f: TaxLine) => Money) => (result.status === 'ok' ? show(pick(result.figures)) : '—');
              return [
                <Table.Row key={line.key} data-key={line.key}>
                  <Table.RowHeaderCell>{n}</Table.RowHeaderCell>
                  {productCell ? (
                    <Table.Cell>
                      {productCell({
                        line,
                        label: labels.fieldOfLine(labels.product, n),
                        change: (change) => update(index, change),
                        invalid: !!describedBy('product_id'),
                        describedBy: describedBy('product_id'),
                        disabled,
                      })}
                    </Table.Cell>
                  ) : products ? (
                    <Table.Cell>
                      <NativeSelect
                        label={labels.fieldOfLine(labels.product, n)}
                        value={line.product_id ?? ''}
                        onChange={(value) => pickProduct(index, value)}
                        invalid={!!describedBy('product_id')}
                        describedBy={describedBy('product_id')}
                        disabled={disabled}
                        field="product_id"
                      >
                        <option value="">{labels.noProduct}</option>
                        {products.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.label}
                          </option>
                        ))}
                      </NativeSelect>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell>{input('description', labels.description, false)}</Table.Cell>
                  {accounts ? (
                    <Table.Cell>
                      <NativeSelect
                        label={labels.fieldOfLine(labels.account, n)}
                        value={line.account_id}
                        onChange={(value) => update(index, { account_id: value })}
                        invalid={!!describedBy('account_id')}
                        describedBy={describedBy('account_id')}
                        disabled={disabled}
                        field="account_id"
                      >
                        <option value="">{labels.chooseAccount}</option>
                        {accountGroups.map(({ group, options }) => {
                          const items = options.map((a) => (
                            <option key={a.id} value={a.id}>
                              {a.label}
                            </option>
                          ));
                          return group ? (
                            <optgroup key={group} label={group}>
                              {items}
                            </optgroup>
                          ) : (
                            items
                          );
                        })}
                      </NativeSelect>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell>{input('quantity', labels.quantity, true)}</Table.Cell>
                  <Table.Cell>{input('unit_price', labels.unitPrice, true)}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="1">
                      <NativeSelect
                        label={labels.fieldOfLine(labels.discountType, n)}
                        value={line.discount_type}
                        onChange={(value) => update(index, { discount_type: value as DiscountType })}
                        disabled={disabled}
                        field="discount_type"
                      >
                        <option value="amount">{labels.discountAmount}</option>
                        <option value="percent">{labels.discountPercent}</option>
                      </NativeSelect>
                      {input('discount', labels.discount, true)}
                    </Flex>
                  </Table.Cell>
                  <Table.Cell>
                    <NativeSelect
                      label={labels.fieldOfLine(labels.tax, n)}
                      value={line.tax_id}
                      onChange={(value) => update(index, { tax_id: value })}
                      invalid={!!describedBy('tax_id')}
                      describedBy={describedBy('tax_id')}
                      disabled={disabled}
                      field="tax_id"
                      maxWidth="11rem"
                    >
                      <option value="">{labels.noTax}</option>
                      {line.tax_id && !taxes.some((t) => t.id === line.tax_id) ? <option value={line.tax_id}>{labels.problems.tax}</option> : null}
                      {taxes.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.label}
                        </option>
                      ))}
                    </NativeSelect>
                  </Table.Cell>
                  {withSpecialTax ? (
                    <Table.Cell>
                      <NativeSelect
                        label={labels.fieldOfLine(labels.specialTax ?? '', n)}
                        value={line.special_tax_id}
                        onChange={(value) => update(index, { special_tax_id: value })}
                        invalid={!!describedBy('special_tax_id')}
                        describedBy={describedBy('special_tax_id')}
                        disabled={disabled}
                        field="special_tax_id"
                        maxWidth="11rem"
                      >
                        <option value="">{labels.noSpecialTax}</option>
                        {line.special_tax_id && !specialTaxes.some((t) => t.id === line.special_tax_id) ? (
                          <option value={line.special_tax_id}>{labels.problems.tax}</option>
                        ) : null}
                        {specialTaxes.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.label}
                          </option>
                        ))}
                      </NativeSelect>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell justify="end">
                    <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                      {figure((f) => f.net)}
                    </Text>
                  </Table.Cell>
                  {withSpecialTax ? (
                    <Table.Cell justify="end">
                      <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                        {figure((f) => f.special_tax)}
                      </Text>
                    </Table.Cell>
                  ) : null}
                  <Table.Cell justify="end">
                    <Text size="2" style={{ whiteSpace: 'nowrap' }}>
                      {figure((f) => f.tax)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell justify="end">
                    <Text size="2" weight="medium" style={{ whiteSpace: 'nowrap' }}>
                      {figure((f) => f.gross)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <IconButton
                      type="button"
                      size="1"
                      variant="ghost"
                      color="red"
                      aria-label={labels.removeLine(n)}
                      disabled={disabled || lines.length <= 1}
                      onClick={() => removeLine(index)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>,
                messages.length > 0 || lineLevel ? (
                  <Table.Row key={`${line.key}-errors`}>
                    <Table.Cell colSpan={columnCount}>
                      <Flex direction="column" gap="1">
                        {lineLevel ? (
                          <Text size="1" color="red" role="alert">
                            {lineLevel}
                          </Text>
                        ) : null}
                        {messages.map(([field, message]) => (
                          <Text key={field} id={errorId(field)} size="1" color="red" role="alert">
                            {labels.fieldOfLine(fieldLabel(field, labels), n)}: {message}
                          </Text>
                        ))}
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ) : null,
              ];
            })}
          </Table.Body>
        </Table.Root>
      </div>
      {generalError ? (
        <Text size="1" color="red" role="alert">
          {generalError}
        </Text>
      ) : null}
      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Button ref={addButton} type="button" variant="soft" onClick={() => addLine()} disabled={disabled}>
          <PlusIcon /> {labels.addLine}
        </Button>
        <DocumentTotals figures={figures} labels={labels} />
      </Flex>
    </Flex>
  );
}

function fieldLabel(field: string, labels: DocumentLinesLabels) {
  switch (field) {
    case 'product_id':
      return labels.product;
    case 'account_id':
      return labels.account;
    case 'quantity':
      return labels.quantity;
    case 'unit_price':
      return labels.unitPrice;
    case 'discount':
      return labels.discount;
    case 'tax_id':
      return labels.tax;
    case 'special_tax_id':
      return labels.specialTax ?? labels.tax;
    default:
      return labels.description;
  }
}

const isZeroAmount = (amount: Money) => amount.amount === 0;

/** Net, tax per rate and total of the computable lines, as the document will carry them. */
export function DocumentTotals({
  figures,
  labels,
}: {
  figures: Pick<DocumentFigures, 'totals' | 'breakdown'>;
  labels: Pick<DocumentLinesLabels, 'totalsCaption' | 'subtotal' | 'discountTotal' | 'netTotal' | 'specialTaxTotal' | 'taxRow' | 'total'>;
}) {
  const { totals, breakdown } = figures;
  const row = (label: string, value: string, strong = false) => (
    <Table.Row key={label}>
      <Table.RowHeaderCell>
        <Text weight={strong ? 'bold' : 'regular'}>{label}</Text>
      </Table.RowHeaderCell>
      <Table.Cell justify="end">
        <Text weight={strong ? 'bold' : 'regular'} style={{ whiteSpace: 'nowrap' }}>
          {value}
        </Text>
      </Table.Cell>
    </Table.Row>
  );
  return (
    <Table.Root size="1" style={{ minWidth: 280, marginInlineStart: 'auto' }}>
      <TableCaption>{labels.totalsCaption}</TableCaption>
      <Table.Body>
        {!isZeroAmount(totals.discount) ? row(labels.subtotal, show(totals.subtotal)) : null}
        {!isZeroAmount(totals.discount) ? row(labels.discountTotal, show(totals.discount)) : null}
        {row(labels.netTotal, show(totals.net))}
        {!isZeroAmount(totals.special_tax) ? row(labels.specialTaxTotal ?? '', show(totals.special_tax)) : null}
        {breakdown.map((b) => row(labels.taxRow({ category: b.category, rate: b.tax_rate }), show(b.tax)))}
        {row(labels.total, show(totals.gross), true)}
      </Table.Body>
    </Table.Root>
  );
}

// The form-error helpers live in lib/form-errors (issue #11); re-exported for the document forms.
export { errorsFromIssues, errorsFromValidationDetail, type DocumentErrors } from '../lib/form-errors';
