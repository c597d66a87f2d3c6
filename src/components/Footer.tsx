import { Mail, Phone } from 'lucide-react';
import { business, footerNav } from '../config/site.ts';
import { labels } from '../config/labels.ts';
import { Logo } from './Logo.tsx';

/** The shared footer: every main page, the nationwide statement, the emergency line and e-mail, copyright. */
export function Footer() {
  return (
    <footer className="on-dark bg-brand-900 text-slate-100">
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1.2fr_3fr]">
        <div>
          <Logo onDark />
          <p className="mt-4 text-slate-200">{labels.footerStatement}</p>
          <ul className="mt-4 space-y-2">
            <li>
              <a href={business.emergencyLine.href} className="inline-flex items-center gap-2 font-semibold whitespace-nowrap text-white hover:underline">
                <Phone className="size-4" aria-hidden="true" />
                {labels.footerEmergency(business.emergencyLine.display)}
              </a>
            </li>
            <li>
              <a href={`mailto:${business.email}`} className="inline-flex items-center gap-2 text-white hover:underline">
                <Mail className="size-4" aria-hidden="true" />
                {business.email}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-5">
          {footerNav.map((group) => (
            <div key={group.heading}>
              <h2 className="text-sm font-bold tracking-wide text-sky-200 uppercase">{group.heading}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="text-slate-100 hover:text-white hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-white/15">
        <p className="container-page py-4 text-sm text-slate-300">
          © {business.copyrightYear} {business.name}. Nationwide commercial refrigeration service throughout New Zealand.
        </p>
      </div>
    </footer>
  );
}
