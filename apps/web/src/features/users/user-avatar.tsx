import { Avatar, type AvatarProps } from '@mantine/core';

/**
 * A person's picture, or their initials when there is none (or it fails to load). Beside a name
 * it is decorative (`alt` left empty, hidden from screen readers); alone, give it an `alt`.
 */
export function UserAvatar({
  name,
  src,
  alt,
  ...props
}: { name: string; src: string | null; alt?: string } & Omit<AvatarProps, 'src' | 'alt' | 'name'>) {
  return (
    <Avatar
      src={src}
      alt={alt ?? ''}
      name={name}
      radius="xl"
      // Neutral, high-contrast initials: readable whatever the brand colour is.
      styles={{ placeholder: { background: 'var(--mantine-color-gray-2)', color: 'var(--mantine-color-gray-9)' } }}
      {...(alt ? {} : { 'aria-hidden': true })}
      {...props}
    />
  );
}
