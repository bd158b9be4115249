import { PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Checkbox, DropdownMenu, Flex, Grid, Heading, IconButton, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../components/fields';
import { firstErrorOf, flattenErrors } from '../../../lib/forms';
import type { Location } from '../../inventory/api/keys';
import { CategoriesPicker, CustomersPicker, LocationsPicker, ProductsPicker } from './pickers';
import { CONDITIONS, emptyRule, type Condition, type RuleValues } from './rules';
import { currencyText } from './texts';
import { WEEKDAYS } from './time';

/** The fields of a condition, cleared when the condition is taken out. */
const FIELDS: Record<Condition, (keyof RuleValues)[]> = {
  products: ['product_ids'],
  categories: ['category_ids'],
  min_quantity: ['min_quantity'],
  min_subtotal: ['min_subtotal'],
  customers: ['customer_ids'],
  locations: ['location_ids'],
  period: ['starts_at', 'ends_at'],
  days: ['days_of_week'],
  hours: ['time_from', 'time_to'],
};

/** What the card needs of its form: the rules part of it (the caller's form has more). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RulesForm = UseFormReturn<{ rules: RuleValues[] }, any, any>;

/** The rules part of a form whose values hold more than `rules`. */
export const rulesPartOf = (form: unknown) => form as RulesForm;

interface RuleCardProps {
  /** A form whose values hold `rules: RuleValues[]` (the promotion's form, or the rule dialog's of one rule). */
  form: RulesForm;
  index: number;
  organizationId: string;
  currency: string;
  timeZone: string;
  locations: readonly Location[];
  /** Absent when the rule cannot be taken out here (the rule dialog). */
  onRemove?: () => void;
  /** The card's heading; "Rule N" by default. */
  title?: string;
}

/**
 * One rule of a promotion as a card: the conditions added so far, each with its fields, and a
 * "+ condition" menu offering the others. All the conditions of a rule must hold together.
 */
export function RuleCard({ form, index, organizationId, currency, timeZone, locations, onRemove, title }: RuleCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const base = `rules.${index}` as const;
  const rule = (useWatch({ control: form.control, name: base }) as RuleValues | undefined) ?? emptyRule();
  const errors = flattenErrors(form.formState.errors);
  const errorOf = (field: keyof RuleValues) => firstErrorOf(errors, `${base}.${field}`);
  const heading = title ?? t('promotions.rules.title', { number: index + 1 });

  const set = <K extends keyof RuleValues>(field: K, value: RuleValues[K]) => {
    const name = `${base}.${field}` as `rules.${number}.conditions`;
    form.setValue(name, value as never, { shouldDirty: true });
    form.clearErrors(name);
  };
  const add = (condition: Condition) => set('conditions', [...rule.conditions, condition]);
  const remove = (condition: Condition) => {
    set(
      'conditions',
      rule.conditions.filter((c) => c !== condition),
    );
    const empty = emptyRule();
    for (const field of FIELDS[condition]) set(field, empty[field]);
  };
  const available = CONDITIONS.filter((c) => !rule.conditions.includes(c));
  const conditionName = (condition: Condition) => t(`promotions.conditions.${condition}`);

  const body = (condition: Condition) => {
    switch (condition) {
      case 'products':
        return (
          <ProductsPicker
            organizationId={organizationId}
            label={conditionName('products')}
            hint={t('promotions.rules.productsHint')}
            value={rule.product_ids}
            onChange={(ids) => set('product_ids', ids)}
            error={errorOf('product_ids')}
          />
        );
      case 'categories':
        return (
          <CategoriesPicker
            organizationId={organizationId}
            label={conditionName('categories')}
            hint={t('promotions.rules.categoriesHint')}
            value={rule.category_ids}
            onChange={(ids) => set('category_ids', ids)}
            error={errorOf('category_ids')}
          />
        );
      case 'min_quantity':
        return <FormTextInput form={form} name={`${base}.min_quantity`} label={t('promotions.rules.minQuantity')} hint={t('promotions.rules.minQuantityHint')} inputMode="decimal" dir="ltr" />;
      case 'min_subtotal':
        return (
          <FormTextInput
            form={form}
            name={`${base}.min_subtotal`}
            label={t('promotions.rules.minSubtotal', { currency: currencyText(currency) })}
            hint={t('promotions.rules.minSubtotalHint')}
            inputMode="decimal"
            dir="ltr"
            placeholder="0.000"
          />
        );
      case 'customers':
        return (
          <CustomersPicker
            organizationId={organizationId}
            label={conditionName('customers')}
            value={rule.customer_ids}
            onChange={(ids) => set('customer_ids', ids)}
            error={errorOf('customer_ids')}
          />
        );
      case 'locations':
        return <LocationsPicker label={conditionName('locations')} locations={locations} value={rule.location_ids} onChange={(ids) => set('location_ids', ids)} error={errorOf('location_ids')} />;
      case 'period':
        return (
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormTextInput form={form} name={`${base}.starts_at`} label={t('promotions.rules.startsAt')} type="datetime-local" hint={t('promotions.rules.shopTime', { zone: timeZone })} />
            <FormTextInput form={form} name={`${base}.ends_at`} label={t('promotions.rules.endsAt')} type="datetime-local" hint={t('promotions.rules.endsAtHint')} />
          </Grid>
        );
      case 'days': {
        const error = errorOf('days_of_week');
        const toggle = (day: number, on: boolean) =>
          set(
            'days_of_week',
            on ? [...rule.days_of_week, day].sort((a, b) => a - b) : rule.days_of_week.filter((d) => d !== day),
          );
        return (
          <Flex direction="column" gap="1">
            <Text as="div" size="2" weight="medium">
              {conditionName('days')}
            </Text>
            <Flex gap="3" wrap="wrap" role="group" aria-label={conditionName('days')}>
              {WEEKDAYS.map((day) => (
                <Text as="label" size="2" key={day}>
                  <Flex gap="2" align="center">
                    <Checkbox checked={rule.days_of_week.includes(day)} onCheckedChange={(checked) => toggle(day, checked === true)} />
                    {t(`promotions.weekdays.${day}`)}
                  </Flex>
                </Text>
              ))}
            </Flex>
            {error ? (
              <Text size="1" color="red" role="alert">
                {error}
              </Text>
            ) : null}
          </Flex>
        );
      }
      case 'hours':
        return (
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <FormTextInput form={form} name={`${base}.time_from`} label={t('promotions.rules.timeFrom')} type="time" dir="ltr" />
            <FormTextInput form={form} name={`${base}.time_to`} label={t('promotions.rules.timeTo')} type="time" dir="ltr" hint={t('promotions.rules.hoursHint')} />
          </Grid>
        );
      default:
        return null;
    }
  };

  return (
    <Card size="2" asChild>
      <section aria-labelledby={headingId} data-testid="rule-card">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex direction="column" gap="1">
              <Heading as="h3" size="3" id={headingId}>
                {heading}
              </Heading>
              <Text size="1" color="gray">
                {rule.conditions.length ? t('promotions.rules.allMustHold') : t('promotions.rules.noConditions')}
              </Text>
            </Flex>
            {onRemove ? (
              <Button type="button" size="1" variant="soft" color="red" onClick={onRemove} aria-label={t('promotions.rules.removeNamed', { name: heading })}>
                <TrashIcon />
                {t('promotions.rules.remove')}
              </Button>
            ) : null}
          </Flex>
          {rule.conditions.map((condition) => (
            <Box key={condition} p="3" style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }} data-condition={condition}>
              <Flex justify="between" align="start" gap="3">
                <Box flexGrow="1">{body(condition)}</Box>
                <IconButton
                  type="button"
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label={t('promotions.rules.removeCondition', { name: conditionName(condition) })}
                  onClick={() => remove(condition)}
                >
                  <TrashIcon />
                </IconButton>
              </Flex>
            </Box>
          ))}
          {available.length ? (
            <Box>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger>
                  <Button type="button" size="1" variant="soft" aria-label={t('promotions.rules.addConditionTo', { name: heading })}>
                    <PlusIcon />
                    {t('promotions.rules.addCondition')}
                    <DropdownMenu.TriggerIcon />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Content>
                  {available.map((condition) => (
                    <DropdownMenu.Item key={condition} onSelect={() => add(condition)}>
                      {conditionName(condition)}
                    </DropdownMenu.Item>
                  ))}
                </DropdownMenu.Content>
              </DropdownMenu.Root>
            </Box>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
