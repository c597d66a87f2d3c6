/**
 * New Zealand's outline for the city maps, projected at build time from Natural Earth's 1:50m
 * countries (world-atlas). Only the main islands' frame is kept (the Chathams and the sub-Antarctic
 * islands would shrink the mainland to a sliver), and points closer than a pixel apart are dropped,
 * so the outline costs a few kilobytes of HTML.
 */
import { geoMercator, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import countries from 'world-atlas/countries-50m.json';
import { cities, cityKeys, type CityKey } from '../config/site.ts';

export const mapSize = { width: 340, height: 380 } as const;
/** Room kept clear on the east for the names written to the right of their marks. */
const labelRoom = { west: 10, east: 70 };
/** Natural Earth's id for New Zealand (ISO 3166-1 numeric). */
const NZ = '554';
/** The mainland frame: longitude and latitude bounds that hold the North, South and Stewart islands. */
const frame = { west: 166, east: 179, south: -47.6, north: -34 };
/** Drop islands smaller than this many square pixels, and points nearer than this many pixels to the last kept. */
const minArea = 6;
const minStep = 1.2;

function inFrame([lon, lat]: Position): boolean {
  return lon! >= frame.west && lon! <= frame.east && lat! >= frame.south && lat! <= frame.north;
}

function ringPath(ring: Position[], project: GeoProjection): string | null {
  const pts: [number, number][] = [];
  for (const p of ring) {
    const xy = project(p as [number, number])!;
    const last = pts.at(-1);
    if (!last || Math.hypot(xy[0] - last[0], xy[1] - last[1]) >= minStep) pts.push(xy);
  }
  // Shoelace area: skips specks that would cost bytes and show as nothing.
  let area = 0;
  for (let i = 0; i < pts.length; i++) {
    const [x1, y1] = pts[i]!;
    const [x2, y2] = pts[(i + 1) % pts.length]!;
    area += x1 * y2 - x2 * y1;
  }
  if (pts.length < 3 || Math.abs(area) / 2 < minArea) return null;
  // Relative moves at one decimal: about a third shorter than absolute coordinates.
  const r = (n: number) => Math.round(n * 10) / 10;
  let [px, py] = [r(pts[0]![0]), r(pts[0]![1])];
  let d = `M${px} ${py}`;
  for (const [x, y] of pts.slice(1)) {
    const [nx, ny] = [r(x), r(y)];
    d += `l${r(nx - px)} ${r(ny - py)}`;
    [px, py] = [nx, ny];
  }
  return `${d}z`;
}

/** The atlas's JSON as the TopoJSON it is: checked for its two parts, since a JSON import carries no such type. */
function asTopology(value: unknown): Topology<{ countries: GeometryCollection }> {
  if (typeof value !== 'object' || value === null || !('arcs' in value) || !('objects' in value)) throw new Error('world-atlas is not TopoJSON');
  return value as Topology<{ countries: GeometryCollection }>;
}

function build() {
  const topology = asTopology(countries);
  const all = feature(topology, topology.objects.countries);
  const nz = all.features.find((f) => String(f.id) === NZ);
  if (!nz) throw new Error('world-atlas has no New Zealand feature');
  const geometry = nz.geometry as MultiPolygon | Polygon;
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).filter((poly) => poly[0]!.every(inFrame));
  const mainland: MultiPolygon = { type: 'MultiPolygon', coordinates: polygons };
  const pad = 10;
  const project = geoMercator().fitExtent(
    [
      [labelRoom.west, pad],
      [mapSize.width - labelRoom.east, mapSize.height - pad],
    ],
    mainland,
  );
  const land = polygons
    .flatMap((poly) => poly.map((ring) => ringPath(ring, project)))
    .filter((d) => d !== null)
    .join('');
  const points = Object.fromEntries(
    cityKeys.map((key) => {
      const [x, y] = project([cities[key].longitude, cities[key].latitude])!;
      return [key, { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }];
    }),
  ) as Record<CityKey, { x: number; y: number }>;
  return { land, points };
}

/** The projected outline (an SVG path) and each city's point on it, computed once per build. */
export const nzMap = build();
