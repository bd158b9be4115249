import { ExclamationTriangleIcon, PlusIcon } from '@radix-ui/react-icons';
import { Button, Callout, Checkbox, Flex, Grid, Link as RadixLink, Text } from '@radix-ui/themes';
import { PROMOTION_STATUSES, PROMOTION_TYPES } from '@daftar/shared/schemas/promotions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ColumnsTable } from '../../../components/columns-table';
import { ListSearchField, useListParams } from '../../../components/documents/document-list';
import { EmptyState, Loading, QueryError } from '../../../components/feedback';
import { SelectInput } from '../../../components/fields';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useOrganizationRole } from '../../../lib/authorization';
import { readerMessage } from '../../../lib/form-errors';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localName, otherName } from '../../../lib/names';
import { errorMessage, notify } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useBulkPromotions, type PromotionBulkOperation } from '../api/bulk-promotions';
import { usePromotions } from '../api/get-promotions';
import type { Promotion, PromotionStatus, PromotionType } from '../api/keys';
import { useSearchPromotions } from '../api/search-promotions';
import { NEW_PROMOTION_PATH, promotionPagePath } from '../components/paths';
import { PromotionStatusBadge } from '../components/status-badge';
import { combiningOf, usePromotionTexts } from '../components/texts';

export const PROMOTIONS_PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

const isStatus = (value: string | null): value is PromotionStatus => PROMOTION_STATUSES.includes(value as PromotionStatus);
const isType = (value: string | null): value is PromotionType => PROMOTION_TYPES.includes(value as PromotionType);

