import * as catalog from './catalog.ts';
import { Ctx, emailLocal } from './context.ts';
import { at, dayMs, isoDay, isoTime } from './days.ts';
import { Rng, Weighted } from './random.ts';
import type { Tables } from './rows.ts';

type Category = Tables['clients']['category'];

export interface Client {
  id: number;
  createdMs: number;
  category: Category;
  national: boolean;
  app: boolean;
  deleted: boolean;
  company: boolean;
  underage: boolean;
  name: string;
  lastName: string;
  email: string | null;
  document: string | null;
}

/** Clients sorted by sign-up, so a pick "as of" an instant only sees clients that existed then. */
export class Pool {
  private readonly members: Client[];

  constructor(members: Client[]) {
    this.members = [...members].sort((a, b) => a.createdMs - b.createdMs || a.id - b.id);
  }

  get size(): number {
    return this.members.length;
  }

  /** A member created before `beforeMs` (the earliest member if none was). */
  pick(rng: Rng, beforeMs: number): Client {
    let lo = 0;
    let hi = this.members.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.members[mid]!.createdMs <= beforeMs) lo = mid + 1;
      else hi = mid;
    }
    return this.members[lo === 0 ? 0 : rng.int(0, lo - 1)]!;
  }

  at(index: number): Client {
    return this.members[index % this.members.length]!;
  }
}

export interface ClientPools {
  all: Client[];
  /** "Consumidor final": the anonymous walk-in customer of the point of sale. */
  walkIn: Client;
  bookers: Pool;
  formerBookers: Pool;
  companies: Pool;
  internal: Pool;
  external: Pool;
  app: Pool;
}

const categories = new Weighted<Category>([['huesped', 40], ['cliente', 30], ['miembro', 12], ['socio', 6], ['empleado', 12]]);
const nationalityPick = new Weighted(catalog.nationalities.map((n) => [n, n.weight] as const));
const colombia = catalog.nationalities[0]!;
const appShare: Record<Category, number> = { miembro: 0.8, socio: 0.7, huesped: 0.3, cliente: 0.25, empleado: 0.5 };

function extraData(rng: Rng, first: string, last: string): Record<string, unknown> {
  const v = catalog.extraValues;
  const handle = emailLocal(first, last).replace(/\./g, '_');
  return {
    maritalStatus: rng.pick(v.maritalStatus),
    spokenLanguages: rng.pick(v.spokenLanguages),
    professionalApproach: rng.pick(v.professionalApproach),
    professionalTitle: rng.pick(v.professionalTitle),
    annualIncome: rng.pick(v.annualIncome),
    currentCompany: rng.pick(v.currentCompany),
    activitiesOfInterest: rng.pick(v.activitiesOfInterest),
    populationGroupPreference: rng.pick(v.populationGroupPreference),
    purposeOfTravel: rng.pick(v.purposeOfTravel),
    howDidYouHearAbout: rng.pick(v.howDidYouHearAbout),
    socialMediaProfile: rng.chance(0.7) ? `@${handle}` : '',
    transportationSystem: rng.pick(v.transportationSystem),
    linkedInProfile: rng.chance(0.5) ? `https://www.linkedin.com/in/${handle.replace(/_/g, '-')}` : '',
  };
}

export function personName(rng: Rng, names: catalog.NationalitySpec['names'], female: boolean): [string, string] {
  const first = rng.pick(female ? catalog.firstNames[names].f : catalog.firstNames[names].m);
  const pool = catalog.lastNames[names];
  const last = names === 'es' && rng.chance(0.7) ? `${rng.pick(pool)} ${rng.pick(pool)}` : rng.pick(pool);
  return [first, last];
}

export function documentFor(rng: Rng, type: string): string {
  if (type === 'CC') return rng.digits(rng.chance(0.6) ? 10 : 8);
  if (type === 'TI') return rng.digits(10);
  if (type === 'CE') return rng.digits(7);
  if (type === 'NIT') return `${rng.digits(9)}-${rng.int(0, 9)}`;
  return `${rng.alnum(2)}${rng.digits(7)}`;
}

