import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';

it("says '404 Page Not Found' and links home and to the lobby", () => {
  render(
    <MemoryRouter>
      <NotFoundPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the landing page' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('link', { name: 'Go to the lobby' })).toHaveAttribute('href', '/casino');
});
