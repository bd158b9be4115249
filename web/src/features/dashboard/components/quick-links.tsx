import { Card, Flex, Grid, Heading, Link as TextLink, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const LINKS = [
  { to: '/settings/members', key: 'members', adminOnly: false },
  { to: '/settings/invitations', key: 'invitations', adminOnly: true },
  { to: '/settings/files', key: 'files', adminOnly: false },
  { to: '/settings/api-keys', key: 'apiKeys', adminOnly: true },
] as const;

export function QuickLinks({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t('dashboard.quickLinks')}
      </Heading>
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {LINKS.filter((link) => !link.adminOnly || isAdmin).map((link) => (
          <Flex key={link.key} direction="column" gap="1">
            <TextLink asChild weight="medium">
              <Link to={link.to}>{t(`dashboard.links.${link.key}.title`)}</Link>
            </TextLink>
            <Text size="1" color="gray">
              {t(`dashboard.links.${link.key}.description`)}
            </Text>
          </Flex>
        ))}
      </Grid>
    </Card>
  );
}
