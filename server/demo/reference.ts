import { createHash } from 'node:crypto';
import * as catalog from './catalog.ts';
import { hashPassword, passwordSaltBytes } from '../db/passwordHash.ts';
import { Ctx, emailLocal } from './context.ts';
import { demoEmployee, restrictedEmployee, staffPassword } from './demoAccounts.ts';
import { at, isoTime } from './days.ts';
import { Weighted } from './random.ts';
import type { Tables } from './rows.ts';

export type Role = 'gerencia' | 'recepcion' | 'mesero' | 'barista' | 'bartender' | 'cajero' | 'housekeeping' | 'mantenimiento' | 'servicios';

const staffPerRole: Record<Role, number> = {
  gerencia: 2, recepcion: 3, mesero: 2, barista: 1, bartender: 1, cajero: 1, housekeeping: 3, mantenimiento: 1, servicios: 1,
};

export interface Room {
  id: number;
  name: string;
  typology: catalog.TypologySpec;
  typologyId: number;
}

export interface Space {
  id: number;
  spec: catalog.SpaceSpec;
}

export interface Product {
  id: number;
  name: string;
  price: number;
  cost: number;
  taxType: string;
  taxPercent: number;
  business: catalog.PosBusinessKey;
}

export interface Service {
  id: number;
  name: string;
  price: number;
}

export interface Area {
  id: number;
  name: string;
  options: { id: number; name: string }[];
}

/** The operator's fixed setup: rooms, spaces, units, staff, menus, services and housekeeping areas. */
export interface World {
  rooms: Room[];
  spaces: Space[];
  business: Record<catalog.BusinessSpec['key'], number>;
  businessName: Map<number, string>;
  staff: Record<Role, number[]>;
  /** An inactive employee who served until the middle of the span. */
  formerWaiter: number;
  employeeName: Map<number, string>;
  products: Record<catalog.PosBusinessKey, { list: Product[]; weighted: Weighted<Product> }>;
  services: Service[];
  areas: Record<'habitaciones' | 'zonas' | 'lavanderia' | 'mantenimiento', Area>;
}

/** Each employee's salt derives from the seed and the e-mail: reproducible, and never shared. */
function demoPasswordHash(seed: number, email: string, password: string): Promise<string> {
  return hashPassword(password, createHash('sha256').update(`mirador-demo:${seed}:${email}`).digest().subarray(0, passwordSaltBytes));
}

