import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setCurrentTestId } from '@/lib/current-test';

/** Where the start page's back button returns to. */
export interface StartPageState {
  from?: string;
}

/** Makes the test current and opens its start page (/start), remembering where the user came from. */
export function useOpenTest() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (testId: number) => {
      setCurrentTestId(testId);
      void navigate(paths.app.start.getHref(), { state: { from: pathname } satisfies StartPageState });
    },
    [navigate, pathname],
  );
}
