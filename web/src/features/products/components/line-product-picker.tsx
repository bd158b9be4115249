import { Flex, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ProductSaleFields } from '@daftar/shared/schemas/products';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Combobox, useComboboxState } from '../../../components/combobox';
import type { DocumentLine } from '../../../components/document-lines-editor';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayName } from '../../../lib/names';
import { productQueryOptions } from '../api/get-product';
import { productsQueryOptions } from '../api/get-products';
import { useBarcodeLookup, type BarcodeLookup } from '../api/lookup-barcode';

/**
 * The catalogue in the invoice and bill line editors: a per-line product search and a barcode
 * field above the lines. The texts are the document feature's own (its en/ar json); what a chosen
 * product fills in (sale price or cost, an account) is the feature's too.
 */

/** What a line needs of a product: the fields a catalogue search and a barcode lookup both answer. */
export type LineProduct = Pick<
  ProductSaleFields,
  'id' | 'sku' | 'name' | 'name_ar' | 'sale_price' | 'cost' | 'price_includes_tax' | 'tax_id' | 'is_tracked_inventory'
>;

const SEARCH_LIMIT = 10;
/** Typing pauses this long before the server is asked, so a word is one search, not one per key. */
const SEARCH_DELAY_MS = 200;

export const productName = (product: Pick<LineProduct, 'name' | 'name_ar'>) => displayName(product.name, product.name_ar, currentLanguage());
const chosenText = (product: LineProduct) => `${product.sku} · ${productName(product)}`;

/**
 * The products the lines refer to, by id: what was picked or scanned this session. A line read
 * from a stored draft is not here; its picker reads the product itself.
 */
export function useLineProducts() {
  const [known, setKnown] = useState<Readonly<Record<string, LineProduct>>>({});
  const remember = useCallback((product: LineProduct) => setKnown((current) => (current[product.id] === product ? current : { ...current, [product.id]: product })), []);
  return { known, remember };
}

function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface ProductComboboxTexts {
  placeholder: string;
  noMatches: string;
  searching: string;
}

