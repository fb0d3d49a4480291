import { render } from '@testing-library/react';
import { SHELL_HYDRATED_EVENT, ShellHydrated } from './shell-tree';

describe('ShellHydrated', () => {
  it('says once, after it is committed, that the shell has hydrated (tools/webpack/route-preload.js replays held clicks then)', () => {
    const heard = jest.fn();
    document.addEventListener(SHELL_HYDRATED_EVENT, heard);
    const { rerender } = render(<ShellHydrated />);
    rerender(<ShellHydrated />);
    document.removeEventListener(SHELL_HYDRATED_EVENT, heard);
    expect(SHELL_HYDRATED_EVENT).toBe('cosmic:shell-hydrated');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
