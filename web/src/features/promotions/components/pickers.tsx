import { Cross2Icon } from '@radix-ui/react-icons';
import { Badge, Checkbox, Flex, IconButton, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, useComboboxState } from '../../../components/combobox';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { contactQueryOptions } from '../../contacts/api/get-contact';
import type { Location } from '../../inventory/api/keys';
import { productQueryOptions } from '../../products/api/get-product';
import { useItemCategories, type ItemCategory } from '../api/get-categories';
import { useCustomersById } from '../api/get-customers-by-id';
import { useProductsById } from '../api/get-products-by-id';
import { useCustomerSearch, type Customer } from '../api/search-customers';
import { useProductSearch, type CatalogueItem } from '../api/search-products';

/** Typing pauses this long before the server is asked, so a word is one search, not one per key. */
const SEARCH_DELAY_MS = 200;

function useDebounced<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const normalize = (text: string) => text.toLocaleLowerCase().trim();

export const productLabel = (product: Pick<CatalogueItem, 'sku' | 'name' | 'name_ar'>) => `${product.sku} · ${localName(product, currentLanguage())}`;

/** A label above a control that names itself (a combobox, a group): the same words, shown. */
function PickerShell({ label, hint, error, errorId, children }: { label: string; hint?: ReactNode; error?: string; errorId: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" className="field">
      <Text as="div" size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint && !error ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

/** What was chosen, each with a button that takes it out again. */
function ChosenList({ items, listLabel, onRemove }: { items: readonly { id: string; label: string }[]; listLabel: string; onRemove: (id: string) => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Flex asChild gap="2" wrap="wrap">
      <ul aria-label={listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Badge size="2" variant="soft" color="gray">
              {item.label}
              <IconButton type="button" size="1" variant="ghost" color="gray" aria-label={t('promotions.pickers.remove', { name: item.label })} onClick={() => onRemove(item.id)}>
                <Cross2Icon />
              </IconButton>
            </Badge>
          </li>
        ))}
      </ul>
    </Flex>
  );
}

interface ManyProps {
  organizationId: string;
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
  hint?: ReactNode;
}

/** What a server-searched picker needs: the search and the names of what is chosen, and its texts. */
interface SearchedPickerSource<T extends { id: string }> {
  useSearch: (organizationId: string, search: string, enabled: boolean) => { data?: { data: T[] }; isPlaceholderData: boolean; isFetching: boolean };
  useById: (organizationId: string, ids: readonly string[]) => ReadonlyMap<string, T>;
  /** Keeps what the search answered as the item's own query, so its chip needs no other read. */
  remember: (queryClient: ReturnType<typeof useQueryClient>, organizationId: string, item: T) => void;
  name: (item: T) => string;
  texts: { add: string; placeholder: string; unknown: string };
}