interface ProductComboboxProps {
  organizationId: string;
  currency: string;
  label: string;
  /** The line's product id, or null. */
  value: string | null;
  /** The chosen product when this session knows it (see `useLineProducts`). */
  known?: LineProduct;
  /** The price an option shows (sale price on a sales document, cost on a purchase). */
  priceOf: (product: LineProduct) => string;
  /** A product chosen, or null when the person typed the choice away. */
  onChange: (product: LineProduct | null) => void;
  texts: ProductComboboxTexts;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * A product picker that searches the catalogue on the server as one types (names in both
 * languages, SKU, barcodes): a WAI-ARIA combobox with a list box like the journal's account
 * picker — arrows move, Enter chooses, Escape closes. Typing over a chosen product un-chooses it.
 */
export function ProductCombobox({ organizationId, currency, label, value, known, priceOf, onChange, texts, invalid, describedBy, disabled }: ProductComboboxProps) {
  const state = useComboboxState();
  const { query, open } = state;
  const search = useDebounced((query ?? '').trim(), SEARCH_DELAY_MS);
  const searching = open && search.length > 0;
  const results = useQuery({ ...productsQueryOptions(organizationId, { skip: 0, limit: SEARCH_LIMIT, search }), enabled: searching });
  // A draft's line names a product this session has not seen: read it, to show what is chosen.
  const stored = useQuery({ ...productQueryOptions(organizationId, value ?? ''), enabled: !!value && !known });
  const chosen: LineProduct | undefined = value ? (known ?? stored.data) : undefined;
  const shown = searching && results.data && !results.isPlaceholderData ? results.data.data : [];
  const pending = searching && (results.isFetching || search !== (query ?? '').trim());
  return (
    <Combobox
      state={state}
      label={label}
      options={shown}
      renderOption={(product) => (
        <Flex gap="3" justify="between">
          <span>
            <bdi dir="ltr">{product.sku}</bdi> · {productName(product)}
          </span>
          <bdi dir="ltr">{formatMoney(priceOf(product), currency)}</bdi>
        </Flex>
      )}
      chosenText={chosen ? chosenText(chosen) : ''}
      hasChoice={!!value}
      onChoose={onChange}
      onUnchoose={() => onChange(null)}
      emptyText={pending ? texts.searching : texts.noMatches}
      // Enter chooses while searching; otherwise it is the grid's (the editor moves down a line).
      typedOnly
      busy={pending}
      size="1"
      field="product_id"
      placeholder={texts.placeholder}
      invalid={invalid}
      describedBy={describedBy}
      disabled={disabled}
    />
  );
}

/** "2" + "0.750" = "2.750", exactly (quantities carry at most a few decimals; floats would drift). */
export function addQuantities(a: string, b: string): string | null {
  const pattern = /^(\d+)(?:\.(\d+))?$/;
  const x = pattern.exec(a.trim());
  const y = pattern.exec(b.trim());
  if (!x || !y) return null;
  const places = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const scaled = (m: RegExpExecArray) => BigInt(m[1]! + (m[2] ?? '').padEnd(places, '0'));
  const sum = (scaled(x) + scaled(y)).toString().padStart(places + 1, '0');
  return places ? `${sum.slice(0, -places)}.${sum.slice(-places)}` : sum;
}

const isBlank = (line: DocumentLine) => !line.product_id && !line.description.trim() && !line.unit_price.trim();

/**
 * The lines after a scan. A weight label's quantity is the weight; a price label's line is one
 * unit at the label's price (what the customer pays), on a line of its own. A plain code or a
 * weight adds to a line of the same product at the same price, else fills a blank last line, else
 * starts a new one.
 */
export function linesAfterScan(
  lines: readonly DocumentLine[],
  lookup: Pick<BarcodeLookup, 'quantity' | 'amount'> & { product: LineProduct },
  { newLine, fill }: { newLine: () => DocumentLine; fill: (product: LineProduct) => Partial<DocumentLine> },
): DocumentLine[] {
  const filled = fill(lookup.product);
  if (lookup.amount === null) {
    const added = lookup.quantity ?? '1';
    const index = lines.findIndex((line) => line.product_id === lookup.product.id && line.unit_price.trim() === (filled.unit_price ?? '').trim());
    const quantity = index >= 0 ? addQuantities(lines[index]!.quantity, added) : null;
    if (quantity !== null) return lines.map((line, i) => (i === index ? { ...line, quantity } : line));
    return withLine(lines, { ...filled, quantity: added }, newLine);
  }
  return withLine(lines, { ...filled, quantity: '1', unit_price: lookup.amount }, newLine);
}

function withLine(lines: readonly DocumentLine[], change: Partial<DocumentLine>, newLine: () => DocumentLine): DocumentLine[] {
  const last = lines[lines.length - 1];
  if (last && isBlank(last)) return [...lines.slice(0, -1), { ...last, ...change }];
  return [...lines, { ...newLine(), ...change }];
}

export interface ScanBarcodeTexts {
  label: string;
  hint: string;
  /** "No product has the barcode 123". */
  notFound: (code: string) => string;
  failed: string;
}

/**
 * A barcode field above the lines: a scanner types the code and presses Enter; the product found
 * goes to `onFound`, a code no product carries is said under the field. The field empties and keeps
 * the focus, ready for the next scan (several scans may be in flight at once).
 */
export function ScanBarcodeField({
  organizationId,
  texts,
  onFound,
  disabled,
}: {
  organizationId: string;
  texts: ScanBarcodeTexts;
  onFound: (lookup: BarcodeLookup) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const messageId = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const lookup = useBarcodeLookup();

  const scan = async (barcode: string) => {
    setMessage(null);
    try {
      onFound(await lookup.mutateAsync({ organizationId, barcode }));
    } catch (error) {
      setMessage(error instanceof ApiError && error.status === 404 ? texts.notFound(barcode) : texts.failed);
    } finally {
      input.current?.focus();
    }
  };

  return (
    <Flex direction="column" gap="1" style={{ maxWidth: 360 }}>
      <Text as="label" size="2" weight="medium">
        {texts.label}
        <TextField.Root
          ref={input}
          mt="1"
          value={code}
          dir="ltr"
          autoComplete="off"
          inputMode="numeric"
          disabled={disabled}
          aria-describedby={message ? `${hintId} ${messageId}` : hintId}
          aria-invalid={message ? true : undefined}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
            // Enter is the scanner's end of code, never the form's submit.
            event.preventDefault();
            const barcode = code.trim();
            setCode('');
            if (barcode) void scan(barcode);
          }}
        />
      </Text>
      <Text id={hintId} size="1" color="gray">
        {texts.hint}
      </Text>
      {message ? (
        <Text id={messageId} size="1" color="red" role="alert">
          {message}
        </Text>
      ) : null}
    </Flex>
  );
}
