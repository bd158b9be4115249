import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { forwardRef, useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { searchCatalogue, type CatalogueCategory, type CatalogueIndex, type CatalogueItem } from '../offline/catalogue';

export const itemName = (item: Pick<CatalogueItem, 'name' | 'name_ar'>) => (currentLanguage() === 'ar' && item.name_ar ? item.name_ar : item.name);

const ALL = '__all__';
const NONE = '__none__';
/** Tiles drawn at once; the search narrows the rest. */
const GRID_LIMIT = 120;

interface CataloguePanelProps {
  index: CatalogueIndex | null;
  categories: readonly CatalogueCategory[];
  currency: string;
  status: string | null;
  onAdd: (item: CatalogueItem) => void;
  /** Enter in the search: a code adds its product; returns whether it did. */
  onCode: (code: string) => boolean;
}

/**
 * Search as the cashier types (names in either language, SKU, barcode), over the in-memory index:
 * only the typed text is normalised per keystroke, and the grid is drawn from a deferred value so
 * typing never waits for the tiles.
 */
export const CataloguePanel = forwardRef<HTMLInputElement, CataloguePanelProps>(function CataloguePanel({ index, categories, currency, status, onAdd, onCode }, ref) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [category, setCategory] = useState(ALL);
  const deferredTerm = useDeferredValue(term);

  const present = useMemo(() => {
    if (!index) return [];
    const ids = new Set(index.items.map((i) => i.category_id ?? NONE));
    const known = categories.filter((c) => ids.has(c.id));
    return ids.has(NONE) || known.length < ids.size ? [...known, { id: NONE, name: t('pos.catalogue.uncategorised'), name_ar: null }] : known;
  }, [index, categories, t]);

  const shown = useMemo(() => {
    if (!index) return [];
    const found = deferredTerm.trim() ? searchCatalogue(index, deferredTerm, GRID_LIMIT * 4) : index.items;
    const inCategory = category === ALL ? found : found.filter((i) => (i.category_id ?? NONE) === category || (category === NONE && !categories.some((c) => c.id === i.category_id)));
    return inCategory.slice(0, GRID_LIMIT);
  }, [index, deferredTerm, category, categories]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (onCode(term)) {
      setTerm('');
      return;
    }
    const matches = index ? searchCatalogue(index, term, 2) : [];
    if (matches.length === 1) {
      onAdd(matches[0]!);
      setTerm('');
    }
  };

  return (
    <section className="pos-catalogue" aria-label={t('pos.catalogue.search')}>
      <TextField.Root
        ref={ref}
        type="search"
        size="3"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('pos.catalogue.searchHint')}
        aria-label={t('pos.catalogue.search')}
      />
      {status ? (
        <Text size="1" color="gray" role="status">
          {status}
        </Text>
      ) : null}
      {present.length > 1 ? (
        <Flex gap="1" wrap="wrap" role="group" aria-label={t('pos.catalogue.all')}>
          {[{ id: ALL, name: t('pos.catalogue.all'), name_ar: null }, ...present].map((c) => (
            <Button key={c.id} size="1" variant={category === c.id ? 'solid' : 'soft'} aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
              {itemName(c)}
            </Button>
          ))}
        </Flex>
      ) : null}
      <div className="pos-grid" role="list">
        {shown.map((item) => (
          <button key={item.id} type="button" role="listitem" className="pos-tile" onClick={() => onAdd(item)} aria-label={t('pos.catalogue.add', { name: itemName(item) })}>
            {item.image_url ? <img src={item.image_url} alt="" loading="lazy" /> : <span className="pos-tile-initial" aria-hidden>{itemName(item).slice(0, 1)}</span>}
            <span className="pos-tile-name">{itemName(item)}</span>
            <span className="pos-tile-price">{formatMoney(item.sale_price, currency)}</span>
          </button>
        ))}
      </div>
      {index && !shown.length ? <Text color="gray">{t('pos.catalogue.empty')}</Text> : null}
    </section>
  );
});
