import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'ghost';
}

/** The cosmic button: pill-shaped, glowing on hover, 44 px tall for touch. */
export function Button({ variant = 'default', className = '', type = 'button', ...rest }: ButtonProps) {
  const v = variant === 'default' ? '' : ` cc-button--${variant}`;
  return <button type={type} className={`cc-button${v} ${className}`.trim()} {...rest} />;
}
