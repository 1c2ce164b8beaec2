/** TanStack Query keys of the landing page, in one place. */
export const landingKeys = {
  recentSignups: () => ['recent-signups'] as const,
};
