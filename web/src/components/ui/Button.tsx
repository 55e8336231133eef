import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
type Size = 'md' | 'lg' | 'sm';

const classes = (variant: Variant, size: Size, block?: boolean, extra?: string) =>
  ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, className, type = 'button', ...props },
  ref,
) {
  return (
    <button ref={ref} type={type} className={classes(variant, size, block, className)} {...props} />
  );
});

/** A link that looks like a button (navigation stays a real link). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  block,
  className,
  ...props
}: LinkProps & { variant?: Variant; size?: Size; block?: boolean }) {
  return <Link className={classes(variant, size, block, className)} {...props} />;
}
