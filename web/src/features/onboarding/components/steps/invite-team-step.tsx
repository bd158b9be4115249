import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes';
import { ROLES, schemas, type Role } from '@daftar/shared';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormSelectInput, FormTextInput } from '../../../../components/fields';
import { useZodForm } from '../../../../lib/forms';
import type { StepProps } from './step-props';

interface Row {
  email: string;
  role: Role;
}

interface Values {
  rows: Row[];
}

/** Each filled row is an invitation (the shared schema); an empty row is left out, not refused. */
const schema = z.object({
  rows: z.array(z.preprocess((row) => ((row as Row).email.trim() ? row : undefined), schemas.invitationCreate.optional())),
});

const MAX_ROWS = 20;

function initialRows(data: Record<string, unknown>): Row[] {
  const saved = Array.isArray(data.invitations) ? data.invitations : [];
  const rows = saved
    .filter((i): i is { email: string; role?: Role } => !!i && typeof i === 'object' && typeof (i as { email?: unknown }).email === 'string')
    .map((i): Row => ({ email: i.email, role: i.role && ROLES.includes(i.role) ? i.role : 'member' }));
  return rows.length ? rows : [{ email: '', role: 'member' }];
}

/** Colleagues to invite; the server sends the invitations when the step is saved. */
export function InviteTeamStep({ formId, initialData, onValid }: StepProps) {
  const { t } = useTranslation();
  const form = useZodForm<typeof schema, Values>(schema, { defaultValues: { rows: initialRows(initialData) } });
  const rows = useFieldArray({ control: form.control, name: 'rows' });

  const onSubmit = form.handleSubmit((parsed) => {
    const invitations = parsed.rows.flatMap((row) => (row ? [{ email: row.email, role: row.role }] : []));
    const data = { invitations };
    if (!schemas.onboardingStepData.invite_team.safeParse(data).success) return;
    onValid(data);
  });

  return (
    <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Flex direction="column" gap="3">
        {rows.fields.map((row, index) => (
          <Card key={row.id} variant="surface">
            <Grid columns={{ initial: '1', sm: '3fr 2fr auto' }} gap="3" align="end">
              <FormTextInput form={form} name={`rows.${index}.email`} label={t('onboarding.invite.email', { number: index + 1 })} type="email" />
              <FormSelectInput
                form={form}
                name={`rows.${index}.role`}
                label={t('onboarding.invite.role', { number: index + 1 })}
                options={ROLES.filter((role) => role !== 'owner').map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              />
              <Button
                type="button"
                variant="soft"
                color="gray"
                disabled={rows.fields.length === 1}
                aria-label={t('onboarding.invite.removeRow', { number: index + 1 })}
                onClick={() => rows.remove(index)}
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
            disabled={rows.fields.length >= MAX_ROWS}
            onClick={() => rows.append({ email: '', role: 'member' }, { shouldFocus: false })}
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
