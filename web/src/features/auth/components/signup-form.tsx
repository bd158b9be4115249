import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FormTextInput } from '../../../components/fields';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useSignup } from '../api/signup';

export function SignupForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  const form = useZodForm(schemas.signUpForm, { defaultValues: { full_name: '', email: initialEmail, password: '', confirm_password: '' } });

  const onSubmit = form.handleSubmit((data) => {
    const { confirm_password: _confirmation, ...body } = data;
    signup.mutate(body, {
      onSuccess: () => {
        notify.success(t('auth.signupSuccess'));
        void navigate(`/verify-email?email=${encodeURIComponent(data.email)}`);
      },
      // The shared handler's toast reports the failure; invalid input is also shown on its fields.
      onError: (error) => void applyServerErrors(form, error),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <FormTextInput form={form} name="full_name" label={t('auth.fullName')} autoComplete="name" />
        <FormTextInput form={form} name="email" label={t('auth.email')} type="email" autoComplete="email" required />
        <FormTextInput form={form} name="password" label={t('auth.password')} type="password" autoComplete="new-password" required hint={t('auth.passwordHint')} />
        <FormTextInput form={form} name="confirm_password" label={t('auth.confirmPassword')} type="password" autoComplete="new-password" required />
        <Button type="submit" size="3" loading={signup.isPending}>
          {t('auth.signUp')}
        </Button>
        <Text size="2" align="center">
          {t('auth.haveAccount')}{' '}
          <TextLink asChild>
            <Link to="/login">{t('auth.logIn')}</Link>
          </TextLink>
        </Text>
      </Flex>
    </form>
  );
}
