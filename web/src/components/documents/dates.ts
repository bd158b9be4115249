/** Today in the person's own calendar day (not UTC's). */
export function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A calendar day `days` later; empty when the date is not one. */
export function addDays(date: string, days: number) {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return '';
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
