import { ArrowLeftIcon, ArrowRightIcon, ExclamationTriangleIcon, Pencil1Icon, PlusIcon } from '@radix-ui/react-icons';
import { Button, Callout, Card, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DocumentFacts } from '../../../components/documents/document-view';
import { useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { errorStatus } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName, otherName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useLocations } from '../../inventory/api/get-locations';
import { useBulkPromotions, type PromotionBulkOperation } from '../api/bulk-promotions';
import { useDeletePromotion } from '../api/delete-promotion';
import { useDeleteRule } from '../api/delete-rule';
import { useCustomersById } from '../api/get-customers-by-id';
import { usePromotion } from '../api/get-promotion';
import { useProductsById } from '../api/get-products-by-id';
import { usePromotionSummary } from '../api/get-promotion-summary';
import { usePromotionUsage } from '../api/get-promotion-usage';
import type { Promotion, PromotionRule } from '../api/keys';
import { PROMOTIONS_PATH, editPromotionPath } from '../components/paths';
import { productLabel } from '../components/pickers';
import { RuleDialog } from '../components/rule-dialog';
import { RuleSummary } from '../components/rule-summary';
import { PromotionStatusBadge } from '../components/status-badge';
import { PromotionTester } from '../components/tester';
import { combiningOf, usePromotionTexts } from '../components/texts';
import { knownTimeZone } from '../components/time';

export const USAGE_PAGE_SIZE = 25;

/** The status changes a promotion's state allows (an ended one never starts again). */
export function statusActions(promotion: Pick<Promotion, 'status'>): PromotionBulkOperation[] {
  switch (promotion.status) {
    case 'draft':
      return ['activate', 'end'];
    case 'active':
      return ['pause', 'end'];
    case 'paused':
      return ['activate', 'end'];
    default:
      return [];
  }
}

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="4" id={id}>
              {title}
            </Heading>
            {actions}
          </Flex>
          {children}
        </Flex>
      </section>
    </Card>
  );
}

/**
 * One promotion: its settings and reward, its rules (each changed or removed through the rule
 * routes), what it has given (summary and uses), and a "why not" tester that runs a test cart
 * through the server's validate.
 */
