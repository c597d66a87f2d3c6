interface NavItemProps {
  href: string;
  label: string;
  /** Path of the page being shown: its own link is marked with aria-current. */
  currentPath: string;
  className: string;
}

/** One link of the header's menus, marked as the current page where it is. */
export function NavItem({ href, label, currentPath, className }: NavItemProps) {
  return (
    <li>
      <a href={href} className={className} aria-current={href === currentPath ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
}
