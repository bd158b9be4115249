import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Switch, Tabs, Text } from '@radix-ui/themes';
import { CATEGORY_TYPES, type CategoryType } from '@daftar/shared/schemas/categories';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, Loading, Notice, QueryError } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useOrganizationRole } from '../../../lib/authorization';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify, notifyError } from '../../../lib/notify';
import { useCurrentOrganization } from '../../../lib/organizations';
import { useDeleteCategory } from '../api/delete-category';
import { useRootCategories, type Category } from '../api/get-root-categories';
import { useUpdateCategory } from '../api/update-category';
import { CategoryDialog, type CategoryDialogState } from '../components/category-dialog';
import { CategoryTree } from '../components/category-tree';
import { localName } from '../components/names';

const isType = (value: string | null): value is CategoryType => CATEGORY_TYPES.includes(value as CategoryType);
const DELETED = 'Category deleted successfully';

/** A refusal the person must act on (a category with sub-categories), kept on the page until dismissed. */
interface Refusal {
  name: string;
  detail: string;
}

export function CategoriesRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const switchId = useId();
  const { organizationId } = useCurrentOrganization();
  const role = useOrganizationRole(organizationId);
  const [params, setParams] = useSearchParams();
  const type: CategoryType = isType(params.get('type')) ? (params.get('type') as CategoryType) : 'product';
  const includeInactive = params.get('inactive') === '1';
  const org = organizationId ?? '';
  const roots = useRootCategories(org, type, includeInactive);
  const [dialog, setDialog] = useState<CategoryDialogState | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const remove = useDeleteCategory();
  const toggle = useUpdateCategory();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const onDelete = (category: Category) => {
    const name = localName(category, language);
    setRefusal(null);
    setBusyId(category.id);
    remove.mutate(
      { organizationId: org, categoryId: category.id },
      {
        onSuccess: ({ message }) => {
          // Products that use the category keep it: the API deactivates it instead and says so.
          if (message === DELETED) notify.success(t('categories.deleted', { name }));
          else notify.warning(message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setRefusal({ name, detail: error.detail ?? t('errors.generic') });
          else notifyError(error);
        },
        onSettled: () => setBusyId(null),
      },
    );
  };

  const onToggleActive = (category: Category) => {
    const name = localName(category, language);
    setBusyId(category.id);
    toggle.mutate(
      { organizationId: org, categoryId: category.id, data: { is_active: !category.is_active, version: category.version } },
      {
        onSuccess: (changed) => notify.success(t(changed.is_active ? 'categories.activated' : 'categories.deactivated', { name })),
        onSettled: () => setBusyId(null),
      },
    );
  };

  if (!organizationId || role.isLoading) return <Loading />;
  return (
    <Flex direction="column" gap="4">
      <PageHeader
        title={t('categories.title')}
        description={t('categories.intro')}
        actions={role.isMember ? <Button onClick={() => setDialog({ mode: 'create', type })}>{t('categories.newCategory')}</Button> : null}
      />
      {refusal ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Flex direction="column" gap="2">
            <Text size="2" weight="bold">
              {t('categories.cannotDelete', { name: refusal.name })}
            </Text>
            <Text size="2">{refusal.detail}</Text>
            <Flex>
              <Button size="1" variant="soft" color="red" onClick={() => setRefusal(null)}>
                {t('categories.dismiss')}
              </Button>
            </Flex>
          </Flex>
        </Callout.Root>
      ) : null}
      <Tabs.Root value={type} onValueChange={(value) => update({ type: value })}>
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Tabs.List aria-label={t('categories.typeFilter')}>
            {CATEGORY_TYPES.map((value) => (
              <Tabs.Trigger key={value} value={value}>
                {t(`categories.typesPlural.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Flex gap="2" align="center">
            <Switch id={switchId} checked={includeInactive} onCheckedChange={(checked) => update({ inactive: checked ? '1' : null })} />
            <Text as="label" htmlFor={switchId} size="2">
              {t('categories.showInactive')}
            </Text>
          </Flex>
        </Flex>
        <Tabs.Content value={type}>
          <Flex direction="column" gap="3" pt="4">
            {roots.isPending ? <Loading /> : null}
            {roots.isError ? <QueryError error={roots.error} onRetry={() => void roots.refetch()} /> : null}
            {roots.data && roots.data.data.length === 0 ? <EmptyState>{t('categories.empty', { type: t(`categories.types.${type}`) })}</EmptyState> : null}
            {roots.data && roots.data.count > roots.data.data.length ? (
              <Notice color="gray">{t('categories.truncated', { shown: formatNumber(roots.data.data.length), count: formatNumber(roots.data.count) })}</Notice>
            ) : null}
            {roots.data && roots.data.data.length > 0 ? (
              <CategoryTree
                organizationId={organizationId}
                roots={roots.data.data}
                label={t(`categories.typesPlural.${type}`)}
                actions={{
                  canEdit: role.isMember,
                  canDelete: role.isAdmin,
                  includeInactive,
                  busyId,
                  onAddChild: (parent) => setDialog({ mode: 'create', type, parent }),
                  onEdit: (category) => setDialog({ mode: 'edit', category }),
                  onToggleActive,
                  onDelete,
                }}
              />
            ) : null}
          </Flex>
        </Tabs.Content>
      </Tabs.Root>
      {dialog ? <CategoryDialog organizationId={organizationId} state={dialog} onClose={() => setDialog(null)} /> : null}
    </Flex>
  );
}
