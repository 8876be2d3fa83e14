import type { AdminRoute } from '../../../lib/routing.ts';
import ConsolePage from './ConsolePage.tsx';
import ToolsPage from './ToolsPage.tsx';

/** The support console and its tools in the back office. */
export const supportAdminRoutes: AdminRoute[] = [
  { path: 'support', element: <ConsolePage />, gate: 'adminSupportList', nav: 'support' },
  {
    path: 'support/tools',
    element: <ToolsPage />,
    gate: 'adminSupportCanned',
    nav: 'supportTools',
  },
];
