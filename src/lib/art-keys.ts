/**
 * Hero artwork that content may name (`art:`). `src/components/HeroArt.tsx` maps each key to its
 * component in `src/components/art/`.
 */
export const artKeys = [
  'general',
  'upright-fridge',
  'upright-freezer',
  'display-fridge',
  'ice-cream-freezer',
  'reach-in',
  'cool-room',
  'repairs',
  'emergency',
  'installation',
  'maintenance',
  'kitchen-line',
  'lab-fridge',
  'supermarket-aisle',
] as const;
export type ArtKey = (typeof artKeys)[number];
