import { ChevronDown, Menu, Phone, X } from 'lucide-react';
import { business, mainNav, serviceLinks, industryLinks } from '../config/site.ts';
import { Logo } from './Logo.tsx';
import { NavItem } from './NavItem.tsx';
import { callLocations } from '../lib/call-tracking.ts';

interface HeaderProps {
  /** Path of the current page, to mark its link with aria-current. */
  currentPath: string;
}

/**
 * The shared header. Rendered to static HTML: the dropdowns and the mobile menu are native
 * popovers, so they work with no JavaScript; `src/scripts/nav.ts` only mirrors their state
 * into aria-expanded.
 */
export function Header({ currentPath }: HeaderProps) {
  const linkClass = 'rounded-md px-3 py-2 font-medium whitespace-nowrap text-slate-800 no-underline hover:bg-brand-50 hover:text-brand-800';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="on-dark bg-brand-900 text-sm text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <a href={mainNav.cta.href} className="font-semibold text-white underline-offset-2 hover:underline">
            Contact for Quote
          </a>
          <a href={`mailto:${business.email}`} className="text-white underline-offset-2 hover:underline">
            {business.email}
          </a>
          <span className="hidden font-semibold text-sky-200 md:inline">24/7 Emergency Repairs Available</span>
        </div>
      </div>
      <div className="container-page flex items-center justify-between gap-2 py-3 sm:gap-4">
        <a href="/" className="min-w-0 no-underline" aria-label={`${business.name}, home`}>
          <Logo />
        </a>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            <NavItem href={mainNav.home.href} label={mainNav.home.label} currentPath={currentPath} className={linkClass} />
            {mainNav.menus.map((menu) => (
              <li key={menu.id}>
                <button
                  type="button"
                  className={`${linkClass} inline-flex items-center gap-1`}
                  popoverTarget={`menu-${menu.id}`}
                  aria-controls={`menu-${menu.id}`}
                  data-nav-toggle=""
                >
                  {menu.label}
                  <ChevronDown className="size-4" aria-hidden="true" />
                </button>
                <div id={`menu-${menu.id}`} popover="auto" className="nav-dropdown min-w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
                  <ul>
                    {menu.links.map((link) => (
                      <NavItem key={link.href} href={link.href} label={link.label} currentPath={currentPath} className={`${linkClass} block`} />
                    ))}
                  </ul>
                </div>
              </li>
            ))}
            {mainNav.links.map((link) => (
              <NavItem key={link.href} href={link.href} label={link.label} currentPath={currentPath} className={linkClass} />
            ))}
            <li className="ml-2">
              <a href={mainNav.cta.href} className="btn-primary whitespace-nowrap">
                {mainNav.cta.label}
              </a>
            </li>
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2 lg:hidden">
          <a href={mainNav.cta.href} className="btn-primary px-3 text-sm whitespace-nowrap sm:px-4 sm:text-base">
            {mainNav.cta.label}
          </a>
          <button
            type="button"
            className="btn-secondary px-2.5 text-sm sm:px-3 sm:text-base"
            popoverTarget="mobile-menu"
            aria-controls="mobile-menu"
            data-nav-toggle=""
          >
            <Menu className="size-5" aria-hidden="true" />
            {/* Icon only on the narrowest phones, so the logo and 'Get Quote' keep their room. */}
            <span className="sr-only min-[400px]:not-sr-only">Menu</span>
          </button>
        </div>
      </div>
      <div data-call-location={callLocations.mobileMenu} id="mobile-menu" popover="auto" className="mobile-menu bg-white p-4 shadow-xl lg:hidden">
        <div className="flex items-center justify-between">
          <span className="font-bold text-brand-900">Menu</span>
          <button type="button" className="btn-secondary px-3" popoverTarget="mobile-menu" popoverTargetAction="hide">
            <X className="size-5" aria-hidden="true" />
            <span>Close</span>
          </button>
        </div>
        <nav aria-label="Mobile" className="mt-4">
          <ul className="space-y-1">
            <NavItem href={mainNav.home.href} label={mainNav.home.label} currentPath={currentPath} className={`${linkClass} block`} />
            {mainNav.menus.map((menu) => (
              <li key={menu.id}>
                <p className="mt-3 px-3 text-sm font-bold tracking-wide text-slate-600 uppercase">{menu.label}</p>
                <ul>
                  {menu.links.map((link) => (
                    <NavItem key={link.href} href={link.href} label={link.label} currentPath={currentPath} className={`${linkClass} block`} />
                  ))}
                </ul>
              </li>
            ))}
            <li>
              <p className="mt-3 px-3 text-sm font-bold tracking-wide text-slate-600 uppercase">Services & industries</p>
              <ul>
                {[...mainNav.links, ...serviceLinks.filter((l) => l.href !== '/repairs'), ...industryLinks].map((link) => (
                  <NavItem key={link.href} href={link.href} label={link.label} currentPath={currentPath} className={`${linkClass} block`} />
                ))}
              </ul>
            </li>
          </ul>
          <div className="mt-6 grid gap-3">
            <a href={mainNav.cta.href} className="btn-primary">
              {mainNav.cta.label}
            </a>
            <a href={business.emergencyLine.href} className="btn-emergency whitespace-nowrap">
              <Phone className="size-5" aria-hidden="true" />
              <span>24/7 Emergency: {business.emergencyLine.display}</span>
            </a>
          </div>
        </nav>
      </div>
    </header>
  );
}
