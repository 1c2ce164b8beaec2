import type { Catalogue } from '@shared/catalogue';
import type { SiteContent } from '@shared/site-content';

/**
 * What each part of the landing page is drawn from: the content and the catalogue in force, and the
 * filler of their texts' placeholders (lib/site-content.ts).
 */
export interface LandingParts {
  content: SiteContent;
  catalogue: Catalogue;
  fill: (text: string) => string;
}