/** Items a rule names, searched on the server as one types and shown as chips (products, customers). */
function SearchedManyPicker<T extends { id: string }>({ organizationId, label, value, onChange, error, hint, source }: ManyProps & { source: SearchedPickerSource<T> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const state = useComboboxState();
  const search = useDebounced((state.query ?? '').trim(), SEARCH_DELAY_MS);
  const results = source.useSearch(organizationId, search, state.open);
  const known = source.useById(organizationId, value);
  const shown = state.open && search && results.data && !results.isPlaceholderData ? results.data.data.filter((item) => !value.includes(item.id)) : [];
  const pending = state.open && !!search && (results.isFetching || search !== (state.query ?? '').trim());
  const choose = (item: T) => {
    source.remember(queryClient, organizationId, item);
    onChange([...value, item.id]);
  };
  const chips = value.map((id) => ({ id, label: known.get(id) ? source.name(known.get(id)!) : t(source.texts.unknown) }));
  return (
    <PickerShell label={label} hint={hint} error={error} errorId={errorId}>
      <ChosenList items={chips} listLabel={label} onRemove={(id) => onChange(value.filter((v) => v !== id))} />
      <Combobox
        state={state}
        label={t(source.texts.add)}
        options={shown}
        renderOption={(item) => <span>{source.name(item)}</span>}
        chosenText=""
        hasChoice={false}
        onChoose={choose}
        onUnchoose={() => undefined}
        emptyText={pending ? t('promotions.pickers.searching') : t('promotions.pickers.noMatches')}
        typedOnly
        busy={pending}
        placeholder={t(source.texts.placeholder)}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
      />
    </PickerShell>
  );
}

const PRODUCTS: SearchedPickerSource<CatalogueItem> = {
  useSearch: useProductSearch,
  useById: useProductsById,
  remember: (queryClient, organizationId, product) => queryClient.setQueryData(productQueryOptions(organizationId, product.id).queryKey, product),
  name: (product) => productLabel(product),
  texts: { add: 'promotions.pickers.addProduct', placeholder: 'promotions.pickers.productPlaceholder', unknown: 'promotions.unknownProduct' },
};

/** Products (and services) a rule names. */
export const ProductsPicker = (props: ManyProps) => <SearchedManyPicker {...props} source={PRODUCTS} />;

/** Product and service categories: the organization's short list, filtered here as one types. */
export function CategoriesPicker({ organizationId, label, value, onChange, error, hint }: ManyProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const state = useComboboxState();
  const categories = useItemCategories(organizationId);
  const language = currentLanguage();
  const all = categories.data ?? [];
  const name = (category: ItemCategory) => localName(category, language);
  const query = normalize(state.query ?? '');
  const shown = state.open
    ? all.filter((c) => c.is_active && !value.includes(c.id) && (!query || [c.name, c.name_ar ?? ''].some((n) => normalize(n).includes(query)))).slice(0, 50)
    : [];
  const chips = value.map((id) => {
    const found = all.find((c) => c.id === id);
    return { id, label: found ? name(found) : t('promotions.unknownCategory') };
  });
  return (
    <PickerShell label={label} hint={hint} error={error} errorId={errorId}>
      <ChosenList items={chips} listLabel={label} onRemove={(id) => onChange(value.filter((v) => v !== id))} />
      <Combobox
        state={state}
        label={t('promotions.pickers.addCategory')}
        options={shown}
        renderOption={(category) => (
          <span>
            {name(category)} <Text color="gray">· {t(`promotions.categoryTypes.${category.category_type === 'service' ? 'service' : 'product'}`)}</Text>
          </span>
        )}
        chosenText=""
        hasChoice={false}
        onChoose={(category) => onChange([...value, category.id])}
        onUnchoose={() => undefined}
        emptyText={categories.isPending ? t('promotions.pickers.searching') : t('promotions.pickers.noMatches')}
        busy={categories.isPending}
        placeholder={t('promotions.pickers.categoryPlaceholder')}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
      />
    </PickerShell>
  );
}

const customerName = (customer: Pick<Customer, 'name' | 'name_ar'>) => localName(customer, currentLanguage());

const CUSTOMERS: SearchedPickerSource<Customer> = {
  useSearch: useCustomerSearch,
  useById: useCustomersById,
  remember: (queryClient, organizationId, customer) => queryClient.setQueryData(contactQueryOptions(organizationId, customer.id).queryKey, customer),
  name: customerName,
  texts: { add: 'promotions.pickers.addCustomer', placeholder: 'promotions.pickers.customerPlaceholder', unknown: 'promotions.unknownCustomer' },
};

/** Customers a rule is for. */
export const CustomersPicker = (props: ManyProps) => <SearchedManyPicker {...props} source={CUSTOMERS} />;

/** The shop's locations (a handful): a checkbox each. */
export function LocationsPicker({ label, locations, value, onChange, error, hint }: Omit<ManyProps, 'organizationId'> & { locations: readonly Location[] }) {
  const { t } = useTranslation();
  const errorId = useId();
  const language = currentLanguage();
  const unknown = value.filter((id) => !locations.some((l) => l.id === id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <PickerShell label={label} hint={hint} error={error} errorId={errorId}>
      <Flex gap="4" wrap="wrap" role="group" aria-label={label} aria-describedby={error ? errorId : undefined}>
        {locations.map((location) => (
          <Text as="label" size="2" key={location.id}>
            <Flex gap="2" align="center">
              <Checkbox checked={value.includes(location.id)} onCheckedChange={(checked) => toggle(location.id, checked === true)} />
              {localName(location, language)}
            </Flex>
          </Text>
        ))}
        {unknown.map((id) => (
          <Text as="label" size="2" key={id}>
            <Flex gap="2" align="center">
              <Checkbox checked onCheckedChange={(checked) => toggle(id, checked === true)} />
              {t('promotions.unknownLocation')}
            </Flex>
          </Text>
        ))}
      </Flex>
    </PickerShell>
  );
}

interface OneProps<T> {
  organizationId: string;
  label: string;
  /** The chosen id, or ''. */
  value: string;
  onChange: (chosen: T | null) => void;
  error?: string;
  hint?: ReactNode;
  /** Shown beside the label (the tester's lines show none). */
  bare?: boolean;
  size?: '1' | '2';
  currency?: string;
}

/** One product (a free item, a tester's line): searched on the server as one types. */
export function ProductPicker({ organizationId, label, value, onChange, error, hint, bare, size, currency }: OneProps<CatalogueItem>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const state = useComboboxState();
  const search = useDebounced((state.query ?? '').trim(), SEARCH_DELAY_MS);
  const results = useProductSearch(organizationId, search, state.open);
  const known = useProductsById(organizationId, value ? [value] : []);
  const chosen = value ? known.get(value) : undefined;
  const shown = state.open && search && results.data && !results.isPlaceholderData ? results.data.data : [];
  const pending = state.open && !!search && (results.isFetching || search !== (state.query ?? '').trim());
  const choose = (product: CatalogueItem) => {
    queryClient.setQueryData(productQueryOptions(organizationId, product.id).queryKey, product);
    onChange(product);
  };
  const control = (
    <Combobox
      state={state}
      label={label}
      options={shown}
      renderOption={(product) => (
        <Flex gap="3" justify="between">
          <span>{productLabel(product)}</span>
          {currency ? <bdi dir="ltr">{formatMoney(product.sale_price, currency)}</bdi> : null}
        </Flex>
      )}
      chosenText={chosen ? productLabel(chosen) : value ? t('promotions.unknownProduct') : ''}
      hasChoice={!!value}
      onChoose={choose}
      onUnchoose={() => onChange(null)}
      emptyText={pending ? t('promotions.pickers.searching') : t('promotions.pickers.noMatches')}
      typedOnly
      busy={pending}
      size={size}
      placeholder={t('promotions.pickers.productPlaceholder')}
      invalid={!!error}
      describedBy={error ? errorId : undefined}
    />
  );
  if (bare) return control;
  return (
    <PickerShell label={label} hint={hint} error={error} errorId={errorId}>
      {control}
    </PickerShell>
  );
}

/** One customer (the tester's): searched on the server as one types. */
export function CustomerPicker({ organizationId, label, value, onChange, error, hint }: OneProps<Customer>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const state = useComboboxState();
  const search = useDebounced((state.query ?? '').trim(), SEARCH_DELAY_MS);
  const results = useCustomerSearch(organizationId, search, state.open);
  const known = useCustomersById(organizationId, value ? [value] : []);
  const chosen = value ? known.get(value) : undefined;
  const shown = useMemo(() => (state.open && search && results.data && !results.isPlaceholderData ? results.data.data : []), [state.open, search, results.data, results.isPlaceholderData]);
  const pending = state.open && !!search && (results.isFetching || search !== (state.query ?? '').trim());
  return (
    <PickerShell label={label} hint={hint} error={error} errorId={errorId}>
      <Combobox
        state={state}
        label={label}
        options={shown}
        renderOption={(customer) => <span>{customerName(customer)}</span>}
        chosenText={chosen ? customerName(chosen) : value ? t('promotions.unknownCustomer') : ''}
        hasChoice={!!value}
        onChoose={(customer) => {
          queryClient.setQueryData(contactQueryOptions(organizationId, customer.id).queryKey, customer);
          onChange(customer);
        }}
        onUnchoose={() => onChange(null)}
        emptyText={pending ? t('promotions.pickers.searching') : t('promotions.pickers.noMatches')}
        typedOnly
        busy={pending}
        placeholder={t('promotions.pickers.customerPlaceholder')}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
      />
    </PickerShell>
  );
}
