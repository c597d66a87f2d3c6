import { ArrowRight } from 'lucide-react';
import { formatLongDate, isoDate, labels } from '../config/labels.ts';

export interface ArticleCardProps {
  slug: string;
  title: string;
  excerpt: string;
  date: Date;
  author: string;
  minutes: number;
  /** Heading level of the title within the page. */
  level?: 'h2' | 'h3';
}

/** A blog article summary: date, author, title, excerpt and a 'Read More' link. */
export function ArticleCard({ slug, title, excerpt, date, author, minutes, level = 'h3' }: ArticleCardProps) {
  const Heading = level;
  const href = `/blog/${slug}`;
  return (
    <li className="card flex flex-col">
      <p className="text-sm text-slate-600">
        <time dateTime={isoDate(date)}>{formatLongDate(date)}</time> · {author} · {labels.minRead(minutes)}
      </p>
      <Heading className="mt-2 text-xl font-semibold text-brand-900">
        <a href={href} className="hover:underline">
          {title}
        </a>
      </Heading>
      <p className="mt-2 text-slate-700">{excerpt}</p>
      <a href={href} className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-700 underline hover:text-brand-900">
        {labels.readMore}
        <span className="sr-only">: {title}</span>
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </li>
  );
}
