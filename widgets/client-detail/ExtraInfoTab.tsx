import { FieldList, type Field } from '../shared/FieldList.tsx';
import type { ClientDetail, ExtraDataKey } from './clientApi.ts';
import { clientTexts } from './texts.ts';

const t = clientTexts;

/** Extra info: every extra-data answer of the client under its Spanish label; lists joined by commas. */
export function ExtraInfoTab({ extraData }: { extraData: ClientDetail['extraData'] }) {
  const fields: Field[] = (Object.keys(t.extraData) as ExtraDataKey[]).map((key) => {
    const value = extraData?.[key];
    return { label: t.extraData[key], value: Array.isArray(value) ? value.join(', ') : value };
  });
  return <FieldList label={t.tabs.extra} fields={fields} />;
}
