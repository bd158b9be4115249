import { Card, Code, Flex, Heading, Link as TextLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { formatDateTime } from '../../../lib/format';
import { useRecentActivity } from '../api/get-recent-activity';
import { useNarrate } from '../../../lib/narrative';

export function RecentActivity({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const narrateText = useNarrate();
  const activity = useRecentActivity(organizationId, true);
  return (
    <Card size="3">
      <Flex justify="between" align="center" mb="3">
        <Heading as="h2" size="4">
          {t('dashboard.recentActivity')}
        </Heading>
        <TextLink asChild size="2">
          <Link to="/settings/audit-log">{t('dashboard.viewAuditLog')}</Link>
        </TextLink>
      </Flex>
      {activity.isPending ? <Loading /> : null}
      {activity.isError ? <QueryError error={activity.error} /> : null}
      {activity.data && activity.data.data.length === 0 ? <EmptyState>{t('dashboard.noActivity')}</EmptyState> : null}
      {activity.data && activity.data.data.length > 0 ? (
        <Flex asChild direction="column" gap="3">
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {activity.data.data.map((entry) => (
              <li key={entry.id}>
                <Text as="div" size="2">
                  {/* Isolated: a sentence in the other direction (an old record's English summary) keeps its punctuation with it. */}
                  <bdi>{narrateText(entry.narrative, entry.summary)}</bdi>
                </Text>
                <Text as="div" size="1" color="gray">
                  <bdi>
                    <Code variant="ghost" size="1">
                      {entry.action}
                    </Code>
                  </bdi>
                  {' · '}
                  <bdi>{entry.user_email ?? t('auditLog.system')}</bdi>
                  {' · '}
                  <bdi>{formatDateTime(entry.created_at)}</bdi>
                </Text>
              </li>
            ))}
          </ul>
        </Flex>
      ) : null}
    </Card>
  );
}
