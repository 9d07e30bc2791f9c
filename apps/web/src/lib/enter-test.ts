import type { UserTest } from '@prova/contract/tests';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setCurrentTestId } from './current-test';
import { isTimedTest } from './user-tests';

/**
 * Opens a test from a layout that starts tests straight away (agenda, challenge): a timed test not started yet goes
 * to its start page first (duration, rules, that the time runs on), so no clock starts unannounced; any other test
 * opens at once. The start page's back button returns here.
 */
export function useEnterTest() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (test: Pick<UserTest, 'id' | 'jsonData' | 'status'>) => {
      setCurrentTestId(test.id);
      if (isTimedTest(test) && test.status === 'not attempted') void navigate(paths.app.start.getHref(), { state: { from: pathname } });
      else void navigate(paths.app.test.getHref());
    },
    [navigate, pathname],
  );
}
