import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useStore } from '../../state/store.ts';
import { canOpen, homePath, type Section } from './access.ts';
import { AdminShell } from './AdminShell.tsx';
import AuditPage from './AuditPage.tsx';
import { Forbidden } from './AdminUi.tsx';
import ParamsPage from './ParamsPage.tsx';
import QueuePage from './QueuePage.tsx';
import StaffPage from './StaffPage.tsx';
import { StaffLoginPage } from './StaffLoginPage.tsx';
import { staffSession } from './staff-session.ts';
import UserDetailPage from './UserDetailPage.tsx';
import UsersPage from './UsersPage.tsx';
import './admin.css';

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

/** A section the role may not open shows a translated refusal instead of a failing call. */
function Allowed({ section, children }: { section: Section; children: ReactNode }) {
  const { staff } = useStore(staffSession);
  if (staff === null) return null;
  if (!canOpen(staff.role, section)) return <Forbidden home={homePath(staff.role)} />;
  return children;
}

/** The queue is the back office's front page; a role without it starts at its first section. */
function Home() {
  const { staff } = useStore(staffSession);
  if (staff !== null && !canOpen(staff.role, 'deposits')) {
    return <Navigate to={homePath(staff.role)} replace />;
  }
  return (
    <Allowed section="deposits">
      <QueuePage key="deposits" kind="deposits" />
    </Allowed>
  );
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
        <Route index element={<Home />} />
        <Route
          path="withdrawals"
          element={
            <Allowed section="withdrawals">
              <QueuePage key="withdrawals" kind="withdrawals" />
            </Allowed>
          }
        />
        <Route
          path="users"
          element={
            <Allowed section="users">
              <UsersPage />
            </Allowed>
          }
        />
        <Route
          path="users/:id"
          element={
            <Allowed section="users">
              <UserDetailPage />
            </Allowed>
          }
        />
        <Route
          path="params"
          element={
            <Allowed section="params">
              <ParamsPage />
            </Allowed>
          }
        />
        <Route
          path="audit"
          element={
            <Allowed section="audit">
              <AuditPage />
            </Allowed>
          }
        />
        <Route
          path="staff"
          element={
            <Allowed section="staff">
              <StaffPage />
            </Allowed>
          }
        />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
    </Routes>
  );
}
