import { ArrowRight, Check } from 'lucide-react';
import type { BlockOf } from '../../lib/content-schemas.ts';
import { Icon } from '../Icon.tsx';
import { Section } from '../Section.tsx';

type Card = BlockOf<'cards'>['items'][number];

const columnClass = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

/** One card: an icon, a title (h3), text, optional points and an optional link. */
export function InfoCard({ title, body, icon, points, href, linkLabel, badge }: Card) {
  return (
    <li className="card relative flex flex-col">
      {badge ? <p className="mb-3 w-fit rounded-full bg-brand-600 px-3 py-1 text-sm font-semibold text-white">{badge}</p> : null}
      {icon ? (
        <span className="mb-4 inline-flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={icon} />
        </span>
      ) : null}
      <h3 className="text-xl font-semibold text-brand-900">{title}</h3>
      <p className="mt-2 text-slate-700">{body}</p>
      {points && points.length > 0 ? (
        <ul className="mt-3 space-y-1.5">
          {points.map((p) => (
            <li key={p} className="flex items-start gap-2 text-slate-700">
              <Check className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {p}
            </li>
          ))}
        </ul>
      ) : null}
      {href ? (
        <a
          href={href}
          className={`mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-700 underline hover:text-brand-900 ${href.startsWith('tel:') ? 'whitespace-nowrap' : ''}`}
        >
          {linkLabel ?? 'Learn more'}
          <span className="sr-only">: {title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </a>
      ) : null}
    </li>
  );
}

export function CardGrid({ items, columns = 3 }: { items: Card[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul className={`mt-8 grid gap-6 ${columnClass[columns]}`}>
      {items.map((item) => (
        <InfoCard key={item.title} {...item} />
      ))}
    </ul>
  );
}

export function CardsBlock({ sectionId, heading, intro, columns, items, tone }: BlockOf<'cards'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      <CardGrid items={items} columns={columns} />
    </Section>
  );
}
