import { render, screen } from '@testing-library/react';
import { ScrollRegion } from './scroll-region';

describe('ScrollRegion', () => {
  it('is a named region in the tab order, with the table wrap class by default', () => {
    render(
      <ScrollRegion label="Daily loss limits">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Daily loss limits' });
    expect(region.tabIndex).toBe(0);
    expect(region.className).toBe('cc-table-wrap');
  });

  it('takes the class names it is given', () => {
    render(
      <ScrollRegion label="The grids of this spin" className="cc-bd-slots__strip">
        <span />
      </ScrollRegion>,
    );
    expect(screen.getByRole('region', { name: 'The grids of this spin' }).className).toBe('cc-bd-slots__strip');
  });
});
