/** Restaurant fridge and freezer sizing: litres per seat, the fridge/freezer split and a set of fridges from the business's sizing table. */

export interface Range {
  low: number;
  high: number;
}

export interface FridgeBand {
  /** Key of the band's name in the calculator's copy. */
  key: string;
  /** Smallest capacity in the band, in litres; the suggestion counts each unit at this size so it never falls short. */
  minLitres: number;
}

/** A square cool room from the cool room sizing table (a small restaurant's 2m x 2m, a large one's 4m x 4m). */
export interface CoolRoomOption {
  key: string;
  /** Side of the square room, in metres. */
  side: number;
}

export interface RestaurantRules {
  litresPerSeat: Range;
  /** Share of the total that is chilled; the rest is frozen. */
  fridgeShare: number;
  /** The fridge sizing table's bands the suggestion may use, any order. */
  bands: FridgeBand[];
  /** Cool rooms the table gives for restaurants, any order. */
  coolRooms: CoolRoomOption[];
  /** Internal height of a cool room in metres, the cool room estimator's figure. */
  coolRoomHeight: number;
}

export interface RestaurantSizing {
  total: Range;
  fridge: Range;
  freezer: Range;
  /** Fridges covering the upper end of the chilled range, largest first; empty for nothing to store. */
  units: { key: string; count: number }[];
  /**
   * The other way to hold the chilled share: the smallest table cool room that holds its upper end,
   * or the largest one with the share it covers (0 to 1); null for nothing to store.
   */
  coolRoom: { key: string; litres: number; share: number } | null;
}

const scale = (r: Range, by: number): Range => ({ low: r.low * by, high: r.high * by });

/**
 * Greedy from the largest band down, each unit counted at its band's smallest capacity; whatever
 * is left at the end takes one more unit of the smallest band. The bands double in size (100, 400,
 * 800, 1600 L), so this covers the litres needed without overshooting by more than one small unit.
 */
export function suggestFridges(litres: number, bands: FridgeBand[]): { key: string; count: number }[] {
  const sorted = [...bands].sort((a, b) => b.minLitres - a.minLitres);
  const smallest = sorted[sorted.length - 1];
  if (!smallest || !(litres > 0)) return [];
  let left = litres;
  const counts = new Map<string, number>();
  for (const band of sorted) {
    const n = Math.floor(left / band.minLitres);
    if (n > 0) {
      counts.set(band.key, n);
      left -= n * band.minLitres;
    }
  }
  // Floating-point remainders below a thousandth of a litre are not a missing fridge.
  if (left > 1e-3) counts.set(smallest.key, (counts.get(smallest.key) ?? 0) + 1);
  return sorted.filter((b) => counts.has(b.key)).map((b) => ({ key: b.key, count: counts.get(b.key)! }));
}

/** Gross volume in litres, the measure fridge capacities are given in: side × side × height × 1000. */
function roomLitres(room: CoolRoomOption, height: number): number {
  return room.side * room.side * height * 1000;
}

export function suggestCoolRoom(litres: number, rooms: CoolRoomOption[], height: number): RestaurantSizing['coolRoom'] {
  const sorted = [...rooms].sort((a, b) => a.side - b.side);
  const largest = sorted[sorted.length - 1];
  if (!largest || !(litres > 0)) return null;
  const room = sorted.find((r) => roomLitres(r, height) >= litres) ?? largest;
  const volume = roomLitres(room, height);
  return { key: room.key, litres: volume, share: Math.min(1, volume / litres) };
}

export function sizeRestaurant(seats: number, rules: RestaurantRules): RestaurantSizing {
  const total = scale(rules.litresPerSeat, seats);
  const fridge = scale(total, rules.fridgeShare);
  const freezer = scale(total, 1 - rules.fridgeShare);
  return {
    total,
    fridge,
    freezer,
    units: suggestFridges(fridge.high, rules.bands),
    coolRoom: suggestCoolRoom(fridge.high, rules.coolRooms, rules.coolRoomHeight),
  };
}
