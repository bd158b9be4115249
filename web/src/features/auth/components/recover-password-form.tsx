import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useRecoverPassword } from '../api/recover-password';

export function RecoverPasswordForm() {
  const { t } = useTranslation();
  const recover = useRecoverPassword();
  const form = useZodForm(schemas.emailBody, { defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(({ email }) => {
    recover.mutate(email, { onSuccess: () => notify.success(t('recover.sent')), onError: (error) => void applyServerErrors(form, error) });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        {recover.isSuccess ? <Notice color="green">{t('recover.sent')}</Notice> : null}
        <FormTextInput form={form} name="email" label={t('auth.email')} type="email" autoComplete="email" required />
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
