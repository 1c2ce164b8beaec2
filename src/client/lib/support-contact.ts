/**
 * The support email and hours, the community link and the live chat link in force: an owner changes them in the admin
 * area's Settings (GET /api/public-config carries them). Until the answer arrives, and in the
 * prerendered page, the defaults of content.ts show, so hydration matches the prerendered HTML.
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/schemas/enrolment';
import { businessTerms, site } from '@client/content';
import { api } from './api-client';
import { PUBLIC_CONFIG_QUERY_KEY } from '@shared/query-keys';

export interface SupportContact {
  email: string;
  hours: string;
  communityUrl: string;
  /** The owner's live chat link; null (also before the answer arrives): the site offers no live chat. */
  liveChatUrl: string | null;
}

export function useSupportContact(): SupportContact {
  const config = useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => api<PublicConfig>('/api/public-config', { signal }),
    staleTime: 5 * 60 * 1000,
  });
  const support = config.data?.support;
  return {
    email: support?.email ?? site.supportEmail,
    hours: support?.hours ?? businessTerms.supportHours,
    communityUrl: support?.community_url ?? site.communityUrl,
    liveChatUrl: support?.live_chat_url ?? null,
  };
}
