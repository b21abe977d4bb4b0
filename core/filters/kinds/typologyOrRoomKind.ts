import { z } from 'zod';
import { texts } from '../../texts.ts';
import type { FilterKindModule } from '../filterKind.ts';
import { describeItems, itemsFromUrl, itemsToUrl, lookupItemSchema } from './lookupKind.ts';

const modeKey = (id: string) => `${id}.mode`;
const modeLabel = { typology: texts.filters.typology, room: texts.filters.room } as const;

export const typologyOrRoomKind: FilterKindModule<'typologyOrRoom'> = {
  label: () => texts.filters.typologyOrRoom,
  defaultValue: () => ({ mode: 'typology', items: [] }),
  schema: () => z.object({ mode: z.enum(['typology', 'room']), items: z.array(lookupItemSchema) }),

  toQuery(filter, value) {
    const param = value.mode === 'typology' ? filter.param.typology : filter.param.place;
    return value.items.map((item) => [param, item.id]);
  },

  toUrl: (filter, value) => [[modeKey(filter.id), value.mode], ...itemsToUrl(filter.id, value.items)],

  fromUrl(filter, params) {
    const mode = params.get(modeKey(filter.id));
    const items = itemsFromUrl(filter.id, params);
    if (mode === null && items === undefined) return undefined;
    return { mode: mode === 'room' ? 'room' : 'typology', items: items ?? [] };
  },

  urlKeys: (filter) => [filter.id, modeKey(filter.id)],

  describe(_filter, value) {
    const names = describeItems(value.items);
    return names && `${modeLabel[value.mode]}: ${names}`;
  },
};
