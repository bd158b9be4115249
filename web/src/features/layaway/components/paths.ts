export const LAYAWAYS_PATH = '/layaway';
export const NEW_LAYAWAY_PATH = '/layaway/new';

export const layawayPagePath = (layawayId: string) => `${LAYAWAYS_PATH}/${encodeURIComponent(layawayId)}`;
