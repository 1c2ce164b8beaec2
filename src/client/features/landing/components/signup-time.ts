/** "Just now", "5 minutes ago", "2 hours ago", "3 days ago" for a sign-up time. */
export function signupTimeText(isoTime: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(isoTime).getTime()) / 60_000);
  if (!Number.isFinite(minutes) || minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
