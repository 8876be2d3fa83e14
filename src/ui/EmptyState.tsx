import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="empty-state">
      <div className="empty-state-icon">
        <Icon name={icon} size={28} />
      </div>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

export function Spinner() {
  return <div className="spinner" role="status" aria-live="polite" />;
}
