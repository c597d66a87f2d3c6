/**
 * Supplier logos. A logo that has loaded marks its item (`data-loaded`), so the home page's tile
 * swaps the make's name for it. A logo that fails is hidden with its item (home page) or leaves the
 * make's name as text (product pages), per the list's data-logo-fallback. Catches loads and failures
 * that happened before this script ran as well as later ones.
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

function onLoaded(img: HTMLImageElement) {
  img.closest<HTMLElement>('[data-logo-item]')?.setAttribute('data-loaded', '');
}

for (const img of document.querySelectorAll<HTMLImageElement>('img[data-logo]')) {
  if (img.complete) {
    if (img.naturalWidth === 0) onFailed(img);
    else onLoaded(img);
  } else {
    img.addEventListener('error', () => onFailed(img), { once: true });
    img.addEventListener('load', () => onLoaded(img), { once: true });
  }
}
