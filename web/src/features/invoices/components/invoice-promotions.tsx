import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { usePromotionTexts } from '../../promotions/components/texts';
import type { InvoicePromotions } from '../api/apply-promotions';
import type { Invoice } from '../api/get-invoices';

interface Named {
  promotion_id: string;
  name: string;
  name_ar: string | null;
}

/** A promotion's name in the reader's language (the Arabic one when it has one). */
const nameOf = (p: Named) => (currentLanguage() === 'ar' ? p.name_ar || p.name : p.name);

/**
 * The invoice form's "Apply promotions" (issue 16): the button, and what the server answered — each
 * promotion that applies with its reason and discount, each one that does not with the engine's
 * "why not", in the reader's language (the promotions feature's own wording of the reasons).
 */
export function ApplyPromotions({
  currency,
  result,
  error,
  applying,
  disabled,
  onApply,
}: {
  currency: string;
  result: InvoicePromotions | null;
  error: string | null;
  applying: boolean;
  disabled: boolean;
  onApply: () => void;
}) {
  const { t } = useTranslation();
  const texts = usePromotionTexts(currency);
  const all: Named[] = result ? [...result.applied, ...result.skipped] : [];
  const names = { promotion: (id: string) => { const p = all.find((x) => x.promotion_id === id); return p ? nameOf(p) : undefined; } };
  const why = (p: InvoicePromotions['applied'][number]) => texts.reason(p.reason_key, p.reason_params, p.reason, names);
  return (
    <Flex direction="column" gap="2">
      <Flex gap="3" align="center" wrap="wrap">
        <Button type="button" variant="soft" loading={applying} disabled={disabled} onClick={onApply}>
          {t('invoices.promotions.apply')}
        </Button>
        <Text size="1" color="gray">
          {t('invoices.promotions.hint')}
        </Text>
      </Flex>
      {error ? (
        <Text size="2" color="red" role="alert">
          {t('invoices.promotions.failed', { detail: error })}
        </Text>
      ) : null}
      {result ? (
        <Card aria-label={t('invoices.promotions.title')} role="region">
          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              {t('invoices.promotions.title')}
            </Heading>
            {all.length === 0 ? <Text size="2">{t('invoices.promotions.none')}</Text> : null}
            {result.applied.length ? (
              <Text size="2" weight="bold">
                {t('invoices.promotions.applied', { amount: formatMoney(result.discount_total, currency) })}
              </Text>
            ) : null}
            <ul style={{ margin: 0, paddingInlineStart: 'var(--space-4)' }}>
              {result.applied.map((p) => (
                <li key={p.promotion_id}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color="green">{t('invoices.promotions.applies')}</Badge>
                    <Text size="2">
                      {/* The badge already says it applies: the sentence gives what it takes off. */}
                      <Text weight="bold">{nameOf(p)}</Text> — {t('invoices.promotions.takesOff', { amount: formatMoney(p.discount, currency) })}
                    </Text>
                  </Flex>
                </li>
              ))}
              {result.skipped.map((p) => (
                <li key={p.promotion_id}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color="gray">{t('invoices.promotions.doesNotApply')}</Badge>
                    <Text size="2" color="gray">
                      <Text weight="bold">{nameOf(p)}</Text> — {why(p)}
                    </Text>
                  </Flex>
                </li>
              ))}
            </ul>
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}

/** A confirmed invoice's promotions and loyalty points: what the confirmation used and earned. */
export function InvoiceRewards({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  if (!invoice.promotions.length && !invoice.loyalty) return null;
  return (
    <Card size="3" role="region" aria-label={t('invoices.rewards.title')}>
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          {t('invoices.rewards.title')}
        </Heading>
        {invoice.promotions.map((p) => (
          <Text key={p.promotion_id} size="2">
            {t('invoices.rewards.promotion', { name: nameOf(p), amount: formatMoney(p.discount, invoice.currency) })}
          </Text>
        ))}
        {invoice.loyalty ? (
          <>
            <Text size="2">{t('invoices.rewards.pointsEarned', { points: formatNumber(invoice.loyalty_points_earned) })}</Text>
            {invoice.loyalty_points_taken_back ? (
              <Text size="2">{t('invoices.rewards.pointsTakenBack', { points: formatNumber(invoice.loyalty_points_taken_back) })}</Text>
            ) : null}
            {invoice.loyalty.shortfall_points ? (
              <Text size="2">
                {t('invoices.rewards.shortfall', { points: formatNumber(invoice.loyalty.shortfall_points), amount: formatMoney(invoice.loyalty.shortfall_amount, invoice.currency) })}
              </Text>
            ) : null}
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
