import { render } from '@testing-library/react';
import { BarList } from './bar-list';
import { Gauge } from './gauge';
import { LineChart } from './line-chart';

describe('charts', () => {
  it('scales every series of a line chart to the largest value, bottom to top', () => {
    const { container } = render(
      <LineChart
        label="traffic"
        height={64}
        series={[
          { label: 'a', values: [0, 5, 10], tone: 'cyan' },
          { label: 'b', values: [10, 0, 0], tone: 'gold' },
        ]}
      />,
    );
    const [a, b] = [...container.querySelectorAll('polyline')].map((p) => p.getAttribute('points'));
    expect(a).toBe('0.0,63.0 150.0,32.5 300.0,2.0');
    expect(b).toBe('0.0,2.0 150.0,63.0 300.0,63.0');
    expect(container.querySelector('svg')).toHaveAttribute('aria-label', 'traffic');
  });

  it('draws a flat line at the bottom when everything is zero (no division by zero)', () => {
    const { container } = render(
      <LineChart label="quiet" height={64} series={[{ label: 'a', values: [0, 0], tone: 'cyan' }]} />,
    );
    expect(container.querySelector('polyline')?.getAttribute('points')).toBe('0.0,63.0 300.0,63.0');
  });

  it('sizes bars relative to the largest item', () => {
    const { container, getByText } = render(
      <BarList
        label="sev"
        items={[
          { label: 'High', value: 2, tone: 'pink' },
          { label: 'Low', value: 8, tone: 'cyan' },
        ]}
      />,
    );
    const widths = [...container.querySelectorAll('rect[fill="currentColor"]')].map((r) => r.getAttribute('width'));
    expect(widths).toEqual(['25', '100']);
    expect(getByText('8')).toBeInTheDocument();
  });

  it('fills a gauge in proportion and clamps above its maximum', () => {
    const arc = (v: number) => {
      const { container } = render(<Gauge value={v} max={100} label="g" />);
      return Number(container.querySelector('.cs-gauge__value')?.getAttribute('stroke-dasharray')?.split(' ')[0]);
    };
    expect(arc(50) / arc(100)).toBeCloseTo(0.5);
    expect(arc(500)).toBe(arc(100));
  });
});
