import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useZodForm(schemas.resetPasswordForm, { defaultValues: { new_password: '', confirm_password: '' } });

  if (!token) {
    return (
      <Flex direction="column" gap="4">
        <Notice color="amber">{t('reset.missingToken')}</Notice>
        <Button asChild>
          <Link to="/recover-password">{t('reset.requestNew')}</Link>
        </Button>
      </Flex>
    );
  }

  const onSubmit = form.handleSubmit(({ new_password }) => {
    reset.mutate({ token, new_password }, {
      onSuccess: () => {
        notify.success(t('reset.success'));
        void navigate('/login', { replace: true });
      },
      // The shared handler's toast reports the failure; invalid input is also shown on its field.
      onError: (error) => void applyServerErrors(form, error),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <FormTextInput form={form} name="new_password" label={t('reset.newPassword')} type="password" autoComplete="new-password" required hint={t('auth.passwordHint')} />
        <FormTextInput form={form} name="confirm_password" label={t('auth.confirmPassword')} type="password" autoComplete="new-password" required />
        <Button type="submit" size="3" loading={reset.isPending}>
          {t('reset.submit')}
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
