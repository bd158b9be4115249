import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <main className="auth-page">
      <Card size="4" className="auth-card">
        <Flex direction="column" gap="3">
          <Heading as="h1" size="5">
            {t('notFound.title')}
          </Heading>
          <Text color="gray">{t('notFound.description')}</Text>
          <Button asChild>
            <Link to="/">{t('notFound.home')}</Link>
          </Button>
        </Flex>
      </Card>
    </main>
  );
}
