import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export interface ForecastPoint {
  date: string;
  label: string;
  sold?: number;
  forecast?: number;
  /** The interval as [low, high]: drawn as a band (a ranged area). */
  band?: [number, number];
}

/**
 * History then forecast on one time axis, the forecast's interval a shaded band behind its line.
 * Loaded on demand so recharts stays out of every other screen. In Arabic time runs right to left
 * (the axis is reversed) and the value axis sits on the right, where an Arabic reader starts.
 */
export default function ForecastChart({ points, label, soldLabel, forecastLabel, intervalLabel }: { points: ForecastPoint[]; label: string; soldLabel: string; forecastLabel: string; intervalLabel: string }) {
  const rtl = currentLanguage() === 'ar';
  return (
    <div className="chart-box" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} fontSize={12} minTickGap={16} />
          <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={48} fontSize={12} />
          <Tooltip
            formatter={(value, name) => [Array.isArray(value) ? value.map((v) => formatNumber(Number(v))).join(' – ') : formatNumber(Number(value)), name]}
          />
          <Legend verticalAlign="bottom" />
          <Area dataKey="band" name={intervalLabel} stroke="none" fill="#4299E1" fillOpacity={0.2} isAnimationActive={false} />
          <Line dataKey="sold" name={soldLabel} stroke="#2D3748" dot={false} strokeWidth={2} isAnimationActive={false} />
          <Line dataKey="forecast" name={forecastLabel} stroke="#3182CE" strokeDasharray="6 3" dot={false} strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
