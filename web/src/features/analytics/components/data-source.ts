/**
 * Where a part of the dashboard's figures come from: the API (live), the sample data of SPEC §8
 * because the call failed (fallback), or not known yet (loading).
 */
export type DataSource = 'loading' | 'live' | 'fallback';

/**
 * Sample data only when the call failed and nothing was ever read: a successful answer with no
 * figures is shown as it is (empty charts, zeros), and a failed background refresh keeps the
 * figures already read.
 */
export function dataSourceOf(query: { data: unknown; isError: boolean }): DataSource {
  if (query.data !== undefined) return 'live';
  return query.isError ? 'fallback' : 'loading';
}
