import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormTextInput } from '../../../components/fields';
import { errorStatus } from '../../../lib/api-client';
import { completeSignIn } from '../../../lib/auth';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify, notifyError } from '../../../lib/notify';
import { useLogin } from '../api/login';

/**
 * The shared schemas (and zod, ~30 KiB gzipped) are not part of what the sign-in screen waits
 * for (issue #13): they are fetched once someone focuses or touches the form, so they are there
 * by the time the address and password are typed; the first submit waits for them otherwise.
 * A failed fetch is forgotten, so the next attempt tries again.
 */
let validation: Promise<typeof import('./login-validation').loginSchema> | null = null;
const loadSchema = () =>
  (validation ??= import('./login-validation').then(
    (module) => module.loginSchema,
    (error: unknown) => {
      validation = null;
      throw error;
    },
  ));
const prefetchSchema = () => void loadSchema().catch(() => undefined);

/**
 * Right credentials, unverified address: the sign-in call's only 403 (functions/src/auth). Told
 * by its status, not by the words of its detail.
 */
const isUnverified = (error: unknown) => errorStatus(error) === 403;

/** The address a screen sends along (`state.email`, e.g. just verified) to start the form with. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const initialEmail = emailFrom(useLocation().state);
  const form = useZodForm(loadSchema, { defaultValues: { username: initialEmail, password: '' } });
  const [finishing, setFinishing] = useState(false);

  const onSubmit = form.handleSubmit((data) => {
    login.mutate(data, {
      onSuccess: async ({ access_token }) => {
        setFinishing(true);
        const next = await completeSignIn(queryClient, access_token);
        await navigate(next, { replace: true });
      },
      onError: (error) => {
        if (isUnverified(error)) {
          notify.warning(t('auth.verifyBeforeSignIn'));
          void navigate(`/verify-email?email=${encodeURIComponent(data.username)}`);
          return;
        }
        applyServerErrors(form, error);
        notifyError(error);
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={prefetchSchema} onPointerDown={prefetchSchema} noValidate>
      <Flex direction="column" gap="4">
        <FormTextInput form={form} name="username" label={t('auth.email')} type="email" autoComplete="email" required />
        <FormTextInput form={form} name="password" label={t('auth.password')} type="password" autoComplete="current-password" required />
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
