/** A client's fields as the detail panels label them (booking owner, client detail). */
export const clientFields = {
  name: 'Nombre',
  lastName: 'Apellido',
  documentType: 'Tipo de documento',
  documentId: 'Documento',
  email: 'Correo electrónico',
  nationality: 'Nacionalidad',
  gender: 'Género',
  category: 'Categoría',
  country: 'País',
  state: 'Departamento',
  city: 'Ciudad',
  zipcode: 'Código postal',
  phone: 'Teléfono',
  appId: 'ID app',
} as const;

/** Spanish texts every widget shares. */
export const widgetTexts = {
  loadError: 'No se pudo cargar esta información.',
  notFound: 'Esta información no existe.',
} as const;
