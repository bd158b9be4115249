import { Card, Flex, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { formatDateTime, locale } from '../../../lib/format';
import type { DataSource } from './data-source';

const DOT = { display: 'inline-block', flex: 'none', width: 10, height: 10, borderRadius: '50%' } as const;
const DOT_COLOR: Record<DataSource, string> = { live: 'var(--green-9)', fallback: 'var(--amber-9)', loading: 'var(--gray-8)' };

/** A coloured dot beside its word: the word carries the meaning, the dot is decoration. */
function StatusDot({ name, source }: { name: string; source: DataSource }) {
  const { t } = useTranslation();
  const state = t(`analytics.footer.status.${source}`);
  return (
    <Flex as="span" align="center" gap="2" role="status" aria-label={`${name}: ${state}`} data-source={source}>
      <span aria-hidden style={{ ...DOT, background: DOT_COLOR[source] }} />
      <Text size="2">
        {name}: <Text weight="medium">{state}</Text>
      </Text>
    </Flex>
  );
}

const time = (instant: number) => new Intl.DateTimeFormat(locale(), { timeStyle: 'short' }).format(new Date(instant));

interface StatusFooterProps {
  /** The dashboard summary's last_updated, else when it was read. */
  lastUpdated: string | null;
  /** When the dashboard summary will be read again (after its last read + 300 s), or null before the first. */
  nextUpdate: number | null;
  revenue: DataSource;
  receivables: DataSource;
}

/** Freshness and provenance of the figures: last update, next automatic one, live or sample data. */
export function StatusFooter({ lastUpdated, nextUpdate, revenue, receivables }: StatusFooterProps) {
  const { t } = useTranslation();
  const sources = [revenue, receivables];
  const quality = sources.includes('fallback') ? 'someSample' : sources.includes('loading') ? 'checking' : 'allLive';
  const title = t('analytics.footer.title');
  return (
    <Card asChild>
      <section aria-label={title}>
        <Flex direction={{ initial: 'column', md: 'row' }} justify="between" gap="3">
          <Flex direction="column" gap="1">
            {lastUpdated ? (
              <Text size="2" color="gray">
                {t('analytics.footer.lastUpdated', { when: formatDateTime(lastUpdated) })}
              </Text>
            ) : null}
            <Text size="2" color="gray">
              {nextUpdate === null ? t('analytics.footer.autoRefresh') : t('analytics.footer.autoRefreshNext', { time: time(nextUpdate) })}
            </Text>
            <Text size="2" color={quality === 'someSample' ? 'amber' : 'gray'}>
              {t(`analytics.footer.quality.${quality}`)}
            </Text>
          </Flex>
          <Flex direction="column" gap="1">
            <StatusDot name={t('analytics.footer.revenueAnalytics')} source={revenue} />
            <StatusDot name={t('analytics.footer.receivables')} source={receivables} />
          </Flex>
        </Flex>
      </section>
    </Card>
  );
}
