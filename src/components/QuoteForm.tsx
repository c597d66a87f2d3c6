import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sendEvent } from '../lib/analytics.ts';
import {
  FORM_NAME,
  HONEYPOT_FIELD,
  TIMING_FIELD,
  isRepairRequest,
  leadFields,
  quoteFormCopy,
  siteFields,
  siteFieldsCopy,
  trackingFields,
  type LeadCity,
  type ServiceType,
} from '../../core/lead/fields.ts';
import { thankYouLocation } from '../../core/lead/response-targets.ts';
import { trackingValues } from '../lib/tracking.ts';
import { routes } from '../config/site.ts';

export interface QuoteFormProps {
  /** Unique on the page: prefixes every id in the form, so several forms never share one. */
  id: string;
  serviceType?: ServiceType | undefined;
  city?: LeadCity | undefined;
  title?: string | undefined;
  subtitle?: string | undefined;
  className?: string | undefined;
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/**
 * The quote request form. Server-rendered as a plain HTML form that posts to `/` (and that
 * Netlify can detect); once hydrated it submits with fetch, adds the tracking fields, reports
 * `generate_lead` and moves to the thank-you page (for an urgent request, its part for the
 * visitor's area), or shows the failure alert and stays usable. After the quote's own fields comes the
 * optional site fieldset, worded for a technician on a repair (the page's preset decides the
 * words in the HTML; once hydrated, the service and site type the visitor picks do).
 */
export function QuoteForm({ id, serviceType, city, title = quoteFormCopy.title, subtitle = quoteFormCopy.subtitle, className = '' }: QuoteFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const [repair, setRepair] = useState(() => isRepairRequest({ service_type: serviceType }));
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  function readRepair(form: HTMLFormElement) {
    const data = new FormData(form);
    setRepair(isRepairRequest({ service_type: text(data, 'service_type'), site_type: text(data, 'site_type') }));
  }

  // Choices made before the island hydrated (or restored by the browser) count too.
  useEffect(() => {
    if (formRef.current) readRepair(formRef.current);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    const form = event.currentTarget;
    const data = new FormData(form);
    const tracking = trackingValues(window.location.href, document.referrer, navigator.userAgent, window.sessionStorage);
    for (const [key, value] of Object.entries(tracking)) data.set(key, value);
    // Time since the page started loading: a person cannot fill the form in a second or two.
    data.set(TIMING_FIELD, String(Math.round(performance.now())));
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
        // The form has no file inputs: every value is text.
        body: new URLSearchParams([...data].flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : []))).toString(),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      // The server says when nobody on call covers an urgent request (a host that only stores forms says nothing).
      const answer: unknown = await response.json().catch(() => null);
      const nobodyOnCall = typeof answer === 'object' && answer !== null && 'nobody_on_call' in answer && answer.nobody_on_call === true;
      sendEvent('generate_lead', {
        form_name: FORM_NAME,
        service_type: text(data, 'service_type'),
        city: text(data, 'city'),
      });
      // The same place the server sends a plain post: an urgent request leads with its area's response
      // target, or with the 24/7 line when nobody on call covers it.
      window.location.assign(
        thankYouLocation(
          { city: text(data, 'city'), timeframe: text(data, 'timeframe'), site_type: text(data, 'site_type'), path: text(data, 'path') },
          { nobodyOnCall },
        ),
      );
    } catch {
      window.alert(quoteFormCopy.failure);
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  const fid = (name: string) => `${id}-${name}`;
  const defaults: Record<string, string | undefined> = { service_type: serviceType, city };

  return (
    <form
      ref={formRef}
      id={id}
      name={FORM_NAME}
      method="post"
      action="/"
      data-netlify="true"
      netlify-honeypot={HONEYPOT_FIELD}
      aria-labelledby={fid('title')}
      onSubmit={onSubmit}
      onChange={(event) => {
        const name = (event.target as { name?: string }).name;
        if (name === 'service_type' || name === 'site_type') readRepair(event.currentTarget);
      }}
      className={`rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 shadow-lg sm:p-7 ${className}`}
    >
      <h2 id={fid('title')} className="text-2xl font-bold text-brand-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{subtitle}</p>
      <input type="hidden" name="form-name" value={FORM_NAME} />
      <div hidden>
        <label htmlFor={fid(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input id={fid(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {leadFields.map((field) => {
          const required = 'required' in field && field.required;
          const label = (
            <label htmlFor={fid(field.name)} className="field-label">
              {field.label}
              {required ? <span className="font-normal text-slate-600"> ({quoteFormCopy.required})</span> : null}
            </label>
          );
          if (field.kind === 'select') {
            return (
              <div key={field.name}>
                {label}
                <select id={fid(field.name)} name={field.name} className="field-input" defaultValue={defaults[field.name] ?? ''}>
                  <option value="">{field.emptyOption}</option>
                  {field.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
            );
          }
          if (field.kind === 'textarea') {
            return (
              <div key={field.name} className="sm:col-span-2">
                {label}
                <textarea id={fid(field.name)} name={field.name} rows={3} maxLength={field.maxLength} className="field-input" />
              </div>
            );
          }
          return (
            <div key={field.name}>
              {label}
              <input
                id={fid(field.name)}
                name={field.name}
                type={field.kind}
                required={required}
                maxLength={field.maxLength}
                autoComplete={field.autoComplete}
                className="field-input"
              />
            </div>
          );
        })}
      </div>
      <fieldset className="mt-6 rounded-xl border border-slate-300 p-4 sm:p-5" data-wording={repair ? 'repair' : 'site'}>
        {/* Floated, so a legend that wraps on a phone sits inside the box instead of across its border. */}
        <legend className="float-left mb-3 w-full font-semibold text-brand-900">
          {repair ? siteFieldsCopy.repairLegend : siteFieldsCopy.legend} <span className="font-normal text-slate-600">({siteFieldsCopy.optional})</span>
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          {siteFields.map((field) => {
            const label = (
              <label htmlFor={fid(field.name)} className="field-label">
                {repair && 'repairLabel' in field ? field.repairLabel : field.label}
              </label>
            );
            if (field.kind === 'textarea') {
              return (
                <div key={field.name} className="sm:col-span-2">
                  {label}
                  {repair ? null : (
                    <p id={fid(`${field.name}-hint`)} className="mb-1 text-sm text-slate-700">
                      {field.hint}
                    </p>
                  )}
                  <textarea
                    id={fid(field.name)}
                    name={field.name}
                    rows={2}
                    maxLength={field.maxLength}
                    aria-describedby={repair ? undefined : fid(`${field.name}-hint`)}
                    className="field-input"
                  />
                </div>
              );
            }
            return (
              <div key={field.name}>
                {label}
                <input
                  id={fid(field.name)}
                  name={field.name}
                  type="text"
                  maxLength={field.maxLength}
                  autoComplete={field.autoComplete}
                  className="field-input"
                />
              </div>
            );
          })}
        </div>
      </fieldset>
      {trackingFields.map((field) => (
        <input key={field.name} type="hidden" name={field.name} defaultValue="" />
      ))}
      <p className="mt-4 text-sm text-slate-700">
        {quoteFormCopy.privacy}{' '}
        <a href={routes.privacy} className="font-medium text-brand-700 underline">
          {quoteFormCopy.privacyLink}
        </a>
        .
      </p>
      <button type="submit" className="btn-primary mt-5 w-full text-lg disabled:cursor-wait disabled:opacity-75" disabled={submitting}>
        {submitting ? quoteFormCopy.submitting : quoteFormCopy.submit}
      </button>
    </form>
  );
}
