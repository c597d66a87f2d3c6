/**
 * A supplier logo that fails to load is hidden with its item (home page) or leaves the make's
 * name as text (product pages), per the list's data-logo-fallback. Catches failures that happened
 * before this script ran as well as later ones.
 */
function onFailed(img: HTMLImageElement) {
  const list = img.closest<HTMLElement>('[data-logo-fallback]');
  if (list?.dataset.logoFallback !== 'hide') {
    img.remove();
    return;
  }
  img.closest('[data-logo-item]')?.remove();
  // With every logo gone, an empty strip would look broken: hide its section too.
  if (list && !list.querySelector('[data-logo-item]')) list.closest('section')?.setAttribute('hidden', '');
}

for (const img of document.querySelectorAll<HTMLImageElement>('img[data-logo]')) {
  if (img.complete && img.naturalWidth === 0) onFailed(img);
  else img.addEventListener('error', () => onFailed(img), { once: true });
}
