import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '../../testing/render.tsx';
import { PageLoadError } from './page-load-error.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

function Broken(): never {
  throw new Error('boom');
}

describe('route error boundary', () => {
  it("shows 'Unexpected error occurred' and recovers when the path changes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderWithProviders(
      <>
        <Link to="/fine">go elsewhere</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>fine page</p>} />
          </Routes>
        </RouteErrorBoundary>
      </>,
      { route: '/broken' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected error occurred');
    await user.click(screen.getByRole('link', { name: 'go elsewhere' }));
    expect(screen.getByText('fine page')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected error occurred')).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it("shows a page whose code failed to load as 'Something went wrong.' with Reload where asked (the drawer)", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Unloadable(): never {
      throw new PageLoadError(new Error('chunk help is gone'));
    }
    renderWithProviders(
      <>
        <p>the room stays</p>
        <RouteErrorBoundary catchPageLoad>
          <Unloadable />
        </RouteErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByRole('alert')).toHaveTextContent('chunk help is gone');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('the room stays')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