export function PromotionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const { promotionId = '' } = useParams();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { update, skip } = useListParams();
  const promotion = usePromotion(org, promotionId, !!organizationId);
  const summary = usePromotionSummary(org, promotionId, !!organizationId && !!promotion.data);
  const usage = usePromotionUsage(org, promotionId, { skip, limit: USAGE_PAGE_SIZE }, !!organizationId && !!promotion.data);
  const locations = useLocations(org, !!organizationId);
  const currency = organization?.base_currency ?? 'JOD';
  const timeZone = knownTimeZone(organization?.timezone);
  const texts = usePromotionTexts(currency);
  const bulk = useBulkPromotions();
  const remove = useDeletePromotion();
  const removeRule = useDeleteRule();
  const [dialog, setDialog] = useState<{ rule?: PromotionRule; title: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const freeProduct = promotion.data?.reward.type === 'free_item' ? [promotion.data.reward.product_id] : [];
  const products = useProductsById(org, freeProduct);
  const customers = useCustomersById(org, (usage.data?.data ?? []).flatMap((u) => (u.customer_id ? [u.customer_id] : [])));
  const BackIcon = language === 'ar' ? ArrowRightIcon : ArrowLeftIcon;

  const back = (
    <Button asChild variant="soft" color="gray">
      <Link to={PROMOTIONS_PATH}>
        <BackIcon />
        {t('promotions.page.back')}
      </Link>
    </Button>
  );
  if (!organizationId || promotion.isPending) return <Loading />;
  if (promotion.isError) {
    if (errorStatus(promotion.error) === 404) {
      return (
        <Flex direction="column" gap="4">
          <PageHeader title={t('promotions.page.notFoundTitle')} actions={back} />
          <EmptyState>{t('promotions.page.notFound')}</EmptyState>
        </Flex>
      );
    }
    return <QueryError error={promotion.error} onRetry={() => void promotion.refetch()} />;
  }
  const current = promotion.data;
  const name = localName(current, language);
  const other = otherName(current, language);
  const money = (amount: string) => formatMoney(amount, currency);
  const none = <Text color="gray">—</Text>;
  const locationList = locations.data?.data ?? [];
  const productName = (id: string) => {
    const product = products.get(id);
    return product ? productLabel(product) : undefined;
  };

  const changeStatus = (operation: PromotionBulkOperation) => {
    setProblem(null);
    bulk.mutate(
      { organizationId, operation, promotionIds: [current.id] },
      {
        onSuccess: (answer) => {
          const result = answer.results[0];
          if (result?.ok) notify.success(t(`promotions.page.statusChanged.${operation}`, { name }));
          else setProblem(readerMessage(result?.detail ?? errorMessage(null)));
        },
        onError: (error) => setProblem(readerMessage(errorMessage(error))),
      },
    );
  };
  const onDelete = () => {
    setProblem(null);
    remove.mutate(
      { organizationId, promotionId: current.id },
      {
        onSuccess: (answer) => {
          if (answer.deleted) {
            notify.success(t('promotions.page.deleted', { name }));
            navigate(PROMOTIONS_PATH);
          } else notify.success(t('promotions.page.endedInstead', { name }));
        },
        onError: (error) => setProblem(readerMessage(errorMessage(error))),
      },
    );
  };
  const onDeleteRule = (rule: PromotionRule, title: string) => {
    setProblem(null);
    removeRule.mutate(
      { organizationId, ruleId: rule.id },
      { onSuccess: () => notify.success(t('promotions.rules.deleted', { name: title })), onError: (error) => setProblem(readerMessage(errorMessage(error))) },
    );
  };

  const limitText = (limit: number | null) => (limit ? formatNumber(limit) : t('promotions.page.noLimit'));
  const facts = [
    { label: t('promotions.page.reward'), value: <Text weight="bold">{texts.reward(current.reward, productName)}</Text> },
    { label: t('promotions.columns.type'), value: t(`promotions.types.${current.promotion_type}`) },
    { label: t('promotions.columns.status'), value: <PromotionStatusBadge status={current.status} /> },
    { label: t('promotions.columns.priority'), value: formatNumber(current.priority) },
    { label: t('promotions.columns.combining'), value: texts.combining(combiningOf(current)) },
    { label: t('promotions.page.limitTotal'), value: limitText(current.usage_limit_total) },
    { label: t('promotions.page.limitPerCustomer'), value: limitText(current.usage_limit_per_customer) },
    ...(other ? [{ label: other.lang === 'ar' ? t('promotions.page.nameAr') : t('promotions.page.nameEn'), value: <Text lang={other.lang} dir="auto">{other.text}</Text> }] : []),
    ...(current.description ? [{ label: t('promotions.page.description'), value: <Text dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{current.description}</Text> }] : []),
    { label: t('promotions.page.created'), value: formatDateTime(current.created_at) },
    { label: t('promotions.page.updated'), value: formatDateTime(current.updated_at) },
  ];
  const figures = summary.data;
  const summaryFacts = figures
    ? [
        { label: t('promotions.summary.used'), value: formatNumber(figures.used_total) },
        { label: t('promotions.summary.customers'), value: formatNumber(figures.customers) },
        { label: t('promotions.summary.discount'), value: <Text weight="bold">{money(figures.discount_total)}</Text> },
        { label: t('promotions.summary.remaining'), value: figures.remaining === null ? t('promotions.page.noLimit') : formatNumber(figures.remaining) },
        { label: t('promotions.summary.firstUsed'), value: figures.first_used_at ? formatDateTime(figures.first_used_at) : none },
        { label: t('promotions.summary.lastUsed'), value: figures.last_used_at ? formatDateTime(figures.last_used_at) : none },
      ]
    : [];
  const statusButtons = role.isAdmin ? statusActions(current) : [];
  const ruleTitle = (index: number) => t('promotions.rules.title', { number: index + 1 });

  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={name}
        description={
          <Flex as="span" gap="2" align="center" wrap="wrap">
            <PromotionStatusBadge status={current.status} />
            {t(`promotions.types.${current.promotion_type}`)}
          </Flex>
        }
        actions={back}
      />
      {problem ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>{problem}</Callout.Text>
        </Callout.Root>
      ) : null}
      {role.isAdmin ? (
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('promotions.page.actions')}>
          <Button asChild variant="soft">
            <Link to={editPromotionPath(current.id)}>
              <Pencil1Icon />
              {t('promotions.page.edit')}
            </Link>
          </Button>
          {statusButtons.map((operation) => (
            <Button
              key={operation}
              variant={operation === 'activate' ? 'solid' : 'soft'}
              color={operation === 'end' ? 'red' : operation === 'pause' ? 'amber' : undefined}
              loading={bulk.isPending && bulk.variables?.operation === operation}
              disabled={bulk.isPending}
              onClick={() => changeStatus(operation)}
            >
              {t(`promotions.bulk.${operation}`)}
            </Button>
          ))}
          <ConfirmDialog
            trigger={
              <Button variant="soft" color="red">
                {t('common.delete')}
              </Button>
            }
            title={t('promotions.page.deleteTitle', { name })}
            description={t('promotions.page.deleteDescription')}
            confirmLabel={t('common.delete')}
            onConfirm={onDelete}
            pending={remove.isPending}
          />
        </Flex>
      ) : null}

      <Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
        <Section title={t('promotions.page.settings')}>
          <DocumentFacts facts={facts} />
        </Section>
        <Section title={t('promotions.summary.title')}>
          {summary.isPending ? <Loading /> : null}
          {summary.isError ? <QueryError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
          {figures ? <DocumentFacts facts={summaryFacts} /> : null}
        </Section>
      </Grid>

      <Section
        title={t('promotions.rules.heading')}
        actions={
          role.isAdmin && current.rules.length < 20 ? (
            <Button size="2" variant="soft" onClick={() => setDialog({ title: ruleTitle(current.rules.length) })}>
              <PlusIcon />
              {t('promotions.rules.add')}
            </Button>
          ) : null
        }
      >
        <Text size="2" color="gray">
          {current.rules.length ? t('promotions.rules.anyHolds') : t('promotions.rules.none')}
        </Text>
        {current.rules.map((rule, index) => {
          const title = ruleTitle(index);
          return (
            <Card key={rule.id} variant="surface" asChild>
              <article aria-label={title} data-testid="rule">
                <Flex direction="column" gap="2">
                  <Flex justify="between" align="center" gap="3" wrap="wrap">
                    <Heading as="h3" size="3">
                      {title}
                    </Heading>
                    {role.isAdmin ? (
                      <Flex gap="2">
                        <Button size="1" variant="soft" onClick={() => setDialog({ rule, title })} aria-label={t('promotions.rules.editNamed', { name: title })}>
                          {t('promotions.rules.edit')}
                        </Button>
                        <ConfirmDialog
                          trigger={
                            <Button size="1" variant="soft" color="red" aria-label={t('promotions.rules.deleteNamed', { name: title })}>
                              {t('common.delete')}
                            </Button>
                          }
                          title={t('promotions.rules.deleteTitle', { name: title })}
                          description={current.rules.length === 1 ? t('promotions.rules.deleteLastDescription') : t('promotions.rules.deleteDescription')}
                          confirmLabel={t('common.delete')}
                          onConfirm={() => onDeleteRule(rule, title)}
                          pending={removeRule.isPending}
                        />
                      </Flex>
                    ) : null}
                  </Flex>
                  <RuleSummary organizationId={organizationId} rule={rule} currency={currency} locations={locationList} />
                </Flex>
              </article>
            </Card>
          );
        })}
      </Section>

      {role.isMember ? <PromotionTester organizationId={organizationId} promotion={current} currency={currency} timeZone={timeZone} locations={locationList} /> : null}

      <Section title={t('promotions.usage.title')}>
        {usage.isPending ? <Loading /> : null}
        {usage.isError ? <QueryError error={usage.error} onRetry={() => void usage.refetch()} /> : null}
        {usage.data && usage.data.data.length === 0 ? <EmptyState>{t('promotions.usage.empty')}</EmptyState> : null}
        {usage.data && usage.data.data.length > 0 ? (
          <ColumnsTable
            size="1"
            scroll
            caption={t('promotions.usage.title')}
            rows={usage.data.data}
            rowKey={(use) => use.id}
            columns={[
              { header: t('promotions.usage.when'), rowHeader: true, cell: (use) => formatDateTime(use.created_at) },
              {
                header: t('promotions.usage.reference'),
                cell: (use) => (
                  <Flex direction="column">
                    <Text size="2">{t(`promotions.usage.types.${use.reference_type}`, { defaultValue: t('promotions.usage.types.other') })}</Text>
                    <Text size="1" color="gray" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                      {use.reference_id}
                    </Text>
                  </Flex>
                ),
              },
              {
                header: t('promotions.usage.customer'),
                cell: (use) => {
                  if (!use.customer_id) return none;
                  const customer = customers.get(use.customer_id);
                  return customer ? localName(customer, language) : t('promotions.unknownCustomer');
                },
              },
              {
                header: t('promotions.usage.location'),
                cell: (use) => {
                  if (!use.location_id) return none;
                  const found = locationList.find((l) => l.id === use.location_id);
                  return found ? localName(found, language) : t('promotions.unknownLocation');
                },
              },
              { header: t('promotions.usage.discount'), end: true, cell: (use) => money(use.discount) },
            ]}
          />
        ) : null}
        {usage.data ? <Pagination skip={skip} limit={USAGE_PAGE_SIZE} count={usage.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
      </Section>

      {dialog ? (
        <RuleDialog
          organizationId={organizationId}
          promotionId={current.id}
          rule={dialog.rule}
          title={dialog.title}
          currency={currency}
          timeZone={timeZone}
          locations={locationList}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Flex>
  );
}
