import { ArrowLeftIcon, ArrowRightIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Grid, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { LOYALTY_TRANSACTION_TYPES, type LoyaltyTransactionType } from '@daftar/shared/schemas/loyalty';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { FormAlert } from '../../gift-cards/components/form-parts';
import { useProgram } from '../api/get-program';
import { useMember, useUpdateMember } from '../api/members';
import { useMemberLedger, useReversePointsLine } from '../api/points';
import { useRewards } from '../api/rewards';
import { pointsText, Tile } from '../components/figures';
import { LedgerTable } from '../components/ledger-table';
import { AdjustPointsDialog, RedeemRewardDialog } from '../components/member-dialogs';
import { MEMBERS_PATH, programPagePath } from '../components/paths';
import { MemberStatusBadge } from '../components/status-badge';

export const LEDGER_PAGE_SIZE = 25;

const isType = (value: string | null): value is LoyaltyTransactionType => LOYALTY_TRANSACTION_TYPES.includes(value as LoyaltyTransactionType);

/**
 * A customer's points: what they hold and can use now, its value, their tier and the next points to
 * lapse; the ledger of every change; and what can be done — a reward taken, a manual correction
 * (admins), a manual line undone (admins), the membership suspended or reactivated (admins).
 */
export function MemberRoute() {
  const { t } = useTranslation();
  const { customerId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const typeParam = params.get('type');
  const type = isType(typeParam) ? typeParam : undefined;
  const member = useMember(org, customerId, !!organizationId);
  const program = useProgram(org, member.data?.loyalty_program_id ?? '', !!organizationId && !!member.data);
  const rewards = useRewards(org, member.data?.loyalty_program_id ?? '', !!organizationId && !!member.data);
  const ledger = useMemberLedger(org, customerId, { skip, limit: LEDGER_PAGE_SIZE, transaction_type: type }, !!organizationId && !!member.data);
  const reverse = useReversePointsLine();
  const setStatus = useUpdateMember();
  const [dialog, setDialog] = useState<'adjust' | 'redeem' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const BackIcon = currentLanguage() === 'ar' ? ArrowRightIcon : ArrowLeftIcon;
  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={MEMBERS_PATH}>
        <BackIcon />
        {t('loyalty.member.back')}
      </Link>
    </Button>
  );
  if (!organizationId || member.isPending) return <Loading />;
  if (member.isError) {
    if (errorStatus(member.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('loyalty.member.notFoundTitle')} actions={back} />
          <EmptyState>{t('loyalty.member.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={member.error} onRetry={() => void member.refetch()} />;
  }
  const current = member.data;
  const currency = organization?.base_currency ?? 'JOD';
  const deferral = program.data?.accounting_method === 'deferral';
  const activeRewards = (rewards.data?.data ?? []).filter((r) => r.active);
  const fail = (error: unknown) => setProblem(readerMessage(errorMessage(error)));
  const onReverse = (line: { id: string; points: number }) => {
    setProblem(null);
    reverse.mutate({ organizationId, transactionId: line.id }, { onSuccess: () => notify.success(t('loyalty.ledger.reversedDone')), onError: fail });
  };
  const onStatus = (status: 'active' | 'suspended') => {
    setProblem(null);
    setStatus.mutate(
      { organizationId, customerId: current.customer_id, data: { status } },
      { onSuccess: () => notify.success(t(status === 'active' ? 'loyalty.member.reactivated' : 'loyalty.member.suspended')), onError: fail },
    );
  };
  const tierText = current.tier ?? t('loyalty.noTier');
  const usable = current.status === 'active';

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('loyalty.member.title', { name: current.customer_name })}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <MemberStatusBadge status={current.status} />
            <RadixLink asChild size="2">
              <Link to={programPagePath(current.loyalty_program_id)}>{current.program_name}</Link>
            </RadixLink>
            <Text color="gray">{t('loyalty.member.enrolledOn', { date: formatDate(current.enrolled_at.slice(0, 10)) })}</Text>
          </Flex>
        }
        actions={back}
      />
      {problem ? <FormAlert message={problem} /> : null}
      {current.status === 'suspended' ? <Notice color="amber">{t('loyalty.member.suspendedNotice')}</Notice> : null}
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('loyalty.member.actions')}>
        {role.isMember && usable ? (
          <Button onClick={() => setDialog('redeem')} disabled={!activeRewards.length}>
            {t('loyalty.member.redeemReward')}
          </Button>
        ) : null}
        {role.isAdmin ? (
          <Button variant="soft" color="gray" onClick={() => setDialog('adjust')}>
            {t('loyalty.member.adjust')}
          </Button>
        ) : null}
        {role.isAdmin ? (
          current.status === 'active' ? (
            <Button variant="soft" color="amber" onClick={() => onStatus('suspended')} loading={setStatus.isPending}>
              {t('loyalty.member.suspend')}
            </Button>
          ) : (
            <Button variant="soft" color="green" onClick={() => onStatus('active')} loading={setStatus.isPending}>
              {t('loyalty.member.reactivate')}
            </Button>
          )
        ) : null}
      </Flex>
      <Grid columns={{ initial: '1', xs: '2', md: '4' }} gap="3" role="region" aria-label={t('loyalty.member.points')}>
        <Tile label={t('loyalty.member.balance')} value={pointsText(current.points_balance)}>
          <Text as="div" size="1">
            {t('loyalty.member.available', { points: pointsText(current.points_available) })}
          </Text>
        </Tile>
        <Tile label={t('loyalty.member.value')} value={formatMoney(current.points_value, currency)}>
          {deferral ? (
            <Text as="div" size="1" color="gray">
              {t('loyalty.member.deferred', { amount: formatMoney(current.deferred_revenue, currency) })}
            </Text>
          ) : null}
        </Tile>
        <Tile label={t('loyalty.member.tier')} value={tierText}>
          <Text as="div" size="1" color="gray">
            {t('loyalty.member.lifetime', { points: pointsText(current.lifetime_points), redeemed: pointsText(current.redeemed_points), expired: pointsText(current.expired_points) })}
          </Text>
        </Tile>
        <Tile label={t('loyalty.member.nextExpiry')} value={current.next_expiry ? formatDate(current.next_expiry.on) : t('loyalty.member.noExpiry')}>
          {current.next_expiry ? (
            <Text as="div" size="1" color="amber">
              {t('loyalty.member.expiring', { points: pointsText(current.next_expiry.points) })}
            </Text>
          ) : null}
          {current.last_activity_at ? (
            <Text as="div" size="1" color="gray">
              {t('loyalty.member.lastActivity', { time: formatDateTime(current.last_activity_at) })}
            </Text>
          ) : null}
        </Tile>
      </Grid>
      {current.notes ? (
        <Text size="2" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>
          {current.notes}
        </Text>
      ) : null}
      <Card size="3" asChild>
        <section aria-labelledby="loyalty-ledger">
          <Flex justify="between" align="end" mb="3" gap="3" wrap="wrap">
            <Heading as="h2" size="4" id="loyalty-ledger">
              {t('loyalty.member.ledger')}
            </Heading>
            <SelectInput
              label={t('loyalty.columns.line')}
              value={type ?? ''}
              onChange={(e) => update({ type: e.target.value, skip: null })}
              options={[{ value: '', label: t('loyalty.member.anyLine') }, ...LOYALTY_TRANSACTION_TYPES.map((value) => ({ value, label: t(`loyalty.lines.${value}`) }))]}
            />
          </Flex>
          {ledger.isPending ? <Loading /> : null}
          {ledger.isError ? <QueryError error={ledger.error} onRetry={() => void ledger.refetch()} /> : null}
          {ledger.data && ledger.data.data.length === 0 ? <EmptyState>{t('loyalty.member.ledgerEmpty')}</EmptyState> : null}
          {ledger.data && ledger.data.data.length > 0 ? (
            <LedgerTable
              lines={ledger.data.data}
              currency={currency}
              caption={t('loyalty.member.ledger')}
              showDeferred={deferral}
              onReverse={role.isAdmin ? onReverse : undefined}
              reversing={reverse.isPending}
            />
          ) : null}
          {ledger.data ? <Pagination skip={skip} limit={LEDGER_PAGE_SIZE} count={ledger.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
        </section>
      </Card>
      {dialog === 'adjust' ? <AdjustPointsDialog organizationId={organizationId} member={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'redeem' ? <RedeemRewardDialog organizationId={organizationId} member={current} rewards={activeRewards} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
