import { act, render, screen } from '@testing-library/react';
import { lazyPage } from './preloadable-lazy';
import { PAGE_SHOWN_EVENT } from './screen-shown';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('lazyPage', () => {
  it("shows 'Loading {label}…' until its code arrives, then the page", async () => {
    const code = deferred();
    const Page = lazyPage(async () => {
      await code.promise;
      return { default: () => <h1>Moon</h1> };
    }, 'the moon');
    render(<Page />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the moon…');
    await act(async () => code.resolve());
    expect(await screen.findByRole('heading', { name: 'Moon' })).toBeInTheDocument();
  });

  it('renders the page in its first render once preloaded, never its loading screen', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads++;
      return { default: () => <h1>Mars</h1> };
    }, 'Mars');
    await Page.preload();
    const { container } = render(<Page />);
    // synchronously: no fallback was committed, and the code was fetched once
    expect(screen.getByRole('heading', { name: 'Mars' })).toBeInTheDocument();
    expect(container.textContent).toBe('Mars');
    expect(loads).toBe(1);
  });

  it("sits in a page slot and says 'cosmic:page-shown' once its content is committed, not its loading screen", async () => {
    const code = deferred();
    const Page = lazyPage(async () => {
      await code.promise;
      return { default: () => <h1>Titan</h1> };
    }, 'Titan');
    const heard: string[] = [];
    const listen = () => heard.push(document.querySelector('h1')?.textContent ?? 'no page');
    document.addEventListener(PAGE_SHOWN_EVENT, listen);
    try {
      const { container } = render(<Page />);
      // tools/webpack/route-preload.js finds the page by its slot
      expect(container.firstElementChild).toHaveAttribute('data-page-slot');
      expect(container.firstElementChild).toHaveClass('cc-page-slot');
      expect(heard).toEqual([]);
      await act(async () => code.resolve());
      await screen.findByRole('heading', { name: 'Titan' });
      expect(heard).toEqual(['Titan']);
    } finally {
      document.removeEventListener(PAGE_SHOWN_EVENT, listen);
    }
    expect(PAGE_SHOWN_EVENT).toBe('cosmic:page-shown');
  });

  it('fetches again after a failed preload', async () => {
    let attempt = 0;
    const Page = lazyPage(async () => {
      if (++attempt === 1) throw new Error('chunk failed');
      return { default: () => <h1>Venus</h1> };
    }, 'Venus');
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Venus' })).toBeInTheDocument();
    expect(attempt).toBe(2);
  });
});
