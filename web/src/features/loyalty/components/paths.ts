export const LOYALTY_PATH = '/loyalty';
export const NEW_PROGRAM_PATH = '/loyalty/new';
export const MEMBERS_PATH = '/loyalty/members';

export const programPagePath = (programId: string) => `${LOYALTY_PATH}/programs/${encodeURIComponent(programId)}`;
export const editProgramPath = (programId: string) => `${programPagePath(programId)}/edit`;
export const membersOfProgramPath = (programId: string) => `${MEMBERS_PATH}?program=${encodeURIComponent(programId)}`;
export const memberPagePath = (customerId: string) => `${MEMBERS_PATH}/${encodeURIComponent(customerId)}`;
