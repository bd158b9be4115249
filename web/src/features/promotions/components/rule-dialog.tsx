import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Dialog, Flex } from '@radix-ui/themes';
import { promotionRuleInput } from '@daftar/shared/schemas/promotions';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formAlert, reportFormFailure } from '../../../lib/form-failure';
import { payloadSchema } from '../../../lib/form-schema';
import { useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import type { Location } from '../../inventory/api/keys';
import { useAddRule } from '../api/add-rule';
import type { PromotionRule } from '../api/keys';
import { useUpdateRule } from '../api/update-rule';
import { usePromotionMessages } from './promotion-messages';
import { RuleCard, rulesPartOf } from './rule-card';
import { emptyConditions, emptyRule, rulePayload, ruleValuesOf, type RuleValues } from './rules';

interface RuleDialogProps {
  organizationId: string;
  promotionId: string;
  /** The rule being changed; absent when adding one. */
  rule?: PromotionRule;
  /** "Rule N": where the rule is (or will be) in the promotion's list. */
  title: string;
  currency: string;
  timeZone: string;
  locations: readonly Location[];
  onClose: () => void;
}

/**
 * One rule of a saved promotion, built as in the promotion's form (its values are `rules[0]`, so the
 * card is the same) and sent to the rule routes: a new rule is added, a changed one replaced whole.
 */
export function RuleDialog({ organizationId, promotionId, rule, title, currency, timeZone, locations, onClose }: RuleDialogProps) {
  const { t } = useTranslation();
  const messages = usePromotionMessages();
  const add = useAddRule();
  const update = useUpdateRule();
  const schema = useMemo(
    () =>
      payloadSchema(
        promotionRuleInput,
        (values: { rules: RuleValues[] }) => rulePayload(values.rules[0]!, timeZone),
        (values) => emptyConditions(values.rules[0]!, ['rules', 0], (condition) => t(`promotions.errors.empty.${condition}`)),
        (path) => (path[0] === 'rules' ? path : ['rules', 0, ...path]),
      ),
    [timeZone, t],
  );
  const form = useZodForm(schema, {
    defaultValues: { rules: [rule ? ruleValuesOf(rule, timeZone) : emptyRule()] },
    messages: messages.form,
  });
  const pending = form.formState.isSubmitting || add.isPending || update.isPending;
  const alert = formAlert(form);

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      if (rule) await update.mutateAsync({ organizationId, ruleId: rule.id, data });
      else await add.mutateAsync({ organizationId, promotionId, data });
    } catch (error) {
      const rename = Object.fromEntries(['product_ids', 'category_ids', 'min_quantity', 'min_subtotal', 'customer_ids', 'location_ids', 'starts_at', 'ends_at', 'days_of_week', 'time_from', 'time_to'].map((f) => [f, `rules.0.${f}`]));
      return reportFormFailure(form, error, { rename, message: messages.server, unplaced: 'form' });
    }
    notify.success(rule ? t('promotions.rules.saved', { name: title }) : t('promotions.rules.added', { name: title }));
    onClose();
  });

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Content maxWidth="760px">
        <Dialog.Title>{rule ? t('promotions.rules.editTitle', { name: title }) : t('promotions.rules.addTitle')}</Dialog.Title>
        <Dialog.Description size="2" mb="4" color="gray">
          {t('promotions.rules.dialogDescription')}
        </Dialog.Description>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={rule ? t('promotions.rules.editTitle', { name: title }) : t('promotions.rules.addTitle')}>
          <Flex direction="column" gap="4">
            {alert ? (
              <Callout.Root color="red" role="alert">
                <Callout.Icon>
                  <ExclamationTriangleIcon />
                </Callout.Icon>
                <Callout.Text>{alert}</Callout.Text>
              </Callout.Root>
            ) : null}
            <RuleCard form={rulesPartOf(form)} index={0} organizationId={organizationId} currency={currency} timeZone={timeZone} locations={locations} title={title} />
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  {t('common.cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={pending}>
                {rule ? t('common.saveChanges') : t('promotions.rules.addSubmit')}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
