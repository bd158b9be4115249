import { Button, Flex, Popover, Select, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorOf, maxDiscountMinor, type LineDiscount } from './ticket-model';

interface LineDiscountProps {
  name: string;
  discount: LineDiscount | null;
  /** The line's subtotal before discount (minor units), to hold an amount to the cashier's limit. */
  subtotal: number;
  currency: string;
  /** Members' limit in percent; null for admins and owners. */
  maxPercent: number | null;
  label: string;
  onChange: (discount: LineDiscount | null) => void;
}

export function LineDiscountEditor({ name, discount, subtotal, currency, maxPercent, label, onChange }: LineDiscountProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<LineDiscount['type']>(discount?.type ?? 'percent');
  const [value, setValue] = useState(discount ? (discount.type === 'amount' ? discount.amount : String(discount.percent)) : '');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const text = value.trim();
    const number = Number(text);
    if (!text || !Number.isFinite(number) || number <= 0 || !/^\d+(\.\d{1,3})?$/.test(text)) return setError(t('pos.discount.invalid'));
    if (type === 'percent') {
      if (number > 100) return setError(t('pos.discount.invalid'));
      if (maxPercent != null && number > maxPercent) return setError(t('pos.discount.tooLarge', { percent: maxPercent }));
      onChange({ type: 'percent', percent: number });
    } else {
      if (maxPercent != null && minorOf(text, currency) > maxDiscountMinor(subtotal, maxPercent)) return setError(t('pos.discount.tooLarge', { percent: maxPercent }));
      onChange({ type: 'amount', amount: text });
    }
    setError(null);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger>
        <Button size="1" variant={discount ? 'soft' : 'ghost'} aria-label={t('pos.discount.edit', { name })}>
          {label}
        </Button>
      </Popover.Trigger>
      <Popover.Content size="1" maxWidth="280px">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <Flex direction="column" gap="2">
            <Text size="2" weight="bold">
              {t('pos.discount.edit', { name })}
            </Text>
            <Select.Root value={type} onValueChange={(v) => setType(v as LineDiscount['type'])}>
              <Select.Trigger aria-label={t('pos.discount.type')} />
              <Select.Content>
                <Select.Item value="percent">{t('pos.discount.percent')}</Select.Item>
                <Select.Item value="amount">{t('pos.discount.amount')}</Select.Item>
              </Select.Content>
            </Select.Root>
            <TextField.Root
              autoFocus
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-label={t('pos.discount.value')}
              aria-invalid={error ? true : undefined}
            />
            {maxPercent != null ? (
              <Text size="1" color="gray">
                {t('pos.discount.limit', { percent: maxPercent })}
              </Text>
            ) : null}
            {error ? (
              <Text size="1" color="red" role="alert">
                {error}
              </Text>
            ) : null}
            <Flex gap="2" justify="end">
              <Button
                type="button"
                variant="soft"
                color="gray"
                onClick={() => {
                  onChange(null);
                  setValue('');
                  setOpen(false);
                }}
              >
                {t('pos.discount.clear')}
              </Button>
              <Button type="submit">{t('pos.discount.apply')}</Button>
            </Flex>
          </Flex>
        </form>
      </Popover.Content>
    </Popover.Root>
  );
}
