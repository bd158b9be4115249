import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm } from '../../../lib/validation';
import { useRecoverPassword } from '../api/recover-password';

export function RecoverPasswordForm() {
  const { t } = useTranslation();
  const recover = useRecoverPassword();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.emailBody, { email });
    if (!result.success) return setError(result.errors.email);
    setError(undefined);
    recover.mutate(result.data.email, { onSuccess: () => notify.success(t('recover.sent')) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        {recover.isSuccess ? <Notice color="green">{t('recover.sent')}</Notice> : null}
        <TextInput label={t('auth.email')} type="email" name="email" autoComplete="email" required value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" size="3" loading={recover.isPending}>
          {t('recover.submit')}
        </Button>
        <Text size="2" align="center">
          <TextLink asChild>
            <Link to="/login">{t('auth.backToSignIn')}</Link>
          </TextLink>
        </Text>
      </Flex>
    </form>
  );
}
