import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export function EmptyState({
  icon,
  title,
  children,
  level = 1,
}: {
  icon: IconName;
  title: string;
  children?: ReactNode;
  /** 2 when the state sits inside a section of a page that has its own title. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="empty-state">
      <div className="empty-state-icon">
        <Icon name={icon} size={28} />
      </div>
      <Heading>{title}</Heading>
      {children}
    </section>
  );
}

export function Spinner() {
  return <div className="spinner" role="status" aria-live="polite" />;
}
