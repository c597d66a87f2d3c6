/**
 * Mirrors each popover's open state into aria-expanded on the buttons that control it.
 * The popovers themselves need no script; this only keeps assistive technology in step.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-nav-toggle]')) {
  const target = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!target) continue;
  button.setAttribute('aria-expanded', 'false');
  target.addEventListener('toggle', (event) => {
    button.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open'));
  });
}
