import { hydrateIslands, mountAfter, renderWholePage, type IslandRenderer } from './hydrate-islands';
import { HEADER_LINKS_ISLAND, HeaderLinks } from './components/layout/brand-shell';
import { HELP_LAUNCHER_ISLAND, HelpLauncher } from './components/layout/help-launcher';
import { HERO_MEDIA_ISLAND, HeroMedia } from './features/landing/components/hero-media';
import { RecentSignups } from './features/landing/components/recent-signups';
import {
  TESTIMONIAL_VIDEO_ISLAND,
  TestimonialVideo,
  type TestimonialVideoProps,
} from './components/site-sections/testimonial-video';

/**
 * The landing page's entry (main.tsx chooses). The prerendered page is static but for a few parts,
 * its islands (components/layout/island.tsx), hydrated by hydrateIslands. The recent sign-up widget,
 * which needs the API and is not prerendered, gets a root of its own once the page has loaded.
 */
const islands = new Map<string, IslandRenderer>([
  [HERO_MEDIA_ISLAND, () => <HeroMedia />],
  [HELP_LAUNCHER_ISLAND, () => <HelpLauncher />],
  [HEADER_LINKS_ISLAND, () => <HeaderLinks />],
  [TESTIMONIAL_VIDEO_ISLAND, (props: TestimonialVideoProps) => <TestimonialVideo {...props} />],
]);

function start() {
  const root = document.getElementById('root')!;
  if (!root.firstElementChild) {
    // No prerendered page (not expected for `/`): the whole page is rendered here.
    renderWholePage(root, () => import('./landing-app').then(({ LandingApp }) => <LandingApp />));
    return;
  }
  hydrateIslands(root, islands, 'the landing page');
  const showWidget = () => mountAfter(root, <RecentSignups />);
  if (document.readyState === 'complete') showWidget();
  else window.addEventListener('load', showWidget, { once: true });
}

start();
