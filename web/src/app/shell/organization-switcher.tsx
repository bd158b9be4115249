import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@radix-ui/themes';
import { CreateOrganizationDialog } from '../../features/organizations/components/create-organization-dialog';
import { directionOfText } from '../../lib/direction';
import { useCurrentOrganization } from '../../lib/organizations';

/** Which organization the user works in (SPEC §4); switching clears every cached read. */
export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const { organizations, organizationId, switchOrganization, isLoading } = useCurrentOrganization();
  const current = organizations.find((organization) => organization.id === organizationId)?.name;
  return (
    <div className="org-switcher">
      {/* Shown where the header has room for it (styles.css); the select keeps it as its name. */}
      <Text as="label" htmlFor={id} size="2" weight="medium" className="org-switcher-label">
        {t('shell.organization')}
      </Text>
      <select
        id={id}
        className="native-select"
        value={organizationId ?? ''}
        title={current}
        dir={directionOfText(current)}
        disabled={isLoading || organizations.length === 0}
        onChange={(event) => switchOrganization(event.target.value)}
      >
        {organizations.length === 0 ? <option value="">{isLoading ? t('common.loading') : t('shell.noOrganization')}</option> : null}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id} dir={directionOfText(organization.name)}>
            {organization.name}
          </option>
        ))}
      </select>
      <CreateOrganizationDialog onCreated={(organization) => switchOrganization(organization.id)} />
    </div>
  );
}
