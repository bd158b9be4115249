import { CheckCircledIcon, CrossCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { cardNumber, GIFT_CARD_PIN_LOCK_MINUTES, giftCardValidate } from '@daftar/shared/schemas/giftCards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormTextInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import type { CardCheck } from '../api/keys';
import { useValidateGiftCard } from '../api/validate-gift-card';
import { FormAlert, showFailure, typed } from './form-parts';
import { giftCardPath } from './paths';

/** The counter's check: the number (Luhn-checked by the shared schema before anything is sent) and the PIN. */
const checkSchema = giftCardValidate.extend({ card_number: cardNumber });

interface CheckValues {
  card_number: string;
  pin: string;
}

/** Why a card cannot pay, in words; null when it can. */
export function useCheckReason() {
  const { t } = useTranslation();
  return (check: CardCheck): string | null => {
    switch (check.reason) {
      case null:
        return null;
      case 'not_active':
        return t('giftCards.check.reasons.not_active', { status: t(`giftCards.status.${check.status}`) });
      case 'expired':
        return t('giftCards.check.reasons.expired', { date: check.expires_on ? formatDate(check.expires_on) : '' });
      case 'pin_required':
        return t('giftCards.check.reasons.pin_required');
      case 'pin_wrong': {
        const left = check.attempts_left ?? 0;
        return t('giftCards.check.reasons.pin_wrong', { count: left, number: formatNumber(left) });
      }
      case 'pin_locked':
        return t('giftCards.check.reasons.pin_locked', { minutes: formatNumber(GIFT_CARD_PIN_LOCK_MINUTES) });
    }
  };
}

/**
 * "Check a card": before a card is taken as payment, whether it can pay now and, if not, why (not
 * active, expired, a PIN needed or wrong, locked after wrong tries). A wrong PIN here counts towards
 * the lock-out as at the till.
 */
export function CheckCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const validate = useValidateGiftCard();
  const reasonOf = useCheckReason();
  const [result, setResult] = useState<CardCheck | 'not-found' | null>(null);
  const form = useZodForm<typeof checkSchema, CheckValues>(checkSchema, {
    defaultValues: { card_number: '', pin: '' },
    prepare: (values) => ({ card_number: values.card_number, pin: typed(values.pin) ?? null }),
  });

  const onSubmit = form.handleSubmit((data) => {
    setResult(null);
    validate.mutate(
      { organizationId, cardNumber: data.card_number, pin: data.pin },
      {
        onSuccess: setResult,
        // No card with this number: said here, in the reader's language, beside the number.
        onError: (error) => (errorStatus(error) === 404 ? setResult('not-found') : showFailure(form, error)),
      },
    );
  });

  const reason = result && result !== 'not-found' ? reasonOf(result) : null;

  return (
    <Card size="2" asChild>
      <section aria-labelledby="check-card-title">
        <Flex direction="column" gap="3">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="3" id="check-card-title">
              {t('giftCards.check.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('giftCards.check.intro')}
            </Text>
          </Flex>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="check-card-title">
            <Flex gap="3" align="start" wrap="wrap">
              <div style={{ flex: '2 1 14rem' }}>
                <FormTextInput form={form} name="card_number" label={t('giftCards.check.number')} inputMode="numeric" dir="ltr" autoComplete="off" placeholder="9000 0000 0000 0000" />
              </div>
              <div style={{ flex: '1 1 8rem' }}>
                <FormTextInput form={form} name="pin" label={t('giftCards.check.pin')} hint={t('giftCards.check.pinHint')} type="password" inputMode="numeric" dir="ltr" autoComplete="off" maxLength={6} />
              </div>
              <Flex pt="5">
                <Button type="submit" variant="soft" loading={validate.isPending}>
                  {t('giftCards.check.submit')}
                </Button>
              </Flex>
            </Flex>
          </form>
          <FormAlert message={form.formState.errors.root?.message} />
          <div aria-live="polite">
            {result === 'not-found' ? (
              <Callout.Root color="red" data-testid="card-check">
                <Callout.Icon>
                  <CrossCircledIcon />
                </Callout.Icon>
                <Callout.Text>{t('giftCards.check.notFound')}</Callout.Text>
              </Callout.Root>
            ) : result ? (
              <Callout.Root color={result.valid ? 'green' : 'red'} data-testid="card-check">
                <Callout.Icon>{result.valid ? <CheckCircledIcon /> : <CrossCircledIcon />}</Callout.Icon>
                <Callout.Text>
                  {result.valid ? t('giftCards.check.canPay', { balance: formatMoney(result.balance, result.currency) }) : reason}{' '}
                  <RadixLink asChild>
                    <Link to={giftCardPath(result.gift_card_id)}>{t('giftCards.check.view')}</Link>
                  </RadixLink>
                </Callout.Text>
              </Callout.Root>
            ) : null}
          </div>
        </Flex>
      </section>
    </Card>
  );
}
