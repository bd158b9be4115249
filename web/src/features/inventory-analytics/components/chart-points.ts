import { locale } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { InventoryForecast } from '../api/get-inventory-analytics';
import type { ForecastPoint } from './forecast-chart';

const dayLabel = (date: string) => new Intl.DateTimeFormat(locale(currentLanguage()), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** The last history day joins the forecast line, so history and forecast read as one line. */
export function chartPoints(f: InventoryForecast): ForecastPoint[] {
  const history: ForecastPoint[] = f.history.map((h) => ({ date: h.date, label: dayLabel(h.date), sold: h.sold }));
  const last = history[history.length - 1];
  if (last) last.forecast = last.sold;
  return [...history, ...f.forecast.map((p) => ({ date: p.date, label: dayLabel(p.date), forecast: p.value, band: [p.low, p.high] as [number, number] }))];
}

