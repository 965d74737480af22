import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink } from './AppLink';

type Variant = 'default' | 'primary' | 'accent' | 'ghost' | 'danger';
type Size = 'sm' | 'md' | 'lg';
interface Common {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  icon?: boolean;
  children: ReactNode;
}

const cls = ({ variant = 'default', size = 'md', block, icon }: Omit<Common, 'children'>, extra?: string) =>
  ['btn', variant !== 'default' && `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', icon && 'btn--icon', extra]
    .filter(Boolean)
    .join(' ');

export function Button({
  variant,
  size,
  block,
  icon,
  className,
  type = 'button',
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={cls({ variant, size, block, icon }, className)} {...rest} />;
}

/** A link styled as a button (AppLink: the app's pages through the router, site pages and other sites as plain links). */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  href,
  ...rest
}: Common & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const className2 = cls({ variant, size, block, icon }, className);
  return <AppLink href={href} className={className2} {...rest} />;
}
