/**
 * The dashboard's recharts drawings, in their own chunk (imported lazily by chart-card.tsx) so
 * recharts stays out of every other screen. Heights come from `value`; every figure a person reads
 * (tooltips) is formatted from `amount`, the exact decimal text.
 */
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ChartPoint } from './chart-data';

export interface ChartProps {
  points: ChartPoint[];
  /** The accessible name of the drawing. */
  label: string;
  /** The series' name in tooltips. */
  seriesName: string;
  currency: string;
}

/** SPEC §9: income is drawn in #48BB78. */
const INCOME = '#48BB78';
const CUSTOMERS = '#4299E1';
const SLICES = ['#48BB78', '#4299E1', '#ED8936', '#9F7AEA'];

/**
 * The axes are mirrored for Arabic (reversed, orientation) by recharts itself; its SVG text anchors
 * assume a left-to-right context, so the drawing is kept ltr or an Arabic page would flip every
 * label into the plot.
 */
const DRAWING_DIRECTION = 'ltr';
/** Room for the first and last month's label at either end (Arabic month names are long). */
const TREND_MARGIN = { top: 8, right: 16, bottom: 8, left: 16 };
const TREND_PADDING = { left: 28, right: 28 };

/** The entry animation is skipped for people who asked their system for less motion. */
const animate = () => !(typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

const amountOf = (item: unknown) => (item as { payload?: ChartPoint } | undefined)?.payload?.amount ?? '0';

export function RevenueTrendChart({ points, label, seriesName, currency }: ChartProps) {
  const rtl = currentLanguage() === 'ar';
  return (
    <div className="chart-box" role="img" aria-label={label} dir={DRAWING_DIRECTION}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={TREND_MARGIN}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} padding={TREND_PADDING} fontSize={12} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={64} fontSize={12} />
          <Tooltip formatter={(_value, _name, item) => [formatMoney(amountOf(item), currency), seriesName]} />
          <Area type="monotone" dataKey="value" name={seriesName} stroke={INCOME} fill={INCOME} fillOpacity={0.25} strokeWidth={2} isAnimationActive={animate()} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TopCustomersChart({ points, label, seriesName, currency }: ChartProps) {
  const rtl = currentLanguage() === 'ar';
  return (
    <div className="chart-box" role="img" aria-label={label} dir={DRAWING_DIRECTION}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} layout="vertical" margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" reversed={rtl} tickFormatter={(v: number) => formatNumber(v)} fontSize={12} />
          <YAxis type="category" dataKey="label" orientation={rtl ? 'right' : 'left'} width={120} fontSize={12} />
          <Tooltip formatter={(_value, _name, item) => [formatMoney(amountOf(item), currency), seriesName]} />
          <Bar dataKey="value" name={seriesName} fill={CUSTOMERS} radius={rtl ? [3, 0, 0, 3] : [0, 3, 3, 0]} isAnimationActive={animate()} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ServiceRevenueChart({ points, label, seriesName, currency }: ChartProps) {
  return (
    <div className="chart-box" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={points} dataKey="value" nameKey="label" innerRadius="45%" outerRadius="80%" paddingAngle={2} isAnimationActive={animate()}>
            {points.map((p, index) => (
              <Cell key={p.key} fill={SLICES[index % SLICES.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(_value, name, item) => [formatMoney(amountOf(item), currency), String(name ?? seriesName)]} />
          <Legend verticalAlign="bottom" />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
