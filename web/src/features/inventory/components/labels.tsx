import { Badge, Link as RadixLink, Text } from '@radix-ui/themes';
import type { MovementType } from '@daftar/shared/schemas/inventory';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import type { Location, StockMovement } from '../api/keys';

const TYPE_COLORS: Record<MovementType, 'green' | 'red' | 'blue' | 'amber' | 'gray' | 'violet'> = {
  receipt: 'green',
  issue: 'red',
  return_in: 'green',
  adjustment: 'amber',
  count: 'amber',
  transfer_out: 'violet',
  transfer_in: 'violet',
  reversal: 'gray',
};

export function MovementTypeBadge({ type }: { type: MovementType }) {
  const { t } = useTranslation();
  return <Badge color={TYPE_COLORS[type]}>{t(`inventory.movementTypes.${type}`)}</Badge>;
}

/**
 * A quantity as the server sends it (a signed decimal string, thousandths at most) in the reader's
 * locale. Number is exact enough: stock is counted in thousandths, far below 2^53. The text runs
 * left to right so a minus sign stays in front of its digits inside Arabic.
 */
export function Quantity({ value, signed = false }: { value: string; signed?: boolean }) {
  const number = Number(value);
  const shown = Number.isFinite(number) ? formatNumber(Math.abs(number)) : value;
  const sign = number < 0 ? '−' : signed && number > 0 ? '+' : '';
  return (
    <Text dir="ltr" style={{ unicodeBidi: 'isolate', fontVariantNumeric: 'tabular-nums' }}>
      {sign}
      {shown}
    </Text>
  );
}

/** A location's name in the reader's language; its id while the locations load or when it is unknown. */
export function useLocationName(locations: readonly Location[] | undefined) {
  const language = currentLanguage();
  return (id: string) => {
    const location = locations?.find((l) => l.id === id);
    return location ? localName(location, language) : id;
  };
}

/** Where a movement came from: the document's page when the app has one, else what kind of movement it was. */
export function MovementDocument({ movement }: { movement: StockMovement }) {
  const { t } = useTranslation();
  const label = t(`inventory.references.${movement.reference_type}`);
  const id = movement.reference_id;
  const to =
    id && movement.reference_type === 'invoice'
      ? `/sales/invoices/${encodeURIComponent(id)}`
      : id && movement.reference_type === 'bill'
        ? `/purchases/bills/${encodeURIComponent(id)}`
        : id && movement.reference_type === 'invoice_return'
          ? `/sales/returns/${encodeURIComponent(id)}`
          : null;
  if (!to) return <Text size="2">{label}</Text>;
  return (
    <RadixLink asChild size="2">
      <Link to={to}>{label}</Link>
    </RadixLink>
  );
}

export function JournalEntryLink({ entryId }: { entryId: string | null }) {
  const { t } = useTranslation();
  if (!entryId) return <Text color="gray">—</Text>;
  return (
    <RadixLink asChild size="2">
      <Link to={`/accounting/journal/${encodeURIComponent(entryId)}`}>{t('inventory.openEntry')}</Link>
    </RadixLink>
  );
}
