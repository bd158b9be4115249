import { Card, Grid, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Loading, QueryError } from '../../../components/feedback';
import { formatNumber } from '../../../lib/format';
import { useGlobalApiKeyStats, type GlobalApiKeyStats } from '../api/get-global-api-key-stats';

const FIGURES: (keyof GlobalApiKeyStats)[] = ['total_keys', 'active_keys', 'inactive_keys', 'expired_keys', 'total_requests', 'organizations_with_keys'];

export function ApiKeyStatsPanel() {
  const { t } = useTranslation();
  const stats = useGlobalApiKeyStats();
  if (stats.isPending) return <Loading />;
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <Grid columns={{ initial: '2', sm: '3' }} gap="3">
      {FIGURES.map((figure) => (
        <Card key={figure}>
          <Text as="div" size="1" color="gray">
            {t(`admin.apiKeyStats.${figure}`)}
          </Text>
          <Text as="div" size="6" weight="bold">
            {formatNumber(stats.data[figure])}
          </Text>
        </Card>
      ))}
    </Grid>
  );
}
