import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** One forecast day: heights for the drawing, texts for the tooltip. */
export interface ForecastPoint {
  label: string;
  base: number;
  optimistic: number | null;
  pessimistic: number | null;
  custom: number | null;
  /** [low, high]: the base balance widened by past forecasts' errors at this horizon day. */
  band: [number, number] | null;
  texts: Record<string, string | null>;
}

export interface ForecastChartProps {
  points: ForecastPoint[];
  label: string;
  names: { base: string; optimistic: string; pessimistic: string; custom: string; band: string; threshold: string };
  threshold: number | null;
  currency: string;
}

const COLOURS = { base: '#3E63DD', optimistic: '#30A46C', pessimistic: '#E5484D', custom: '#8E4EC6', band: '#3E63DD', threshold: '#F76B15' };

/** Loaded on demand: recharts stays out of every other screen. Mirrored in Arabic. */
export default function ForecastChart({ points, label, names, threshold, currency }: ForecastChartProps) {
  const rtl = currentLanguage() === 'ar';
  const has = (key: 'optimistic' | 'pessimistic' | 'custom' | 'band') => points.some((p) => p[key] !== null);
  const keyOf = Object.fromEntries(Object.entries(names).map(([key, name]) => [name, key]));
  return (
    <div className="chart-box" role="img" aria-label={label} style={{ height: 340 }}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} fontSize={12} minTickGap={16} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={72} fontSize={12} domain={['auto', 'auto']} />
          <Tooltip
            formatter={(_value, name, item) => {
              const point = item.payload as ForecastPoint;
              const key = keyOf[String(name)] ?? '';
              if (key === 'band') return [`${formatMoney(point.texts.low ?? '0', currency)} – ${formatMoney(point.texts.high ?? '0', currency)}`, name];
              const text = point.texts[key];
              return [text ? formatMoney(text, currency) : '', name];
            }}
          />
          <Legend verticalAlign="bottom" />
          {has('band') ? <Area dataKey="band" name={names.band} stroke="none" fill={COLOURS.band} fillOpacity={0.15} isAnimationActive={false} /> : null}
          {threshold !== null ? (
            <ReferenceLine
              y={threshold}
              stroke={COLOURS.threshold}
              strokeDasharray="6 4"
              label={{ value: names.threshold, position: rtl ? 'insideTopRight' : 'insideTopLeft', fontSize: 12, fill: COLOURS.threshold }}
            />
          ) : null}
          {has('optimistic') ? <Line dataKey="optimistic" name={names.optimistic} stroke={COLOURS.optimistic} strokeDasharray="4 3" dot={false} isAnimationActive={false} /> : null}
          {has('pessimistic') ? <Line dataKey="pessimistic" name={names.pessimistic} stroke={COLOURS.pessimistic} strokeDasharray="4 3" dot={false} isAnimationActive={false} /> : null}
          {has('custom') ? <Line dataKey="custom" name={names.custom} stroke={COLOURS.custom} dot={false} isAnimationActive={false} /> : null}
          <Line dataKey="base" name={names.base} stroke={COLOURS.base} strokeWidth={2.5} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