export async function buildWorld(ctx: Ctx): Promise<World> {
  const { out, params } = ctx;
  const rng = ctx.rng('reference');

  catalog.typologies.forEach((t, i) => {
    const slug = emailLocal(t.name).replace(/\./g, '-');
    out.row('typologies', { id: i + 1, name: t.name, photos: [`${slug}-1.jpg`, `${slug}-2.jpg`, `${slug}-3.jpg`] });
  });

  // Rooms per typology by share, numbered floor by floor (8 units per floor).
  const totalShare = catalog.typologies.reduce((s, t) => s + t.share, 0);
  const perTypology = catalog.typologies.map((t) => Math.max(1, Math.floor((params.rooms * t.share) / totalShare)));
  for (let i = 0; perTypology.reduce((a, b) => a + b, 0) < params.rooms; i++) perTypology[i % perTypology.length]! += 1;
  const rooms: Room[] = [];
  let unit = 0;
  catalog.typologies.forEach((t, ti) => {
    for (let k = 0; k < perTypology[ti]!; k++) {
      const floor = 1 + Math.floor(unit / 8);
      const tower = params.rooms > 300 ? ` ${'ABCDEFGH'[Math.floor(unit / 320) % 8]}` : '';
      const number = `${floor}${String((unit % 8) + 1).padStart(2, '0')}`;
      unit++;
      rooms.push({ id: rooms.length + 1, name: `${t.roomPrefix}${tower} ${number}`, typology: t, typologyId: ti + 1 });
    }
  });
  for (const room of rooms) {
    out.row('places', {
      id: room.id, name: room.name, typology_id: room.typologyId, is_space: false, status: false,
      with_reservation: false, deleted: false,
    });
  }
  const spaces: Space[] = [];
  for (const spec of catalog.spaces.slice(0, params.spaces)) {
    const id = rooms.length + spaces.length + 1;
    spaces.push({ id, spec });
    out.row('places', {
      id, name: spec.name, typology_id: null, is_space: true, status: spec.status ?? false,
      with_reservation: spec.withReservation, deleted: spec.deleted ?? false,
    });
  }

  const business = {} as World['business'];
  const businessName = new Map<number, string>();
  catalog.businesses.forEach((b, i) => {
    business[b.key] = i + 1;
    businessName.set(i + 1, b.name);
    out.row('businesses', { id: i + 1, name: b.name, is_service: b.isService, is_business: b.isBusiness });
  });

  // Employees: the two demo accounts first, then the staff of each role.
  const staff = Object.fromEntries(Object.keys(staffPerRole).map((r) => [r, [] as number[]])) as unknown as World['staff'];
  const employeeName = new Map<number, string>();
  const emails = new Set<string>();
  const hiredAt = () => isoTime(at(ctx.span.start - rng.int(30, 900), 8 * 60));
  const employeeRows: Omit<Tables['employees'], 'password_hash'>[] = [];
  const hashes: Promise<string>[] = [];
  const addEmployee = (role: Role, name: string, lastName: string, email: string, password: string, canSeeTips: boolean, active = true) => {
    const id = employeeName.size + 1;
    emails.add(email);
    employeeName.set(id, `${name} ${lastName}`);
    if (active) staff[role].push(id);
    hashes.push(demoPasswordHash(ctx.seed, email, password));
    employeeRows.push({
      id, name, last_name: lastName, email, avatar: `employees/${id}.jpg`, can_see_tips: canSeeTips, active, created_at: hiredAt(),
    });
  };
  addEmployee('gerencia', 'Mariana', 'Ospina Restrepo', demoEmployee.email, demoEmployee.password, true);
  addEmployee('recepcion', 'Andrés', 'Cardona Vélez', restrictedEmployee.email, restrictedEmployee.password, false);
  const names = catalog.firstNames.es;
  for (const role of Object.keys(staffPerRole) as Role[]) {
    const wanted = staffPerRole[role] * params.staffFactor - (role === 'gerencia' || role === 'recepcion' ? 1 : 0);
    for (let k = 0; k < wanted; k++) {
      const female = rng.chance(0.5);
      const name = rng.pick(female ? names.f : names.m);
      const lastName = `${rng.pick(catalog.lastNames.es)} ${rng.pick(catalog.lastNames.es)}`;
      let email = `${emailLocal(name.split(' ')[0]!, lastName.split(' ')[0]!)}@mirador.test`;
      for (let n = 2; emails.has(email); n++) email = `${emailLocal(name.split(' ')[0]!, lastName.split(' ')[0]!)}${n}@mirador.test`;
      const canSeeTips = role === 'gerencia' || role === 'cajero' || role === 'mesero';
      addEmployee(role, name, lastName, email, staffPassword, canSeeTips);
    }
  }
  // One former waiter: can no longer sign in but still appears on old orders.
  addEmployee('mesero', 'Hernán', 'Toro Gil', 'hernan.toro@mirador.test', staffPassword, false, false);
  const formerWaiter = employeeName.size;
  const passwordHashes = await Promise.all(hashes);
  employeeRows.forEach((row, i) => out.row('employees', { ...row, password_hash: passwordHashes[i]! }));

  const products = {} as World['products'];
  let productId = 0;
  for (const key of ['restaurante', 'bar', 'cafe', 'minimarket'] as const) {
    const list: Product[] = catalog.products[key].map(([name, price, costShare, taxType, taxPercent]) => ({
      id: ++productId, name, price, cost: Math.round((price * costShare) / 100) * 100, taxType, taxPercent, business: key,
    }));
    for (const p of list) {
      out.row('pos_products', {
        id: p.id, business_id: business[key], name: p.name, price: p.price, cost_item: p.cost, tax_type: p.taxType, tax_percent: p.taxPercent,
      });
    }
    // Popularity: earlier menu items sell more, with some noise.
    products[key] = { list, weighted: new Weighted(list.map((p, i) => [p, (1 / (1 + 0.18 * i)) * rng.uniform(0.6, 1.4)] as const)) };
  }

  const services = catalog.serviceSpecs.map(([name, price], i) => ({ id: i + 1, name, price }));
  for (const s of services) out.row('services', { id: s.id, name: s.name, business_id: business.servicios });

  let optionId = 0;
  const areaList = catalog.areas.map((a, i) => {
    out.row('areas', { id: i + 1, name: a.name });
    return {
      id: i + 1,
      name: a.name,
      options: a.options.map(([name, color]) => {
        out.row('task_options', { id: ++optionId, area_id: i + 1, name, color });
        return { id: optionId, name };
      }),
    };
  });
  const areas = { habitaciones: areaList[0]!, zonas: areaList[1]!, lavanderia: areaList[2]!, mantenimiento: areaList[3]! };

  return { rooms, spaces, business, businessName, staff, formerWaiter, employeeName, products, services, areas };
}
