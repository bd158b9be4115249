import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { ADJUSTMENT_REASONS, stockAdjustment, stockMovementCreate } from '@daftar/shared/schemas/inventory';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextAreaInput, TextInput } from '../../../components/fields';
import { loadMessageTable, readerMessage, translateIssue } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import { useAdjustStock } from '../api/adjust-stock';
import { useCreateStockMovement } from '../api/create-stock-movement';
import type { Location } from '../api/keys';

export const STOCK_ACTIONS = ['adjust', 'count', 'receive', 'transfer'] as const;
export type StockAction = (typeof STOCK_ACTIONS)[number];

const MAIN = 'main';

interface Values {
  location_id: string;
  to_location_id: string;
  quantity: string;
  unit_cost: string;
  reason: string;
  note: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The fields the request's paths name, so a schema issue lands under the field it is about. */
const FIELD_OF: Record<string, keyof Values> = {
  location_id: 'location_id',
  from_location_id: 'location_id',
  to_location_id: 'to_location_id',
  quantity: 'quantity',
  unit_cost: 'unit_cost',
  reason: 'reason',
  note: 'note',
};

const noteOf = (note: string) => (note.trim() ? note.trim() : undefined);

/** The request body each dialog sends; what the person leaves blank is not sent. */
function bodyOf(action: StockAction, productId: string, v: Values) {
  switch (action) {
    case 'adjust':
      return { location_id: v.location_id, quantity: v.quantity.trim(), counted: false, reason: v.reason, note: noteOf(v.note) };
    case 'count':
      return { location_id: v.location_id, quantity: v.quantity.trim(), counted: true, reason: 'correction', note: noteOf(v.note) };
    case 'receive':
      return { movement_type: 'receipt', product_id: productId, location_id: v.location_id, quantity: v.quantity.trim(), unit_cost: v.unit_cost.trim(), note: noteOf(v.note) };
    case 'transfer':
      return { movement_type: 'transfer', product_id: productId, from_location_id: v.location_id, to_location_id: v.to_location_id, quantity: v.quantity.trim(), note: noteOf(v.note) };
  }
}

const TEXT = {
  adjust: { title: 'adjustTitle', description: 'adjustDescription', submit: 'submitAdjust', done: 'adjusted' },
  count: { title: 'countTitle', description: 'countDescription', submit: 'submitCount', done: 'countRecorded' },
  receive: { title: 'receiveTitle', description: 'receiveDescription', submit: 'submitReceive', done: 'received' },
  transfer: { title: 'transferTitle', description: 'transferDescription', submit: 'submitTransfer', done: 'transferred' },
} as const;

interface StockDialogProps {
  action: StockAction;
  organizationId: string;
  product: { id: string; name: string };
  locations: readonly Location[];
  currency: string;
  /** The location the dialog starts at (the one a row of the stock table is about). */
  locationId?: string;
  onClose: () => void;
}

/**
 * Adjust, count, receive or transfer one product's stock. The shared schema (the one the API runs)
 * checks the body first; what only the server can tell (more going out than is on hand) comes back
 * as a 422 whose detail is shown in the dialog, which stays open to correct it.
 */
export function StockDialog({ action, organizationId, product, locations, currency, locationId, onClose }: StockDialogProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const first = locationId ?? locations.find((l) => l.is_default)?.id ?? MAIN;
  const [values, setValues] = useState<Values>(() => ({
    location_id: first,
    to_location_id: locations.find((l) => l.id !== first)?.id ?? '',
    quantity: '',
    unit_cost: '',
    reason: 'correction',
    note: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const adjust = useAdjustStock();
  const move = useCreateStockMovement();
  const pending = adjust.isPending || move.isPending;
  const text = TEXT[action];

  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const body = bodyOf(action, product.id, values);
    const parsed = action === 'adjust' || action === 'count' ? stockAdjustment.safeParse(body) : stockMovementCreate.safeParse(body);
    const found: Errors = {};
    if (!parsed.success) {
      await loadMessageTable();
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])] ?? 'quantity';
        found[field] ??= translateIssue(issue);
      }
    }
    if (action === 'transfer' && values.location_id === values.to_location_id) found.to_location_id ??= t('inventory.dialog.sameLocation');
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    try {
      if (action === 'adjust' || action === 'count') {
        await adjust.mutateAsync({ organizationId, productId: product.id, data: parsed.data as never });
      } else {
        await move.mutateAsync({ organizationId, data: parsed.data as never });
      }
    } catch (error) {
      // The server's refusal, in the reader's language where its wording is known.
      setProblem(readerMessage(errorMessage(error)));
      return;
    }
    notify.success(t(`inventory.dialog.${text.done}`, { name: product.name, quantity: values.quantity.trim() }));
    onClose();
  };

  const locationOptions = locations.map((l) => ({ value: l.id, label: localName(l, language) }));
  const quantityLabel = action === 'adjust' ? t('inventory.dialog.change') : action === 'count' ? t('inventory.dialog.counted') : t('inventory.dialog.quantity');

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>{t(`inventory.dialog.${text.title}`, { name: product.name })}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t(`inventory.dialog.${text.description}`)}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Flex direction="column" gap="4">
            {problem ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{problem}</Callout.Text>
              </Callout.Root>
            ) : null}
            <SelectInput
              label={action === 'transfer' ? t('inventory.dialog.from') : t('inventory.dialog.location')}
              value={values.location_id}
              onChange={set('location_id')}
              options={locationOptions}
              error={errors.location_id}
            />
            {action === 'transfer' ? (
              <SelectInput label={t('inventory.dialog.to')} value={values.to_location_id} onChange={set('to_location_id')} options={locationOptions} error={errors.to_location_id} />
            ) : null}
            <TextInput
              label={quantityLabel}
              value={values.quantity}
              onChange={set('quantity')}
              inputMode="decimal"
              dir="ltr"
              autoFocus
              hint={action === 'adjust' ? t('inventory.dialog.changeHint') : undefined}
              error={errors.quantity}
            />
            {action === 'receive' ? (
              <TextInput label={t('inventory.dialog.unitCost', { currency })} value={values.unit_cost} onChange={set('unit_cost')} inputMode="decimal" dir="ltr" error={errors.unit_cost} />
            ) : null}
            {action === 'adjust' ? (
              <SelectInput
                label={t('inventory.dialog.reason')}
                value={values.reason}
                onChange={set('reason')}
                options={ADJUSTMENT_REASONS.map((reason) => ({ value: reason, label: t(`inventory.reasons.${reason}`) }))}
                error={errors.reason}
              />
            ) : null}
            <TextAreaInput label={t('inventory.dialog.note')} value={values.note} onChange={set('note')} dir="auto" rows={2} error={errors.note} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={pending}>
                {t(`inventory.dialog.${text.submit}`)}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/**
 * The four buttons of a tracked product, each opening its dialog. A transfer needs a second
 * location, so it is offered only when the organization has one.
 */
export function StockActions({
  organizationId,
  product,
  locations,
  currency,
  size = '2',
}: {
  organizationId: string;
  product: { id: string; name: string };
  locations: readonly Location[];
  currency: string;
  size?: '1' | '2';
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<StockAction | null>(null);
  const actions = STOCK_ACTIONS.filter((action) => action !== 'transfer' || locations.length > 1);
  return (
    <>
      <Flex gap="2" wrap="wrap">
        {actions.map((action) => (
          <Button key={action} size={size} variant={action === 'receive' ? 'solid' : 'soft'} onClick={() => setOpen(action)}>
            {t(`inventory.actions.${action}`)}
          </Button>
        ))}
      </Flex>
      {open ? <StockDialog action={open} organizationId={organizationId} product={product} locations={locations} currency={currency} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
