import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Loading, QueryError } from '../../../components/feedback';
import { FormTextInput } from '../../../components/fields';
import { isSignedIn } from '../../../lib/auth';
import { applyServerErrors, useZodForm } from '../../../lib/forms';
import { notify } from '../../../lib/notify';
import { useVerificationStatus } from '../api/check-verification-status';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmailCode } from '../api/verify-email-code';
import { useVerifyEmailToken } from '../api/verify-email-token';

/** The sign-in form reads `location.state.email` to start with the address just verified. */
const signInState = (email: string) => (email ? { email } : undefined);

function Verified({ email }: { email: string }) {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  return (
    <Flex direction="column" gap="4">
      <Callout.Root color="green" role="status">
        <Callout.Icon>
          <CheckCircledIcon />
        </Callout.Icon>
        <Callout.Text>{t('verify.verified')}</Callout.Text>
      </Callout.Root>
      <Button asChild size="3">
        <Link to={signedIn ? '/' : '/login'} state={signedIn ? undefined : signInState(email)}>{signedIn ? t('verify.continue') : t('verify.continueToSignIn')}</Link>
      </Button>
    </Flex>
  );
}

/** Opening the e-mail's link verifies at once; otherwise the six-digit code is typed here. */
export function VerifyEmailForm({ initialEmail, token }: { initialEmail: string; token: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(schemas.verifyEmailCode, { defaultValues: { email: initialEmail, code: '' } });
  const verifyCode = useVerifyEmailCode();
  const verifyToken = useVerifyEmailToken();
  const resend = useResendVerification();
  const status = useVerificationStatus(token ? '' : initialEmail);
  const tokenTried = useRef(false);

  useEffect(() => {
    if (!token || tokenTried.current) return;
    tokenTried.current = true;
    // Verified: what earlier toasts said ("Email not verified") no longer holds.
    verifyToken.mutate(token, { onSuccess: () => notify.dismissAll() });
  }, [token, verifyToken]);

  if (token && (verifyToken.isPending || verifyToken.isIdle)) return <Loading label={t('verify.verifying')} />;
  if (verifyToken.isSuccess || status.data?.is_verified) return <Verified email={initialEmail} />;

  const onSubmit = form.handleSubmit((data) => {
    verifyCode.mutate(data, {
      onSuccess: () => {
        // What earlier toasts said ("Email not verified") no longer holds.
        notify.dismissAll();
        notify.success(t('verify.verified'));
        const signedIn = isSignedIn();
        void navigate(signedIn ? '/' : '/login', { replace: true, state: signedIn ? undefined : signInState(data.email) });
      },
      // The shared handler's toast reports the failure; invalid input is also shown on its field.
      onError: (error) => void applyServerErrors(form, error),
    });
  });

  /** A new code needs only the address: the code field's message (if any) goes. */
  const onResend = async () => {
    form.clearErrors('code');
    if (!(await form.trigger('email'))) return;
    const { email } = schemas.emailBody.parse({ email: form.getValues('email') });
    resend.mutate(email, { onSuccess: () => notify.success(t('verify.codeSent', { email })), onError: (error) => void applyServerErrors(form, error) });
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="4">
        {verifyToken.isError ? <QueryError error={verifyToken.error} /> : null}
        <FormTextInput form={form} name="email" label={t('auth.email')} type="email" autoComplete="email" required />
        <FormTextInput
          form={form}
          name="code"
          label={t('verify.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          hint={t('verify.codeHint')}
          onChange={(e) => (e.target.value = e.target.value.replace(/\D/g, ''))}
        />
        <Button type="submit" size="3" loading={verifyCode.isPending}>
          {t('verify.submit')}
        </Button>
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="2" color="gray">
            {t('verify.noCode')}
          </Text>
          <Button type="button" variant="soft" onClick={() => void onResend()} loading={resend.isPending}>
            {t('verify.resend')}
          </Button>
        </Flex>
        <Text size="2" align="center">
          <TextLink asChild>
            <Link to="/login">{t('auth.backToSignIn')}</Link>
          </TextLink>
        </Text>
      </Flex>
    </form>
  );
}