/** Generates and writes every client; returns the pools the other generators draw from. */
export function buildClients(ctx: Ctx): ClientPools {
  const rng = ctx.rng('clients');
  const { span } = ctx;
  const spanDays = span.today - span.start;
  const companyCount = ctx.scale === 'small' ? 5 : catalog.companies.length;
  type Draft = { row: Omit<Tables['clients'], 'id'>; info: Omit<Client, 'id'> };
  const drafts: Draft[] = [];

  const createdFor = (early: boolean): number => {
    const day = early ? span.start - rng.int(1, 730) : span.start + Math.floor(Math.pow(rng.next(), 1.15) * spanDays);
    return at(day, rng.int(7 * 60, 22 * 60));
  };
  const updatedFor = (created: number): string => isoTime(Math.min(created + rng.exp(60) * dayMs, ctx.now));

  // The walk-in customer of the point of sale, older than everyone.
  const walkInCreated = at(span.start - 800, 8 * 60);
  drafts.push({
    row: {
      name: 'Consumidor', last_name: 'Final', email: null, phone: null, birthday: null, nationality: 'Colombia', gender: null,
      country: 'Colombia', state: 'Antioquia', city: 'Medellín', document_id: '222222222222', document_type: 'NIT',
      zipcode: '050021', address: null, address_detail: null, is_underage: false, is_company: false, company_name: null,
      master_id: null, category: 'cliente', deleted: false, photo: null, avatar: null, signature: null, extra_data: {},
      created_at: isoTime(walkInCreated), updated_at: isoTime(walkInCreated),
    },
    info: { createdMs: walkInCreated, category: 'cliente', national: true, app: false, deleted: false, company: false, underage: false,
      name: 'Consumidor', lastName: 'Final', email: null, document: '222222222222' },
  });

  for (let i = 0; i < companyCount; i++) {
    const [short, legal] = catalog.companies[i]!;
    const created = createdFor(true);
    const email = `reservas@${emailLocal(short).replace(/\./g, '')}.com.co`;
    const nit = documentFor(rng, 'NIT');
    drafts.push({
      row: {
        name: short, last_name: '', email, phone: `+57 604 ${rng.digits(3)} ${rng.digits(4)}`, birthday: null,
        nationality: 'Colombia', gender: null, country: 'Colombia', state: 'Antioquia', city: 'Medellín', document_id: nit,
        document_type: 'NIT', zipcode: '050021', address: `${rng.pick(catalog.streets)} # ${rng.int(1, 99)}-${rng.int(1, 99)}`,
        address_detail: rng.pick(catalog.addressDetails), is_underage: false, is_company: true, company_name: legal,
        master_id: null, category: 'cliente', deleted: false, photo: `clients/company-${i + 1}.png`, avatar: null, signature: null,
        extra_data: {}, created_at: isoTime(created), updated_at: updatedFor(created),
      },
      info: { createdMs: created, category: 'cliente', national: true, app: false, deleted: false, company: true, underage: false,
        name: short, lastName: '', email, document: nit },
    });
  }

  const people = ctx.params.clients - drafts.length;
  for (let i = 0; i < people; i++) {
    const category = categories.pick(rng);
    const nat = category === 'empleado' || category === 'socio' ? (rng.chance(0.9) ? colombia : nationalityPick.pick(rng)) : nationalityPick.pick(rng);
    const female = rng.chance(0.5);
    const [first, last] = personName(rng, nat.names, female);
    const underage = category === 'huesped' && rng.chance(0.03);
    const age = underage ? rng.int(6, 17) : rng.int(19, 72);
    const docType = underage && nat === colombia ? 'TI' : nat.doc;
    const [state, city, zip] = rng.pick(nat.places);
    const created = createdFor(rng.chance(0.18));
    const app = !underage && rng.chance(appShare[category]);
    const deleted = rng.chance(0.035);
    const email = rng.chance(0.05)
      ? null
      : `${emailLocal(first.split(' ')[0]!, last.split(' ')[0]!)}${rng.chance(0.5) ? rng.int(1, 99) : ''}@${rng.pick(catalog.emailDomains)}`;
    const document = documentFor(rng, docType);
    const withExtra = rng.chance(app ? 0.9 : 0.55);
    const masterSalt = rng.hex(16);
    drafts.push({
      row: {
        name: first, last_name: last, email,
        phone: `${nat.phone} ${nat.phone === '+57' ? `3${rng.digits(2)}` : rng.digits(3)} ${rng.digits(3)} ${rng.digits(4)}`,
        birthday: isoDay(span.today - age * 365 - rng.int(0, 364)),
        nationality: nat.nationality,
        gender: rng.chance(0.01) ? 'Otro' : female ? 'Femenino' : 'Masculino',
        country: nat.country, state, city, document_id: document, document_type: docType, zipcode: zip,
        address: rng.chance(0.8) ? `${rng.pick(catalog.streets)} # ${rng.int(1, 99)}-${rng.int(1, 99)}` : null,
        address_detail: rng.chance(0.5) ? rng.pick(catalog.addressDetails) : null,
        is_underage: underage, is_company: false, company_name: null,
        // Filled in once the id is known: a 24-hex id of the app's master service.
        master_id: app ? masterSalt : null,
        category, deleted,
        photo: rng.chance(0.6) ? 'pending' : null,
        avatar: app ? 'pending' : null,
        signature: (category === 'huesped' || category === 'cliente') && rng.chance(0.4) ? 'pending' : null,
        extra_data: withExtra ? extraData(rng, first.split(' ')[0]!, last.split(' ')[0]!) : {},
        created_at: isoTime(created), updated_at: updatedFor(created),
      },
      info: { createdMs: created, category, national: nat === colombia, app, deleted, company: false, underage,
        name: first, lastName: last, email, document },
    });
  }

  // Ids follow sign-up order, like the operator's own sequence.
  drafts.sort((a, b) => a.info.createdMs - b.info.createdMs);
  const all: Client[] = drafts.map((d, i) => {
    const id = i + 1;
    const row = d.row;
    if (row.master_id) row.master_id = `${row.master_id}${id.toString(16).padStart(8, '0')}`;
    if (row.photo) row.photo = `clients/${id}.jpg`;
    if (row.avatar) row.avatar = `avatars/${id}.png`;
    if (row.signature) row.signature = `signatures/${id}.png`;
    ctx.out.row('clients', { id, ...row });
    return { id, ...d.info };
  });

  const walkIn = all[0]!;
  const people_ = all.filter((c) => c !== walkIn);
  const canBook = (c: Client) => !c.company && !c.underage && c.category !== 'empleado';
  return {
    all,
    walkIn,
    bookers: new Pool(people_.filter((c) => canBook(c) && !c.deleted)),
    formerBookers: new Pool(people_.filter((c) => canBook(c) && c.deleted)),
    companies: new Pool(people_.filter((c) => c.company)),
    internal: new Pool(people_.filter((c) => (c.category === 'empleado' || c.category === 'socio') && !c.deleted)),
    external: new Pool(people_.filter((c) => c.category !== 'empleado' && c.category !== 'socio' && !c.company && !c.deleted)),
    app: new Pool(people_.filter((c) => c.app && !c.deleted)),
  };
}
