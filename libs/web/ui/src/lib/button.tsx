import type { ButtonHTMLAttributes } from 'react';

/** Look of a button (also used on links that act as buttons). */
export interface ButtonLook {
  variant?: 'primary' | 'default' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {}

/** The class names of a cosmic button, for links and anchors that should look like one. */
export function buttonClass({ variant = 'default', size = 'md' }: ButtonLook = {}, extra = ''): string {
  const v = variant === 'default' ? '' : ` cc-button--${variant}`;
  const s = size === 'md' ? '' : ` cc-button--${size}`;
  return `cc-button${v}${s} ${extra}`.trim();
}

/** The cosmic button: pill-shaped, glowing on hover, at least 44 px tall for touch. */
export function Button({ variant, size, className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...rest} />;
}
