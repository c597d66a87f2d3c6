import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { business, cities, cityKeys } from '../../config/site.ts';
import { Section } from '../Section.tsx';
import { callLocations } from '../../lib/call-tracking.ts';

interface ContactDetailsProps {
  sectionId: string;
  heading: string;
  intro?: string | undefined;
}

/** The contact page's facts, all from the config: emergency line, e-mail, service areas, business hours. */
export function ContactDetails({ sectionId, heading, intro }: ContactDetailsProps) {
  return (
    <Section id={sectionId} heading={heading} intro={intro}>
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        <div data-call-location={callLocations.contactDetails} className="card border-alert-600">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
            <Phone className="size-5 text-alert-600" aria-hidden="true" />
            24/7 emergency line
          </h3>
          <p className="mt-2 text-slate-700">Breakdowns, warm cabinets and failed cool rooms, any hour of any day.</p>
          <a href={business.emergencyLine.href} className="btn-emergency mt-4 w-full whitespace-nowrap">
            <Phone className="size-5" aria-hidden="true" />
            Call {business.emergencyLine.display}
          </a>
          <p className="mt-2 text-sm text-slate-600">Freephone {business.emergencyLine.digits}</p>
        </div>
        <div className="card">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
            <Mail className="size-5 text-brand-600" aria-hidden="true" />
            E-mail
          </h3>
          <p className="mt-2">
            <a href={`mailto:${business.email}`} className="font-medium break-all text-brand-700 underline">
              {business.email}
            </a>
          </p>
          <p className="mt-2 text-slate-700">
            Answered within {business.promises.emailReplyWithin}; quotes within {business.promises.quoteWithin}.
          </p>
        </div>
        <div className="card">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
            <MapPin className="size-5 text-brand-600" aria-hidden="true" />
            Service areas
          </h3>
          <p className="mt-2 text-slate-700">Nationwide, including:</p>
          <ul className="mt-2 space-y-1">
            {cityKeys.map((key) => (
              <li key={key}>
                <a href={cities[key].href} className="text-brand-700 underline">
                  {cities[key].name}
                </a>
              </li>
            ))}
            <li className="text-slate-700">and more</li>
          </ul>
        </div>
        <div className="card">
          <h3 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
            <Clock className="size-5 text-brand-600" aria-hidden="true" />
            Business hours
          </h3>
          <dl className="mt-2 space-y-2">
            {business.hours.map((h) => (
              <div key={h.days}>
                <dt className="font-semibold text-slate-800">{h.days}</dt>
                <dd className="text-slate-700">{h.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </Section>
  );
}
