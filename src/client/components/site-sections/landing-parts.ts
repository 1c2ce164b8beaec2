import type { Catalogue } from '@shared/catalogue';
import type { SiteContent } from '@shared/site-content';

/**
 * What the landing page's sections (and the admin's preview of a draft) are drawn from: the content,
 * the catalogue and the filler of their texts' placeholders (lib/site-content.ts).
 */
export interface LandingParts {
  content: SiteContent;
  catalogue: Catalogue;
  fill: (text: string) => string;
}
