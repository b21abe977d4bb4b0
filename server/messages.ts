/** Every message the API sends to a client, in Spanish: the one catalogue of server texts. */
export const messages = {
  badRequest: 'La solicitud no es válida.',
  invalidParameter: (where: string, reason: string) => `Parámetro no válido «${where}»: ${reason}`,
  unknownParameter: (name: string) => `Parámetro no reconocido «${name}».`,
  bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido.',
  unsupportedMediaType: 'Tipo de contenido no admitido.',
  notFound: 'Recurso no encontrado.',
  routeNotFound: (method: string, url: string) => `No existe la ruta ${method} ${url}.`,
  bookingNotFound: (ref: string) => `No existe la reserva «${ref}».`,
  orderNotFound: (id: number) => `No existe la orden ${id}.`,
  userNotFound: (id: number) => `No existe el usuario ${id}.`,
  paymentNotFound: (id: number) => `No existe el pago ${id}.`,
  trmMissing: 'No hay TRM registrada para la fecha.',
  authRequired: 'Debe iniciar sesión.',
  authInvalid: 'La sesión no es válida o ha expirado. Inicie sesión de nuevo.',
  loginFailed: 'Los datos no coinciden. Por favor intente de nuevo.',
  loginThrottled: (seconds: number) =>
    `Demasiados intentos de inicio de sesión. Intente de nuevo en ${Math.ceil(seconds / 60)} minuto(s).`,
  noPermission: 'No Permission',
  serverError: 'Error interno del servidor. Intente de nuevo más tarde.',
  databaseUnavailable: 'La base de datos no responde.',
} as const;
