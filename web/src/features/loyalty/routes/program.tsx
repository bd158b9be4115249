import { ArrowLeftIcon, ArrowRightIcon, Pencil1Icon, PersonIcon, PlusIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { DocumentFacts } from '../../../components/documents/document-view';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useProgram, useProgramSummary } from '../api/get-program';
import type { Program, Reward } from '../api/keys';
import { useRewards, useUpdateReward } from '../api/rewards';
import { FormAlert } from '../../gift-cards/components/form-parts';
import { pointsText, programName } from '../components/figures';
import { LOYALTY_PATH, editProgramPath, membersOfProgramPath } from '../components/paths';
import { RewardDialog } from '../components/reward-dialog';
import { ProgramStatusBadge } from '../components/status-badge';
import { SummaryTiles } from '../components/summary-tiles';

/** The terms as a reader checks them: per JOD, rounding, minimum, a point's value, expiry, tiers. */
function TermsFacts({ program, currency }: { program: Program; currency: string }) {
  const { t } = useTranslation();
  const facts = [
    { label: t('loyalty.terms.earning'), value: t('loyalty.terms.earningValue', { points: program.points_per_unit, rounding: t(`loyalty.rounding.${program.rounding}`) }) },
    { label: t('loyalty.terms.minimumSpend'), value: formatMoney(program.minimum_spend, currency) },
    // A point may be worth a fraction of a fil ("0.0025"): shown with every digit the program has.
    { label: t('loyalty.terms.pointValue'), value: <bdi dir="ltr">{`${program.point_value} ${currency}`}</bdi> },
    { label: t('loyalty.terms.expiry'), value: program.expiry_days ? t('loyalty.terms.expiryDays', { days: formatNumber(program.expiry_days) }) : t('loyalty.terms.noExpiry') },
    { label: t('loyalty.terms.minRedemption'), value: program.min_redemption_points ? pointsText(program.min_redemption_points) : t('loyalty.terms.anyPoints') },
    { label: t('loyalty.terms.method'), value: t(`loyalty.methods.${program.accounting_method}`) },
    ...(program.accounting_method === 'deferral' ? [{ label: t('loyalty.terms.redemptionRate'), value: <bdi dir="ltr">{program.redemption_rate}</bdi> }] : []),
    {
      label: t('loyalty.terms.tiers'),
      value: program.tiers.length ? (
        <Flex gap="2" wrap="wrap">
          {program.tiers.map((tier) => (
            <Badge key={tier.name} variant="soft">
              {t('loyalty.terms.tier', { name: tier.name, from: pointsText(tier.min_lifetime_points), multiplier: tier.multiplier })}
            </Badge>
          ))}
        </Flex>
      ) : (
        t('loyalty.terms.noTiers')
      ),
    },
  ];
  return <DocumentFacts facts={facts} />;
}

