import { CheckCircledIcon, CircleIcon } from '@radix-ui/react-icons';
import { Badge, Card, Flex, Heading, Link as TextLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../../../lib/format';
import type { Organization } from '../../../lib/organizations';
import { useBusinessOverview } from '../api/get-business-overview';
import { useCustomerCount, useEinvoicingStatus, useReceivedPaymentCount } from '../api/get-first-steps';
import { useOrganizationStats } from '../api/get-organization-stats';

export const FIRST_STEPS = ['taxDetails', 'einvoicing', 'customer', 'invoice', 'payment', 'accountant'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

interface Step {
  key: FirstStep;
  /** Undefined while what decides it is still loading (or could not be read). */
  done: boolean | undefined;
  to: string;
}

/** Each step ticked from what the organization has really done, linking to where it is done. */
function useSteps(organization: Organization): Step[] {
  const overview = useBusinessOverview(organization.id);
  const einvoicing = useEinvoicingStatus(organization.id);
  const customers = useCustomerCount(organization.id);
  const payments = useReceivedPaymentCount(organization.id);
  const stats = useOrganizationStats(organization.id);
  const missing = einvoicing.data?.missing_fields ?? [];
  const invoiceCount = overview.data ? Object.values(overview.data.invoice_counts).reduce((sum, n) => sum + n, 0) : undefined;
  return [
    { key: 'taxDetails', done: !!organization.tax_number && !!organization.taxpayer_track, to: '/settings/organization' },
    { key: 'einvoicing', done: einvoicing.data?.is_complete, to: missing.length ? `/settings/e-invoicing#${missing[0]}` : '/settings/e-invoicing' },
    { key: 'customer', done: customers.data ? customers.data.count > 0 : undefined, to: '/sales/customers' },
    { key: 'invoice', done: invoiceCount === undefined ? undefined : invoiceCount > 0, to: '/sales/invoices/new' },
    { key: 'payment', done: payments.data ? payments.data.count > 0 : undefined, to: '/sales/payments' },
    {
      key: 'accountant',
      done: stats.data ? stats.data.member_count > 1 || stats.data.pending_invitations > 0 : undefined,
      to: '/settings/invitations',
    },
  ];
}

/** What a new organization does first; gone once everything is done. */
export function FirstSteps({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const steps = useSteps(organization);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card size="3" asChild style={{ flex: '2 1 320px', minWidth: 0 }}>
      <section aria-labelledby="home-first-steps">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="baseline" gap="3" wrap="wrap">
            <Heading as="h2" size="4" id="home-first-steps">
              {t('home.steps.title')}
            </Heading>
            <Text size="2" color="gray">
              {t('home.steps.progress', { done: formatNumber(done), total: formatNumber(steps.length) })}
            </Text>
          </Flex>
          {/* A bar of our own: its fill starts at the inline start, so it grows from the right in Arabic. */}
          <div
            role="progressbar"
            aria-label={t('home.steps.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={steps.length}
            aria-valuenow={done}
            style={{ height: 6, borderRadius: 'var(--radius-thumb)', background: 'var(--gray-a4)', overflow: 'hidden' }}
          >
            <div style={{ height: '100%', width: `${(done / steps.length) * 100}%`, background: 'var(--accent-9)' }} />
          </div>
          <Flex asChild direction="column" gap="3">
            <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {steps.map((step) => (
                <li key={step.key}>
                  <Flex gap="3" align="start">
                    <Text as="span" color={step.done ? 'green' : 'gray'} style={{ paddingTop: 2 }}>
                      {step.done ? <CheckCircledIcon width={18} height={18} aria-hidden /> : <CircleIcon width={18} height={18} aria-hidden />}
                    </Text>
                    <Flex direction="column" gap="1" flexGrow="1">
                      <Flex gap="2" align="center" wrap="wrap">
                        {step.done ? (
                          <Text size="2" weight="medium" color="gray">
                            {t(`home.steps.items.${step.key}.title`)}
                          </Text>
                        ) : (
                          <TextLink asChild size="2" weight="medium">
                            <Link to={step.to}>{t(`home.steps.items.${step.key}.title`)}</Link>
                          </TextLink>
                        )}
                        {step.done ? (
                          <Badge color="green" size="1">
                            {t('home.steps.done')}
                          </Badge>
                        ) : null}
                      </Flex>
                      {step.done ? null : (
                        <Text size="1" color="gray">
                          {t(`home.steps.items.${step.key}.description`)}
                        </Text>
                      )}
                    </Flex>
                  </Flex>
                </li>
              ))}
            </ol>
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