/** What is typed in the search box, written to the address once typing pauses. */
function useDebouncedParam(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settled.current(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

/** The bulk operations the list offers on the selected rows (deleting is one promotion's page's). */
const BULK: readonly PromotionBulkOperation[] = ['activate', 'pause', 'end'];

/**
 * The promotions, newest first, by status and type, or found by name (either language) or
 * description. Admins create them and activate, pause or end several at once.
 */
export function PromotionsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { organization, organizationId } = useCurrentOrganization();
  const org = organizationId ?? '';
  const role = useOrganizationRole(organizationId);
  const { params, update, skip } = useListParams();
  const statusParam = params.get('status');
  const typeParam = params.get('type');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const type = isType(typeParam) ? typeParam : undefined;
  const q = params.get('q')?.trim() ?? '';
  const [search, setSearch] = useDebouncedParam(params.get('q') ?? '', (value) => update({ q: value, skip: null }));
  const page = { skip, limit: PROMOTIONS_PAGE_SIZE, status, promotion_type: type };
  const listed = usePromotions(org, page, !!organizationId && !q);
  const found = useSearchPromotions(org, { ...page, q }, !!organizationId && !!q);
  const promotions = q ? found : listed;
  const bulk = useBulkPromotions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problems, setProblems] = useState<string[]>([]);
  const currency = organization?.base_currency ?? 'JOD';
  const texts = usePromotionTexts(currency);

  // A new page or filter starts with nothing selected: what is selected is always on screen.
  const listKey = JSON.stringify({ skip, status, type, q });
  useEffect(() => setSelected(new Set()), [listKey]);

  if (!organizationId) return <Loading />;
  const rows = promotions.data?.data ?? [];
  const filtered = !!(q || status || type);
  const nameOf = (promotion: Promotion) => localName(promotion, language);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const run = (operation: PromotionBulkOperation) => {
    const ids = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
    if (!ids.length) return;
    setProblems([]);
    bulk.mutate(
      { organizationId, operation, promotionIds: ids },
      {
        onSuccess: (answer) => {
          const names = new Map(rows.map((row) => [row.id, nameOf(row)]));
          if (answer.done > 0) notify.success(t(`promotions.bulk.done.${operation}`, { number: formatNumber(answer.done) }));
          setProblems(answer.results.filter((r) => !r.ok).map((r) => t('promotions.bulk.failedOne', { name: names.get(r.promotion_id) ?? r.promotion_id, reason: readerMessage(r.detail ?? '') })));
          setSelected(new Set(answer.results.filter((r) => !r.ok).map((r) => r.promotion_id)));
        },
        onError: (error) => setProblems([readerMessage(errorMessage(error))]),
      },
    );
  };

  const actions = role.isAdmin ? (
    <Button asChild>
      <Link to={NEW_PROMOTION_PATH}>
        <PlusIcon />
        {t('promotions.list.new')}
      </Link>
    </Button>
  ) : null;

  return (
    <Flex direction="column" gap="4">
      <PageHeader title={t('promotions.list.title')} description={t('promotions.list.intro')} actions={actions} />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end" role="group" aria-label={t('promotions.list.filters')}>
        <SelectInput
          label={t('promotions.columns.status')}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, skip: null })}
          options={[{ value: '', label: t('promotions.list.anyStatus') }, ...PROMOTION_STATUSES.map((s) => ({ value: s, label: t(`promotions.status.${s}`) }))]}
        />
        <SelectInput
          label={t('promotions.columns.type')}
          value={type ?? ''}
          onChange={(e) => update({ type: e.target.value, skip: null })}
          options={[{ value: '', label: t('promotions.list.anyType') }, ...PROMOTION_TYPES.map((s) => ({ value: s, label: t(`promotions.types.${s}`) }))]}
        />
        <ListSearchField label={t('promotions.list.search')} placeholder={t('promotions.list.searchPlaceholder')} value={search} onChange={setSearch} />
      </Grid>
      {role.isAdmin && selected.size > 0 ? (
        <Flex gap="2" align="center" wrap="wrap" role="toolbar" aria-label={t('promotions.bulk.label')}>
          <Text size="2" weight="medium">
            {t('promotions.bulk.selected', { number: formatNumber(selected.size) })}
          </Text>
          {BULK.map((operation) => (
            <Button key={operation} size="1" variant={operation === 'activate' ? 'solid' : 'soft'} color={operation === 'end' ? 'red' : undefined} loading={bulk.isPending && bulk.variables?.operation === operation} disabled={bulk.isPending} onClick={() => run(operation)}>
              {t(`promotions.bulk.${operation}`)}
            </Button>
          ))}
          <Button size="1" variant="ghost" color="gray" onClick={() => setSelected(new Set())}>
            {t('promotions.bulk.clear')}
          </Button>
        </Flex>
      ) : null}
      {problems.length ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Flex direction="column" gap="1">
            {problems.map((problem) => (
              <Callout.Text key={problem}>{problem}</Callout.Text>
            ))}
          </Flex>
        </Callout.Root>
      ) : null}
      {promotions.isPending ? <Loading /> : null}
      {promotions.isError ? <QueryError error={promotions.error} onRetry={() => void promotions.refetch()} /> : null}
      {promotions.data && rows.length === 0 ? <EmptyState>{filtered ? t('promotions.list.noMatch') : t('promotions.list.empty')}</EmptyState> : null}
      {rows.length > 0 ? (
        <ColumnsTable
          variant="surface"
          scroll
          rowAlign="center"
          caption={t('promotions.list.title')}
          rows={rows}
          rowKey={(promotion) => promotion.id}
          columns={[
            role.isAdmin && {
              header: <Checkbox checked={allSelected} onCheckedChange={(checked) => setSelected(checked === true ? new Set(rows.map((r) => r.id)) : new Set())} aria-label={t('promotions.bulk.selectAll')} />,
              cell: (promotion) => <Checkbox checked={selected.has(promotion.id)} onCheckedChange={(checked) => toggle(promotion.id, checked === true)} aria-label={t('promotions.bulk.select', { name: nameOf(promotion) })} />,
            },
            {
              header: t('promotions.columns.name'),
              rowHeader: true,
              cell: (promotion) => {
                const other = otherName(promotion, language);
                return (
                  <Flex direction="column">
                    <RadixLink asChild size="2" weight="medium">
                      <Link to={promotionPagePath(promotion.id)}>
                        <bdi>{nameOf(promotion)}</bdi>
                      </Link>
                    </RadixLink>
                    {other ? (
                      <Text size="1" color="gray" lang={other.lang} dir="auto">
                        {other.text}
                      </Text>
                    ) : null}
                  </Flex>
                );
              },
            },
            { header: t('promotions.columns.type'), cell: (promotion) => t(`promotions.types.${promotion.promotion_type}`) },
            { header: t('promotions.columns.status'), cell: (promotion) => <PromotionStatusBadge status={promotion.status} /> },
            { header: t('promotions.columns.priority'), end: true, cell: (promotion) => formatNumber(promotion.priority) },
            { header: t('promotions.columns.combining'), cell: (promotion) => texts.combining(combiningOf(promotion)) },
            {
              header: t('promotions.columns.used'),
              end: true,
              cell: (promotion) =>
                promotion.usage_limit_total
                  ? t('promotions.list.usedOf', { used: formatNumber(promotion.used_total), limit: formatNumber(promotion.usage_limit_total) })
                  : t('promotions.list.usedNoLimit', { used: formatNumber(promotion.used_total) }),
            },
            { header: t('promotions.columns.discountGiven'), end: true, cell: (promotion) => formatMoney(promotion.discount_total, currency) },
          ]}
        />
      ) : null}
      {promotions.data ? <Pagination skip={skip} limit={PROMOTIONS_PAGE_SIZE} count={promotions.data.count} onChange={(next) => update({ skip: next ? String(next) : null })} /> : null}
    </Flex>
  );
}
