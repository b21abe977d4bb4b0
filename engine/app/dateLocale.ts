import { es } from 'date-fns/locale';

/** The Spanish date-fns locale object Blueprint's date pickers need (a locale code makes them load it at run time). */
export const dateLocale = es;
