/** The answers of the master service's client calls (server/routes/clients.ts), as far as the client detail reads them. */
import type { texts } from '../../engine/texts.ts';
import type { Client } from '../shared/types.ts';
import { clientTexts } from './texts.ts';

export type ExtraDataKey = keyof typeof clientTexts.extraData;

/** GET /api/v1/client/{id}: every stored field of the client. */
export interface ClientDetail extends Client {
  _id: number;
  birthday: string | null;
  address: string | null;
  addressDetail: string | null;
  isUnderage: boolean | null;
  isCompany: boolean | null;
  companyName: string | null;
  signature: string | null;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  extraData: Partial<Record<ExtraDataKey, string | string[] | null>> | null;
}

/** GET /api/v1/client/app-info/{masterID}: the client's app use (seconds, days, hours per day used). */
export interface AppInfo {
  totalTime: number;
  daysUsed: number;
  averageHours: number;
  firstUse: string | null;
  lastUse: string | null;
  last30DaysTime: number;
  last30DaysUsed: number;
}

const segment = encodeURIComponent;

export const clientPaths = {
  client: (id: string) => `/api/v1/client/${segment(id)}`,
  appInfo: (masterID: string) => `/api/v1/client/app-info/${segment(masterID)}`,
  bookings: (id: string) => `/api/v1/client/${segment(id)}/bookings`,
};

/** "Name Last name" of the client, as the heading shows it. */
export const fullName = (client: Pick<Client, 'name' | 'lastName'>) => [client.name, client.lastName].filter(Boolean).join(' ');
