import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** A screen that failed to load or render (for example a chunk lost to a new deployment). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main className="auth-page">
      <Card size="4" className="auth-card">
        <Flex direction="column" gap="3">
          <Heading as="h1" size="5">
            {t('errors.pageTitle')}
          </Heading>
          <Text color="gray">{isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('errors.pageDescription')}</Text>
          <Flex gap="2">
            <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
            <Button variant="soft" asChild>
              <a href="/">{t('errors.home')}</a>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </main>
  );
}
