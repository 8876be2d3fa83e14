import { page, type AppRoute } from '../../lib/routing.ts';

// Help (FAQ, notices, articles, the introduction) and About are all operator-written content:
// one feature with the content queries and pages, instead of help and profile importing them.
const AboutPage = page(() => import('./AboutPage.tsx'));
const HelpPage = page(() => import('./HelpPage.tsx'));
const HelpListPage = page(() => import('./HelpListPage.tsx'));
const DetailPage = page(() => import('./DetailPage.tsx'));
const IntroductionPage = page(() => import('./IntroductionPage.tsx'));

export const contentRoutes: AppRoute[] = [
  { path: '/profile/about', element: <AboutPage />, page: AboutPage },
  { path: '/help', element: <HelpPage />, page: HelpPage },
  { path: '/help/faq', element: <HelpListPage kind="faq" />, page: HelpListPage },
  { path: '/help/notice', element: <HelpListPage kind="notice" />, page: HelpListPage },
  { path: '/detail', element: <DetailPage />, page: DetailPage },
  { path: '/introduction', element: <IntroductionPage />, page: IntroductionPage },
];
