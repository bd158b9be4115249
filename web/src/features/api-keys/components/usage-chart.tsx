import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** Loaded on demand: recharts stays out of every other screen. */
export default function UsageChart({ daily, label }: { daily: { date: string; requests: number }[]; label: string }) {
  const rtl = currentLanguage() === 'ar';
  return (
    <div className="chart-box" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={daily} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" reversed={rtl} tickFormatter={(d: string) => formatDate(d)} minTickGap={24} fontSize={12} />
          <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} tickFormatter={(v: number) => formatNumber(v)} width={48} fontSize={12} />
          <Tooltip labelFormatter={(d) => formatDate(String(d))} formatter={(v) => [formatNumber(Number(v)), label]} />
          <Bar dataKey="requests" fill="var(--accent-9)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
