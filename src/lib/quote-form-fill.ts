/**
 * Carries a calculator's answer into the page's quote form: writes a one-line summary into the
 * notes, selects the service type where the calculator makes it obvious, and moves focus to the form.
 * Works whether or not the form's island has hydrated yet: the form's fields are uncontrolled, so
 * values set here survive hydration.
 */
import { FORM_NAME } from '../../core/lead/fields.ts';

export interface FillResult {
  form: HTMLFormElement;
  focused: HTMLElement;
}

/**
 * The page's own quote form is its last one: a page's closing form comes after any hero copy (the
 * home page's phone-only hero form is the only other kind).
 */
function pageQuoteForm(doc: Document): HTMLFormElement | undefined {
  const forms = doc.querySelectorAll<HTMLFormElement>(`form[name="${FORM_NAME}"]`);
  return forms[forms.length - 1];
}

/** Returns the notes with `summary` in place of the previous calculator summary, or in front of what the visitor wrote. Pure, for tests. */
export function notesWithSummary(current: string, summary: string, previous: string | undefined): string {
  if (previous && current.includes(previous)) return current.replace(previous, summary);
  return current.trim() ? `${summary}\n${current}` : summary;
}

export function fillQuoteForm(summary: string, serviceType?: string, doc: Document = document): FillResult | undefined {
  const form = pageQuoteForm(doc);
  if (!form) return undefined;
  const notes = form.elements.namedItem('notes');
  if (notes instanceof HTMLTextAreaElement) {
    notes.value = notesWithSummary(notes.value, summary, form.dataset.calculatorSummary);
    form.dataset.calculatorSummary = summary;
    notes.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const service = form.elements.namedItem('service_type');
  // Only replace the page's preset, never a choice the visitor made.
  if (serviceType && service instanceof HTMLSelectElement && (service.value === '' || service.selectedOptions[0]?.defaultSelected)) {
    service.value = serviceType;
    service.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const reduceMotion = doc.defaultView?.matchMedia('(prefers-reduced-motion: reduce)').matches ?? true;
  form.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  // Focus lands on the first thing the visitor still has to do: an empty required field, else the notes.
  const required = [...form.querySelectorAll<HTMLInputElement>('input[required]')].find((input) => input.value.trim() === '');
  const focused: HTMLElement = required ?? (notes instanceof HTMLTextAreaElement ? notes : form);
  focused.focus({ preventScroll: true });
  return { form, focused };
}
