import { Link as RadixLink } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../page-header';

/** A document page's top: the way back to its list, then its title, status and actions. */
export function DocumentPageHeader({ backTo, backLabel, title, description, actions }: { backTo: string; backLabel: string; title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <>
      <RadixLink asChild size="2">
        <Link to={backTo}>{backLabel}</Link>
      </RadixLink>
      <PageHeader title={title} description={description} actions={actions} />
    </>
  );
}
