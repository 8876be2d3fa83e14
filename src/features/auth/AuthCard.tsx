import type { ReactNode } from 'react';
import { Logo } from '../../ui/Logo.tsx';

/** The frame of the sign-in, sign-up and reset screens. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-page">
      <div className="auth-card card">
        <div className="auth-logo">
          <Logo />
        </div>
        <h1 className="auth-title">{title}</h1>
        {subtitle !== undefined && <p className="muted auth-subtitle">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}
