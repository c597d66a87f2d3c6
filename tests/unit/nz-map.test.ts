/** The build-time map of New Zealand: a compact outline, with every city on land inside the frame. */
import { describe, expect, it } from 'vitest';
import { geoContains } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import countries from 'world-atlas/countries-50m.json';
import { mapSize, nzMap } from '../../src/lib/nz-map.ts';
import { cities, cityKeys } from '../../src/config/site.ts';

describe('New Zealand map', () => {
  it('outlines the main islands in a few kilobytes of path data', () => {
    const rings = nzMap.land.match(/M/g)?.length ?? 0;
    // North, South and Stewart islands at least; not hundreds of specks.
    expect(rings).toBeGreaterThanOrEqual(3);
    expect(rings).toBeLessThan(40);
    expect(nzMap.land.length).toBeGreaterThan(1500);
    expect(nzMap.land.length).toBeLessThan(9000);
  });

  it("places each city at its configured coordinates, on New Zealand's land and inside the frame", () => {
    const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
    const nz = feature(topology, topology.objects.countries).features.find((f) => String(f.id) === '554')!;
    for (const key of cityKeys) {
      const { x, y } = nzMap.points[key];
      expect(x, key).toBeGreaterThan(0);
      expect(x, key).toBeLessThan(mapSize.width);
      expect(y, key).toBeGreaterThan(0);
      expect(y, key).toBeLessThan(mapSize.height);
      expect(geoContains(nz, [cities[key].longitude, cities[key].latitude]), `${key} is not on land`).toBe(true);
    }
    // North to south as on the ground: Auckland above Hamilton above Wellington above Christchurch above Dunedin.
    const ys = ['auckland', 'hamilton', 'wellington', 'christchurch', 'dunedin'].map((k) => nzMap.points[k as keyof typeof nzMap.points].y);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });
});
