import { Button, Flex, Link as TextLink, Text } from '@radix-ui/themes';
import { schemas } from '@daftar/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { TextInput } from '../../../components/fields';
import { notify } from '../../../lib/notify';
import { validateForm, type FieldErrors } from '../../../lib/validation';
import { useSignup } from '../api/signup';

type Field = 'full_name' | 'email' | 'password' | 'confirm_password';

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  const [values, setValues] = useState<Record<Field, string>>({ full_name: '', email: '', password: '', confirm_password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: e.target.value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(schemas.signUpForm, values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    const { confirm_password: _confirmation, ...body } = result.data;
    signup.mutate(body, {
      onSuccess: () => {
        notify.success(t('auth.signupSuccess'));
        void navigate(`/verify-email?email=${encodeURIComponent(result.data.email)}`);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        <TextInput label={t('auth.fullName')} name="full_name" autoComplete="name" value={values.full_name} error={errors.full_name} onChange={set('full_name')} />
        <TextInput label={t('auth.email')} type="email" name="email" autoComplete="email" required value={values.email} error={errors.email} onChange={set('email')} />
        <TextInput
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.password}
          hint={t('auth.passwordHint')}
          onChange={set('password')}
        />
        <TextInput
          label={t('auth.confirmPassword')}
          type="password"
          name="confirm_password"
          autoComplete="new-password"
          required
          value={values.confirm_password}
          error={errors.confirm_password}
          onChange={set('confirm_password')}
        />
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
