/** The console's calls for tests written in it (packages/contract/src/staff-authoring.ts lists them). */
export const AUTHORED_PATHS = {
  tests: '/staff/authored-tests',
  test: (testId: number) => `/staff/authored-tests/${testId}`,
  preview: '/staff/authored-tests/preview',
  package: (testId: number) => `/staff/authored-tests/${testId}/package`,
} as const;
