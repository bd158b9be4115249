import { useQuery } from '@tanstack/react-query';
import { membersQueryOptions } from '../../../lib/authorization';

/** The member list also decides the caller's role (SPEC §6), so its query lives in lib. */
export { membersQueryOptions };

export const useMembers = (organizationId: string) => useQuery(membersQueryOptions(organizationId));
