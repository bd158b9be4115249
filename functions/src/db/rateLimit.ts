import type { EntityItem } from 'electrodb';
import { Entity } from './entity.js';
import { entityConfig } from './client.js';

/**
 * A fixed-window counter for throttling: sign-in failures per e-mail and per source IP, mail
 * sends (verification codes, password recovery) per e-mail and per IP. The window opens with the
 * first hit and closes at `window_ends` (epoch seconds); TTL removes the item afterwards.
 * Access: by (scope, subject) — read to check (sign-in reads both of its counters in the
 * BatchGetItem that reads the e-mail guard), one UpdateItem with ADD to count.
 */
export const RateLimit = new Entity(
  {
    model: { entity: 'rate_limit', version: '1', service: 'daftar' },
    attributes: {
      scope: { type: 'string', required: true, readOnly: true },
      subject: { type: 'string', required: true, readOnly: true },
      hits: { type: 'number', required: true, default: 0 },
      window_ends: { type: 'number', required: true },
      ttl: { type: 'number', required: true },
    },
    indexes: {
      bySubject: {
        pk: { field: 'pk', composite: ['scope', 'subject'], template: 'RATE#${scope}#${subject}', casing: 'none' },
        sk: { field: 'sk', composite: [], template: 'RATE', casing: 'none' },
      },
    },
  },
  entityConfig(),
);
export type RateLimitItem = EntityItem<typeof RateLimit>;
