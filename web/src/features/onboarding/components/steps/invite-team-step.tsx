import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { ROLES, schemas, type Role } from '@daftar/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../../../components/fields';
import { validateForm, type FieldErrors } from '../../../../lib/validation';
import type { StepProps } from './step-props';

interface Row {
  key: number;
  email: string;
  role: Role;
}

const MAX_ROWS = 20;

function initialRows(data: Record<string, unknown>): Row[] {
  const saved = Array.isArray(data.invitations) ? data.invitations : [];
  const rows = saved
    .filter((i): i is { email: string; role?: Role } => !!i && typeof i === 'object' && typeof (i as { email?: unknown }).email === 'string')
    .map((i, index) => ({ key: index, email: i.email, role: i.role && ROLES.includes(i.role) ? i.role : 'member' }));
  return rows.length ? rows : [{ key: 0, email: '', role: 'member' }];
}

/** Colleagues to invite; the server sends the invitations when the step is saved. */
export function InviteTeamStep({ formId, initialData, onValid }: StepProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => initialRows(initialData));
  const [errors, setErrors] = useState<Record<number, FieldErrors>>({});

  const update = (key: number, change: Partial<Row>) => setRows(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const filled = rows.filter((row) => row.email.trim());
    const rowErrors: Record<number, FieldErrors> = {};
    const invitations = [];
    for (const row of filled) {
      const result = validateForm(schemas.invitationCreate, { email: row.email, role: row.role });
      if (result.success) invitations.push({ email: result.data.email, role: result.data.role });
      else rowErrors[row.key] = result.errors;
    }
    setErrors(rowErrors);
    if (Object.keys(rowErrors).length) return;
    const data = { invitations };
    const result = validateForm(schemas.onboardingStepData.invite_team, data);
    if (!result.success) return;
    onValid(data);
  };

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="3">
        {rows.map((row, index) => (
          <Card key={row.key} variant="surface">
            <Grid columns={{ initial: '1', sm: '3fr 2fr auto' }} gap="3" align="end">
              <TextInput
                label={t('onboarding.invite.email', { number: index + 1 })}
                type="email"
                name={`invite-email-${row.key}`}
                value={row.email}
                error={errors[row.key]?.email}
                onChange={(e) => update(row.key, { email: e.target.value })}
              />
              <SelectInput
                label={t('onboarding.invite.role', { number: index + 1 })}
                name={`invite-role-${row.key}`}
                value={row.role}
                onChange={(e) => update(row.key, { role: e.target.value as Role })}
                options={ROLES.filter((role) => role !== 'owner').map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              />
              <Button
                type="button"
                variant="soft"
                color="gray"
                disabled={rows.length === 1}
                aria-label={t('onboarding.invite.removeRow', { number: index + 1 })}
                onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
              >
                {t('common.remove')}
              </Button>
            </Grid>
          </Card>
        ))}
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Button
            type="button"
            variant="soft"
            disabled={rows.length >= MAX_ROWS}
            onClick={() => setRows([...rows, { key: Math.max(...rows.map((r) => r.key)) + 1, email: '', role: 'member' }])}
          >
            <PlusIcon /> {t('onboarding.invite.addRow')}
          </Button>
          <Text size="1" color="gray">
            {t('onboarding.invite.hint')}
          </Text>
        </Flex>
      </Flex>
    </form>
  );
}
