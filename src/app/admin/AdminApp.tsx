import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import type { RouteName } from '../../../contract/routes.ts';
import { roleMayCall, staffSession } from '../../api/staff-session.ts';
import { useStore } from '../../state/store.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { AdminShell } from './AdminShell.tsx';
import { ADMIN_ROUTES, homePath } from './sections.ts';
import { StaffLoginPage } from './StaffLoginPage.tsx';
import '../../ui/admin/admin.css';

/** Signed-out staff go to /admin/login (and come back here after signing in). */
function RequireStaff({ children }: { children: ReactNode }) {
  const { staff, left } = useStore(staffSession);
  const location = useLocation();
  if (staff === null) {
    const back = `${location.pathname}${location.search}`;
    const redirect =
      left || /^\/admin\/?$/.test(back) ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`/admin/login${redirect}`} replace />;
  }
  return children;
}

/** The page a role may not open: said in words, with a way back, never a crash. */
function Forbidden({ home }: { home: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-page" data-testid="admin-forbidden">
      <EmptyState icon="lock" title={t('forbidden.title')}>
        <p>{t('forbidden.body')}</p>
        <Link to={home} className="btn btn-ghost">
          {t('forbidden.back')}
        </Link>
      </EmptyState>
    </div>
  );
}

/** A screen the role may not open shows a translated refusal instead of a failing call. */
function Allowed({ gate, children }: { gate: RouteName; children: ReactNode }) {
  const { staff } = useStore(staffSession);
  if (staff === null) return null;
  if (!roleMayCall(staff.role, gate)) return <Forbidden home={homePath(staff.role)} />;
  return children;
}

/** The front page (/admin); a role that may not open it starts at its first section. */
function FrontPage({ gate, children }: { gate: RouteName; children: ReactNode }) {
  const { staff } = useStore(staffSession);
  if (staff !== null && !roleMayCall(staff.role, gate)) {
    return <Navigate to={homePath(staff.role)} replace />;
  }
  return <Allowed gate={gate}>{children}</Allowed>;
}

/** The back office (/admin/*): its own sign-in, shell and pages, outside the user app. */
export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage />} />
      <Route
        element={
          <RequireStaff>
            <AdminShell />
          </RequireStaff>
        }
      >
        {ADMIN_ROUTES.map(({ path, element, gate }) =>
          path === '' ? (
            <Route key={path} index element={<FrontPage gate={gate}>{element}</FrontPage>} />
          ) : (
            <Route key={path} path={path} element={<Allowed gate={gate}>{element}</Allowed>} />
          ),
        )}
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
