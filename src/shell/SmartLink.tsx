/**
 * A link from content: store pages go through the router, marketing pages and other sites
 * are ordinary links (other sites open as they are, without the store's window).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function isStoreRoute(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/content/');
}

export function SmartLink({
  href,
  className,
  children,
  onNavigate,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
}) {
  if (isStoreRoute(href)) {
    return (
      <Link to={href} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  const external = href.startsWith('https://');
  return (
    <a
      href={href}
      className={className}
      onClick={onNavigate}
      {...(external ? { rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
