import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../../components/feedback';
import { TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useResetPassword } from '../api/reset-password';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [values, setValues] = useState({ new_password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors<'new_password' | 'confirm_password'>>({});

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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.resetPasswordForm, values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    reset.mutate({ token, new_password: result.data.new_password }, {
      onSuccess: () => {
        notify.success(t('reset.success'));
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <TextInput
          label={t('reset.newPassword')}
          type="password"
          name="new_password"
          autoComplete="new-password"
          required
          value={values.new_password}
          error={errors.new_password}
          hint={t('auth.passwordHint')}
          onChange={(e) => setValues({ ...values, new_password: e.target.value })}
        />
        <TextInput
          label={t('auth.confirmPassword')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          required
          value={values.confirm_password}
          error={errors.confirm_password}
          onChange={(e) => setValues({ ...values, confirm_password: e.target.value })}
        />
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
