import {
  Activity, TriangleAlert, Apple, Award, BadgeCheck, Beef, Beer, Bell, Box, Boxes, Building2, Calculator, Calendar,
  CalendarCheck, ChartLine, Check, ChefHat, ClipboardCheck, Clock, CloudSun, Coffee, Cog, Container, Cpu, DollarSign,
  DoorOpen, Droplets, Eye, Factory, Fan, FileText, Fish, Flame, FlaskConical, Forklift, Gauge, Hammer, Handshake, HardHat,
  Headset, HeartPulse, Hospital, Hotel, Hourglass, House, IceCreamCone, Layers, Leaf, Lightbulb, ListChecks, Lock, Mail,
  MapPin, Microscope, Milk, Monitor, Mountain, Package, PawPrint, Percent, Phone, PiggyBank, Pizza, Plug, Power, Receipt,
  Recycle, Refrigerator, Route, Ruler, Scale, Search, Settings, Ship, ShieldCheck, ShoppingCart, Signal, Siren, Smartphone,
  Snowflake, Soup, Sparkles, Star, Stethoscope, Store, Sun, Syringe, TestTube, Thermometer, Timer, Tractor, TrendingUp,
  Truck, Users, Utensils, Warehouse, Waves, Wheat, Wifi, Wind, Wine, Wrench, Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../lib/icon-names.ts';

const icons: Record<IconName, LucideIcon> = {
  activity: Activity, alert: TriangleAlert, apple: Apple, award: Award, 'badge-check': BadgeCheck, beef: Beef, beer: Beer,
  bell: Bell, box: Box, boxes: Boxes, building: Building2, calculator: Calculator, calendar: Calendar,
  'calendar-check': CalendarCheck, 'chart-line': ChartLine, check: Check, 'chef-hat': ChefHat,
  'clipboard-check': ClipboardCheck, clock: Clock, 'cloud-sun': CloudSun, coffee: Coffee, cog: Cog, container: Container,
  cpu: Cpu, dollar: DollarSign, 'door-open': DoorOpen, droplets: Droplets, eye: Eye, factory: Factory, fan: Fan,
  'file-text': FileText, fish: Fish, flame: Flame, flask: FlaskConical, forklift: Forklift, gauge: Gauge, hammer: Hammer,
  handshake: Handshake, 'hard-hat': HardHat, headset: Headset, 'heart-pulse': HeartPulse, hospital: Hospital, hotel: Hotel,
  hourglass: Hourglass, house: House, 'ice-cream': IceCreamCone, layers: Layers, leaf: Leaf, lightbulb: Lightbulb,
  'list-checks': ListChecks, lock: Lock, mail: Mail, 'map-pin': MapPin, microscope: Microscope, milk: Milk,
  monitor: Monitor, mountain: Mountain, package: Package, 'paw-print': PawPrint, percent: Percent, phone: Phone,
  'piggy-bank': PiggyBank, pizza: Pizza, plug: Plug, power: Power, receipt: Receipt, recycle: Recycle,
  refrigerator: Refrigerator, route: Route, ruler: Ruler, scale: Scale, search: Search, settings: Settings, ship: Ship,
  'shield-check': ShieldCheck, 'shopping-cart': ShoppingCart, signal: Signal, siren: Siren, smartphone: Smartphone,
  snowflake: Snowflake, soup: Soup, sparkles: Sparkles, star: Star, stethoscope: Stethoscope, store: Store, sun: Sun,
  syringe: Syringe, 'test-tube': TestTube, thermometer: Thermometer, timer: Timer, tractor: Tractor,
  'trending-up': TrendingUp, truck: Truck, users: Users, utensils: Utensils, warehouse: Warehouse, waves: Waves,
  wheat: Wheat, wifi: Wifi, wind: Wind, wine: Wine, wrench: Wrench, zap: Zap,
};

interface IconProps {
  name: IconName;
  className?: string;
}

/** A decorative icon, rendered to inline SVG at build time and hidden from assistive technology. */
export function Icon({ name, className = 'size-6' }: IconProps) {
  const Component = icons[name];
  return <Component className={className} aria-hidden="true" focusable="false" />;
}
