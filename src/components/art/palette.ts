/** The hero artwork's colours: the brand blues and ice tints, with warm accents for stock and alarms. */
export const palette = {
  ice: '#e0f2fe',
  frost: '#bae6fd',
  sky: '#7dd3fc',
  brand: '#0b5ea8',
  navy: '#0a2540',
  deep: '#0a3d6b',
  white: '#f8fafc',
  steel: '#cbd5e1',
  slate: '#475569',
  cream: '#fef3c7',
  amber: '#fbbf24',
  rose: '#fda4af',
  mint: '#bbf7d0',
  red: '#ef4444',
} as const;
