import type { ComponentType } from 'react';
import type { ArtKey } from '../lib/art-keys.ts';
import { GeneralArt } from './art/GeneralArt.tsx';
import { UprightFridgeArt } from './art/UprightFridgeArt.tsx';
import { UprightFreezerArt } from './art/UprightFreezerArt.tsx';
import { DisplayFridgeArt } from './art/DisplayFridgeArt.tsx';
import { IceCreamFreezerArt } from './art/IceCreamFreezerArt.tsx';
import { ReachInArt } from './art/ReachInArt.tsx';
import { CoolRoomArt } from './art/CoolRoomArt.tsx';
import { RepairsArt } from './art/RepairsArt.tsx';
import { EmergencyArt } from './art/EmergencyArt.tsx';
import { InstallationArt } from './art/InstallationArt.tsx';
import { MaintenanceArt } from './art/MaintenanceArt.tsx';
import { KitchenLineArt } from './art/KitchenLineArt.tsx';
import { LabFridgeArt } from './art/LabFridgeArt.tsx';
import { SupermarketAisleArt } from './art/SupermarketAisleArt.tsx';

const pieces: Record<ArtKey, ComponentType> = {
  general: GeneralArt,
  'upright-fridge': UprightFridgeArt,
  'upright-freezer': UprightFreezerArt,
  'display-fridge': DisplayFridgeArt,
  'ice-cream-freezer': IceCreamFreezerArt,
  'reach-in': ReachInArt,
  'cool-room': CoolRoomArt,
  repairs: RepairsArt,
  emergency: EmergencyArt,
  installation: InstallationArt,
  maintenance: MaintenanceArt,
  'kitchen-line': KitchenLineArt,
  'lab-fridge': LabFridgeArt,
  'supermarket-aisle': SupermarketAisleArt,
};

/** Decorative hero artwork, chosen by the page's `art` key: inline SVG rendered at build, so it costs no request and no script. */
export function HeroArt({ art = 'general' }: { art?: ArtKey | undefined }) {
  const Piece = pieces[art];
  return <Piece />;
}
