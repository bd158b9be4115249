import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { TextInput } from '../../../components/fields';
import { ApiError } from '../../../lib/api-client';
import { completeSignIn } from '../../../lib/auth';
import { notify, notifyError } from '../../../lib/notify';
import type { FieldErrors } from '../../../lib/validation';
import { useLogin } from '../api/login';

/**
 * The shared schemas (and zod) load after the sign-in screen is up, keeping them out of the
 * entry chunk; by the time someone submits they are there.
 */
const loadValidation = () => import('./login-validation');

const isUnverified = (error: unknown) => error instanceof ApiError && error.status === 403 && /not verified/i.test(error.detail ?? '');

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const [finishing, setFinishing] = useState(false);

  useEffect(() => {
    void loadValidation();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { validateLogin } = await loadValidation();
    const result = validateLogin(values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    login.mutate(result.data, {
      onSuccess: async ({ access_token }) => {
        setFinishing(true);
        const next = await completeSignIn(queryClient, access_token);
        await navigate(next, { replace: true });
      },
      onError: (error) => {
        if (isUnverified(error)) {
          notify.warning(t('auth.verifyBeforeSignIn'));
          void navigate(`/verify-email?email=${encodeURIComponent(result.data.username)}`);
          return;
        }
        notifyError(error);
      },
    });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        <TextInput
          label={t('auth.email')}
          type="email"
          name="username"
          autoComplete="email"
          required
          value={values.username}
          error={errors.username}
          onChange={(e) => setValues({ ...values, username: e.target.value })}
        />
        <TextInput
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
        />
        <Flex justify="end">
          <TextLink asChild size="2">
            <Link to="/recover-password">{t('auth.forgotPassword')}</Link>
          </TextLink>
        </Flex>
        <Button type="submit" size="3" loading={login.isPending || finishing}>
          {t('auth.logIn')}
        </Button>
        <Text size="2" align="center">
          {t('auth.noAccount')}{' '}
          <TextLink asChild>
            <Link to="/signup">{t('auth.signUp')}</Link>
          </TextLink>
        </Text>
      </Flex>
    </form>
  );
}