/** The program's rewards: what members can take for their points, added and changed by admins. */
function Rewards({ organizationId, program, currency, canEdit }: { organizationId: string; program: Program; currency: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const rewards = useRewards(organizationId, program.id);
  const toggle = useUpdateReward();
  const [editing, setEditing] = useState<Reward | 'new' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const language = currentLanguage();
  const setActive = (reward: Reward, active: boolean) => {
    setProblem(null);
    toggle.mutate(
      { organizationId, rewardId: reward.id, data: { active } },
      {
        onSuccess: () => notify.success(t(active ? 'loyalty.reward.reactivated' : 'loyalty.reward.deactivated', { name: reward.name })),
        onError: (error) => setProblem(readerMessage(errorMessage(error))),
      },
    );
  };
  const rows = rewards.data?.data ?? [];
  return (
    <Card size="3" asChild>
      <section aria-labelledby="loyalty-rewards">
        <Flex justify="between" align="center" mb="3" gap="2" wrap="wrap">
          <Heading as="h2" size="4" id="loyalty-rewards">
            {t('loyalty.program.rewards')}
          </Heading>
          {canEdit ? (
            <Button size="2" onClick={() => setEditing('new')}>
              <PlusIcon />
              {t('loyalty.reward.add')}
            </Button>
          ) : null}
        </Flex>
        {problem ? <FormAlert message={problem} /> : null}
        {rewards.isPending ? <Loading /> : null}
        {rewards.isError ? <QueryError error={rewards.error} onRetry={() => void rewards.refetch()} /> : null}
        {rewards.data && rows.length === 0 ? <EmptyState>{t('loyalty.program.noRewards')}</EmptyState> : null}
        {rows.length ? (
          <ColumnsTable
            variant="surface"
            size="2"
            scroll
            rowAlign="center"
            caption={t('loyalty.program.rewards')}
            rows={rows}
            rowKey={(reward) => reward.id}
            columns={[
              { header: t('loyalty.reward.name'), rowHeader: true, cell: (reward) => localName(reward, language) },
              { header: t('loyalty.reward.cost'), end: true, cell: (reward) => pointsText(reward.points_cost) },
              {
                header: t('loyalty.reward.gives'),
                cell: (reward) => (reward.reward_type === 'discount' && reward.discount_amount ? t('loyalty.reward.discountOf', { amount: formatMoney(reward.discount_amount, currency) }) : t('loyalty.rewardTypes.free_item')),
              },
              { header: t('loyalty.columns.status'), cell: (reward) => (reward.active ? <Badge color="green">{t('loyalty.reward.active')}</Badge> : <Badge color="gray">{t('loyalty.reward.inactive')}</Badge>) },
              canEdit && {
                header: <VisuallyHidden>{t('loyalty.reward.actions')}</VisuallyHidden>,
                cell: (reward) => (
                  <Flex gap="2" justify="end">
                    <Button size="1" variant="soft" color="gray" onClick={() => setEditing(reward)} aria-label={t('loyalty.reward.editNamed', { name: reward.name })}>
                      <Pencil1Icon />
                      {t('loyalty.reward.edit')}
                    </Button>
                    <Button
                      size="1"
                      variant="soft"
                      color={reward.active ? 'red' : 'green'}
                      onClick={() => setActive(reward, !reward.active)}
                      aria-label={t(reward.active ? 'loyalty.reward.deactivateNamed' : 'loyalty.reward.reactivateNamed', { name: reward.name })}
                    >
                      {reward.active ? t('loyalty.reward.deactivate') : t('loyalty.reward.reactivate')}
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
        ) : null}
        {editing ? (
          <RewardDialog organizationId={organizationId} programId={program.id} currency={currency} reward={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
        ) : null}
      </section>
    </Card>
  );
}

/** One program: its figures, terms and rewards; its members are a click away. */
export function ProgramRoute() {
  const { t } = useTranslation();
  const { programId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const program = useProgram(org, programId, !!organizationId);
  const summary = useProgramSummary(org, programId, !!organizationId && !!program.data);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={LOYALTY_PATH}>
        <BackIcon />
        {t('loyalty.program.back')}
      </Link>
    </Button>
  );
  if (!organizationId || program.isPending) return <Loading />;
  if (program.isError) {
    if (errorStatus(program.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('loyalty.program.notFoundTitle')} actions={back} />
          <EmptyState>{t('loyalty.program.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={program.error} onRetry={() => void program.refetch()} />;
  }
  const current = program.data;
  const currency = organization?.base_currency ?? 'JOD';
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={programName(current)}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <ProgramStatusBadge status={current.status} />
            {current.description ? <Text dir="auto">{current.description}</Text> : null}
          </Flex>
        }
        actions={back}
      />
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('loyalty.program.actions')}>
        <Button asChild variant="soft">
          <Link to={membersOfProgramPath(current.id)}>
            <PersonIcon />
            {t('loyalty.program.members')}
          </Link>
        </Button>
        {role.isAdmin ? (
          <Button asChild variant="soft" color="gray">
            <Link to={editProgramPath(current.id)}>
              <Pencil1Icon />
              {t('loyalty.program.edit')}
            </Link>
          </Button>
        ) : null}
      </Flex>
      {summary.isError ? <QueryError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      {summary.data ? <SummaryTiles program={current} figures={summary.data} currency={currency} /> : summary.isPending ? <Loading /> : null}
      <Card size="3" asChild>
        <section aria-labelledby="loyalty-terms">
          <Heading as="h2" size="4" mb="3" id="loyalty-terms">
            {t('loyalty.program.terms')}
          </Heading>
          <TermsFacts program={current} currency={currency} />
        </section>
      </Card>
      <Rewards organizationId={organizationId} program={current} currency={currency} canEdit={role.isAdmin} />
    </Flex>
  );
}
