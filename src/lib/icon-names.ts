/** Icons that content may name (kebab-case). `src/components/Icon.tsx` maps each to a lucide-react icon. */
export const iconNames = [
  'activity', 'alert', 'apple', 'award', 'badge-check', 'beef', 'beer', 'bell', 'box', 'boxes', 'building', 'calculator',
  'calendar', 'calendar-check', 'chart-line', 'check', 'chef-hat', 'clipboard-check', 'clock', 'cloud-sun', 'coffee', 'cog',
  'container', 'cpu', 'dollar', 'door-open', 'droplets', 'eye', 'factory', 'fan', 'file-text', 'fish', 'flame', 'flask',
  'forklift', 'gauge', 'hammer', 'handshake', 'hard-hat', 'headset', 'heart-pulse', 'hospital', 'hotel', 'hourglass',
  'house', 'ice-cream', 'layers', 'leaf', 'lightbulb', 'list-checks', 'lock', 'mail', 'map-pin', 'microscope', 'milk',
  'monitor', 'mountain', 'package', 'paw-print', 'percent', 'phone', 'piggy-bank', 'pizza', 'plug', 'power', 'receipt',
  'recycle', 'refrigerator', 'route', 'ruler', 'scale', 'search', 'settings', 'ship', 'shield-check', 'shopping-cart',
  'signal', 'siren', 'smartphone', 'snowflake', 'soup', 'sparkles', 'star', 'stethoscope', 'store', 'sun', 'syringe',
  'test-tube', 'thermometer', 'timer', 'tractor', 'trending-up', 'truck', 'users', 'utensils', 'warehouse', 'waves',
  'wheat', 'wifi', 'wind', 'wine', 'wrench', 'zap',
] as const;
export type IconName = (typeof iconNames)[number];
